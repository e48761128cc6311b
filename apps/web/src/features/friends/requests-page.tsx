import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { MemberSummary } from '../../components/member-summary';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { useDocumentTitle } from '../../lib/use-document-title';
import { answerRequest, friendKeys, friendRequestsQuery } from './friends-api';
import { Button } from '../../components/ui/button';
import '../../components/member-summary.css';

/** /solicitudes (spec §2 "Friend requests"): received requests with accept and decline. */
export default function RequestsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.solicitudes'));
  const queryClient = useQueryClient();
  const requests = useQuery(friendRequestsQuery());
  const answer = useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) => answerRequest(id, accept),
    onSuccess: async (_answer, { accept }) => {
      toast.success(accept ? t('requests.accepted') : t('requests.rejected'));
      await queryClient.invalidateQueries({ queryKey: friendKeys.all });
    },
    onError: () => toast.error(t('requests.error')),
  });

  return (
    <section className="page page--narrow">
      <h1>{t('requests.title')}</h1>
      <MinorReviewNotice />
      <QueryState query={requests} errorText={t('requests.load_error')}>
        {(list) =>
          list.length === 0 ? (
            <p>{t('requests.empty')}</p>
          ) : (
            <ul className="member-list">
              {list.map((request) => {
                const name = [request.nombre, request.apellidos].join(' ');
                return (
                  <li key={request.id}>
                    <MemberSummary member={{ ...request, id: request.sender_id }}>
                      <Button
                        variant="primary"
                        size="small"
                        onClick={() => answer.mutate({ id: request.id, accept: true })}
                      >
                        {t('requests.accept')} <span className="visually-hidden">{name}</span>
                      </Button>
                      <Button size="small" onClick={() => answer.mutate({ id: request.id, accept: false })}>
                        {t('requests.reject')} <span className="visually-hidden">{name}</span>
                      </Button>
                    </MemberSummary>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
