import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/ui/page-loading';
import { MemberSummary } from '../../components/member-summary';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { useDocumentTitle } from '../../lib/use-document-title';
import { fetchBlocked, fetchFriends, friendKeys, unblockMember, unfollow } from './friends-api';

/** /buscar/amigos (spec §2 "Friends list"), with the members the viewer blocked and a way back. */
export default function FriendsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.buscar_amigos'));
  const queryClient = useQueryClient();
  const friends = useQuery({ queryKey: friendKeys.list, queryFn: fetchFriends });
  const blocked = useQuery({ queryKey: friendKeys.blocked, queryFn: fetchBlocked });
  const refresh = () => queryClient.invalidateQueries({ queryKey: friendKeys.all });
  const stop = useMutation({
    mutationFn: unfollow,
    onSuccess: async () => {
      toast.success(t('friends.unfollowed'));
      await refresh();
    },
    onError: () => toast.error(t('friends.unfollow_error')),
  });
  const unblock = useMutation({
    mutationFn: unblockMember,
    onSuccess: async () => {
      toast.success(t('friends.unblocked'));
      await refresh();
    },
  });

  return (
    <section className="page page--narrow">
      <h1>{t('friends.title')}</h1>
      <MinorReviewNotice />
      {friends.isPending ? (
        <PageLoading />
      ) : friends.isError ? (
        <p role="alert" className="message message--error">
          {t('friends.load_error')}
        </p>
      ) : friends.data.length === 0 ? (
        <p>{t('friends.empty')}</p>
      ) : (
        <ul className="member-list">
          {friends.data.map((friend) => (
            <li key={friend.id}>
              <MemberSummary member={friend}>
                <button type="button" className="button button--small" onClick={() => stop.mutate(friend.id)}>
                  {t('friends.unfollow')}{' '}
                  <span className="visually-hidden">{[friend.nombre, friend.apellidos].join(' ')}</span>
                </button>
              </MemberSummary>
            </li>
          ))}
        </ul>
      )}
      <h2>{t('friends.blocked_title')}</h2>
      {blocked.data && blocked.data.length === 0 && <p>{t('friends.no_blocked')}</p>}
      {blocked.data && blocked.data.length > 0 && (
        <ul className="member-list">
          {blocked.data.map((member) => (
            <li key={member.id} className="member-summary">
              <span className="member-summary__name">{[member.nombre, member.apellidos].join(' ')}</span>
              <button
                type="button"
                className="button button--small"
                onClick={() => unblock.mutate(member.id)}
              >
                {t('friends.unblock')}{' '}
                <span className="visually-hidden">{[member.nombre, member.apellidos].join(' ')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
