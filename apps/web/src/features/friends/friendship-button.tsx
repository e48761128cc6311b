import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { FriendshipStatus } from '@juntos/domain';
import { ApiRequestError } from '../../lib/api-client';
import { friendKeys, sendRequest, unfollow } from './friends-api';
import { Button } from '../../components/ui/button';

/**
 * The friendship button of spec §4: nothing for oneself, a disabled "request pending" or
 * "request received", "stop following" for a friend, otherwise "send a friend request". After a
 * change the status is read again (`onChanged`).
 */
export function FriendshipButton({
  memberId,
  status,
  errorKey,
  onChanged,
}: {
  memberId: number;
  status: FriendshipStatus;
  errorKey: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: () => (status === 'accepted' ? unfollow(memberId) : sendRequest(memberId)),
    onSuccess: async () => {
      toast.success(status === 'accepted' ? t('friends.unfollowed') : t('public_profile.request_sent'));
      await queryClient.invalidateQueries({ queryKey: friendKeys.all });
      onChanged();
    },
    onError: (error) =>
      toast.error(
        // A refusal with a reason the member can act on or should know (a minor's account still
        // being checked) is the server's own words; anything else is the screen's general message.
        error instanceof ApiRequestError && error.body?.code === 'minor_review_pending'
          ? error.body.error
          : t(status === 'accepted' ? 'friends.unfollow_error' : errorKey),
      ),
  });
  if (status === 'self') return null;
  if (status === 'pending' || status === 'received')
    return (
      <Button size="small" aria-disabled="true">
        {t(`public_profile.friendship.${status}`)}
      </Button>
    );
  return (
    <Button
      size="small"
      variant={status === 'accepted' ? 'secondary' : 'primary'}
      aria-disabled={change.isPending || undefined}
      onClick={() => {
        if (!change.isPending) change.mutate();
      }}
    >
      {status === 'accepted' ? t('public_profile.friendship.unfollow') : t('public_profile.friendship.send')}
    </Button>
  );
}
