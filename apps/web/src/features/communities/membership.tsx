import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import type { CommunityDetail, CommunitySummary } from '@juntos/domain';
import { applyMembership, diseaseCommunityQuery, joinCommunity, leaveCommunity } from './communities-api';
import './communities.css';

/**
 * One polite live region per page says what a join or leave did. It stays on the page (a card can
 * move from "suggested" to "my communities" and unmount while the message is read).
 */
const AnnounceContext = createContext<(text: string) => void>(() => undefined);

export function MembershipAnnouncer({ children }: { children: ReactNode }) {
  const [text, setText] = useState('');
  return (
    <AnnounceContext.Provider value={setText}>
      <p role="status" className="community-status">
        {text}
      </p>
      {children}
    </AnnounceContext.Provider>
  );
}

/**
 * The community's id, creating a disease community first when nobody has opened it yet (the
 * lists offer it by its ORPHA code only).
 */
async function communityIdOf(
  community: CommunitySummary,
  fetchDisease: (orphacode: number) => Promise<CommunityDetail>,
) {
  if (community.id !== null) return community.id;
  if (community.orphacode === null) throw new Error('A community without id nor ORPHA code');
  return (await fetchDisease(community.orphacode)).id;
}

/** Join or leave, for a card or a community's page; the result is announced and shown at once. */
export function MembershipButton({ community }: { community: CommunitySummary }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const announce = useContext(AnnounceContext);
  const change = useMutation({
    mutationFn: async () => {
      const id = await communityIdOf(community, (orphacode) =>
        queryClient.fetchQuery(diseaseCommunityQuery(orphacode)),
      );
      return { id, membership: await (community.joined ? leaveCommunity(id) : joinCommunity(id)) };
    },
    onSuccess: async ({ id, membership }) => {
      announce(
        t(membership.joined ? 'communities.joined_now' : 'communities.left_now', { name: community.name }),
      );
      await applyMembership(queryClient, id, membership);
    },
    // The server says why when it refuses (the membership limit, a community gone).
    onError: (error) =>
      announce(
        error instanceof ApiRequestError && error.body ? error.body.error : t('communities.membership_error'),
      ),
  });
  return (
    <Button
      variant={community.joined ? 'secondary' : 'primary'}
      size="small"
      disabled={change.isPending}
      onClick={() => change.mutate()}
    >
      {community.joined ? t('communities.leave') : t('communities.join')}
      <span className="visually-hidden"> {community.name}</span>
    </Button>
  );
}

/** The page's announcer, for other changes of membership (the member-list choice). */
export const useAnnounce = () => useContext(AnnounceContext);
