import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
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

/**
 * Join or leave, for a card or a community's page; the result is announced and shown at once. A
 * community with rules is joined by reading and accepting them (issue 35): on its page the
 * button opens them (`onJoinWithRules`), on a card it leads to the page.
 */
export function MembershipButton({
  community,
  onJoinWithRules,
}: {
  community: CommunitySummary;
  onJoinWithRules?: () => void;
}) {
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
  if (!community.joined && community.rules_version !== null && community.id !== null) {
    if (onJoinWithRules)
      return (
        <Button variant="primary" size="small" onClick={onJoinWithRules}>
          {t('communities.join')}
          <span className="visually-hidden"> {community.name}</span>
        </Button>
      );
    return (
      <Link
        to={`/comunidades/${community.id}`}
        className={buttonClass({ variant: 'primary', size: 'small' })}
      >
        {t('hosts.read_rules_to_join')}
        <span className="visually-hidden"> {community.name}</span>
      </Link>
    );
  }
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
