import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupporterAction } from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { supporterActivity, supporterKeys } from './supporters-api';
import { dateTimeFormat } from '../../lib/intl-formats';

/** The actions of the activity list with words of their own; any other is told by its permission and kind. */
const NAMED_ACTIONS: Readonly<Record<string, string>> = {
  'POST /api/posts/': 'post_written',
  'PUT /api/posts/:id/': 'post_changed',
  'DELETE /api/posts/:id/': 'post_deleted',
  'POST /api/posts/:id/comment/': 'comment_written',
  'POST /api/posts/:id/like/': 'post_liked',
  'POST /api/comunidades/:id/publicaciones/': 'community_post_written',
  'POST /api/gallery/images/': 'picture_added',
  'WS chat_message': 'message_sent',
  'PUT /api/profile/': 'profile_changed',
};

const KIND_BY_METHOD: Readonly<Record<string, string>> = {
  POST: 'added',
  PUT: 'changed',
  PATCH: 'changed',
  DELETE: 'removed',
};

/** "What your supporters did": every action of every supporter, newest first, a page at a time. */
export function SupporterActivityList() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const pages = useInfiniteQuery({
    queryKey: supporterKeys.activity,
    queryFn: ({ pageParam }) => supporterActivity(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  const time = dateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const describe = (action: SupporterAction) => {
    const named = NAMED_ACTIONS[action.route];
    if (named) return t(`supporters.activity.actions.${named}`);
    const kind = KIND_BY_METHOD[action.route.split(' ')[0] ?? ''] ?? 'changed';
    return t(`supporters.activity.kinds.${kind}`, { area: t(`supporters.permissions.${action.scope}`) });
  };
  return (
    <section aria-labelledby={headingId} className="supporters__section">
      <h2 id={headingId}>{t('supporters.activity.title')}</h2>
      <p>{t('supporters.activity.intro')}</p>
      <QueryState query={pages} errorText={t('supporters.load_error')}>
        {(data) => {
          const actions = data.pages.flatMap((page) => page.actions);
          if (actions.length === 0) return <p>{t('supporters.activity.none')}</p>;
          return (
            <>
              <ul className="supporters__activity">
                {actions.map((action) => (
                  <li key={action.id}>
                    <time dateTime={action.created_at}>{time.format(new Date(action.created_at))}</time>
                    {' · '}
                    <strong>{action.supporter?.nombre || t('supporters.activity.former')}</strong>
                    {' · '}
                    {describe(action)}
                  </li>
                ))}
              </ul>
              {pages.hasNextPage && (
                <Button disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                  {t('supporters.activity.more')}
                </Button>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
