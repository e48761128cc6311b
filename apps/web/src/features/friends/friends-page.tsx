import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { MemberSummary } from '../../components/member-summary';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { useDocumentTitle } from '../../lib/use-document-title';
import { blockedMembersQuery, friendKeys, friendListQuery, unblockMember, unfollow } from './friends-api';
import { MutedList } from '../mutes/muted-list';
import '../../components/member-summary.css';

/** /buscar/amigos (spec §2 "Friends list"), with the members the viewer blocked and a way back. */
export default function FriendsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.buscar_amigos'));
  const queryClient = useQueryClient();
  const friends = useQuery(friendListQuery());
  const blocked = useQuery(blockedMembersQuery());
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
      <QueryState query={friends} errorText={t('friends.load_error')}>
        {(list) =>
          list.length === 0 ? (
            <p>{t('friends.empty')}</p>
          ) : (
            <ul className="member-list">
              {list.map((friend) => (
                <li key={friend.id}>
                  <MemberSummary member={friend}>
                    <Button size="small" onClick={() => stop.mutate(friend.id)}>
                      {t('friends.unfollow')}{' '}
                      <span className="visually-hidden">{[friend.nombre, friend.apellidos].join(' ')}</span>
                    </Button>
                  </MemberSummary>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <h2>{t('friends.blocked_title')}</h2>
      {blocked.data && blocked.data.length === 0 && <p>{t('friends.no_blocked')}</p>}
      {blocked.data && blocked.data.length > 0 && (
        <ul className="member-list">
          {blocked.data.map((member) => {
            // Someone blocked from out of reach comes without a name (issue 32): said so, not blank.
            const name = [member.nombre, member.apellidos].join(' ').trim() || t('friends.blocked_unnamed');
            return (
              <li key={member.id} className="member-summary">
                <span className="member-summary__name">{name}</span>
                <Button size="small" onClick={() => unblock.mutate(member.id)}>
                  {t('friends.unblock')} <span className="visually-hidden">{name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <MutedList />
    </section>
  );
}
