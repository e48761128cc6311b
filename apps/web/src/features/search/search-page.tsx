import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { postKeys, searchFirstPage } from '../feed/posts-api';
import { PostList } from '../feed/post-list';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /search?q=… (spec §2 "Search results"): posts whose title or text contains the words, 5 at a time. */
export default function SearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.search'));
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  return (
    <section className="page page--narrow">
      <h1>{t('search.title')}</h1>
      {query ? (
        <>
          <p className="search__for">{t('search.for', { query })}</p>
          <PostList
            key={query}
            queryKey={postKeys.search(query)}
            firstPage={searchFirstPage(query)}
            label={t('search.title')}
            emptyText={t('search.empty')}
            loadingMoreText={t('search.loading_more')}
            noMoreText={t('search.no_more')}
            errorText={t('feed.load_error')}
          />
        </>
      ) : (
        <p>{t('search.no_query')}</p>
      )}
    </section>
  );
}
