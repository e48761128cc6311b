import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../app/navigation';
import { FEED_COUNTRY_CODES, type CountryCode } from '@juntos/domain';
import { PageLoading } from '../../components/ui/page-loading';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { useMeQuery } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CountryFilter } from './country-filter';
import { feedFirstPage, postKeys } from './posts-api';
import { PostList } from './post-list';
import { buttonClass } from '../../components/ui/button';
import './feed.css';

const feedCountryOf = (country: string | null | undefined): CountryCode | '' =>
  FEED_COUNTRY_CODES.find((code) => code === country) ?? '';

function Feed({ initialCountry }: { initialCountry: CountryCode | '' }) {
  const { t } = useTranslation();
  const [country, setCountry] = useState(initialCountry);
  const firstPage = feedFirstPage(country);
  return (
    <>
      <div className="feed__toolbar">
        <CountryFilter value={country} onChange={setCountry} />
        <AppLink to="/new-post" pictogram="pencil" className={buttonClass({ variant: 'primary' })}>
          {t('feed.new_post')}
        </AppLink>
      </div>
      {/* A new key per country: changing it starts the feed again from its first page. */}
      <PostList
        key={country || 'all'}
        queryKey={postKeys.feed(country)}
        firstPage={firstPage}
        label={t('feed.posts_region')}
        emptyText={t('feed.empty')}
        loadingMoreText={t('feed.loading_more')}
        noMoreText={t('feed.no_more')}
        errorText={t('feed.load_error')}
      />
    </>
  );
}

/** /feed (spec §2 "Feed"): the filter starts at the member's own country. */
export default function FeedPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.feed'));
  const me = useMeQuery();
  return (
    <section className="page page--narrow feed">
      <h1>{t('feed.title')}</h1>
      <MinorReviewNotice />
      {me.isPending ? <PageLoading /> : <Feed initialCountry={feedCountryOf(me.data?.profile.country)} />}
    </section>
  );
}
