import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { muteRoutes } from '@juntos/domain';
import { apiCall } from '../../lib/api-client';

export const muteKeys = { all: ['mutes'] as const };
export const mutesQuery = () =>
  queryOptions({ queryKey: muteKeys.all, queryFn: () => apiCall(muteRoutes.list) });

type Target = { kind: 'member' | 'community'; id: number; name: string };

const request = ({ kind, id }: Target, mute: boolean) =>
  apiCall(
    kind === 'member'
      ? mute
        ? muteRoutes.muteMember
        : muteRoutes.unmuteMember
      : mute
        ? muteRoutes.muteCommunity
        : muteRoutes.unmuteCommunity,
    { params: { id } },
  );

/**
 * Whether a member or community is muted, and the switch: after a change every list on screen is
 * read again (the server leaves muted content out of feeds, comments and notifications), and a
 * message says what changed.
 */
export function useMute(target: Target) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutes = useQuery(mutesQuery());
  const list = target.kind === 'member' ? mutes.data?.members : mutes.data?.communities;
  const muted = list?.some((item) => item.id === target.id) ?? false;
  const change = useMutation({
    mutationFn: (mute: boolean) => request(target, mute),
    onSuccess: async (_answer, mute) => {
      toast.success(t(`mutes.${target.kind}_${mute ? 'muted' : 'unmuted'}`, { name: target.name }));
      // Feeds, comments and notifications all change: everything shown is asked again.
      await queryClient.invalidateQueries();
    },
    onError: () => toast.error(t('mutes.error')),
  });
  return { muted, ready: mutes.isSuccess, busy: change.isPending, toggle: () => change.mutate(!muted) };
}
