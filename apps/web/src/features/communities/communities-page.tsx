import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommunitySearchQuery, type CommunityFeedSettings } from '@juntos/domain';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { QueryState } from '../../components/ui/query-state';
import { Switch } from '../../components/ui/switch';
import { useDocumentTitle } from '../../lib/use-document-title';
import { postKeys } from '../feed/posts-api';
import {
  communityKeys,
  communityListsQuery,
  communitySearchQuery,
  feedSettingsQuery,
  saveFeedSettings,
} from './communities-api';
import { CommunityList } from './community-card';
import { MembershipAnnouncer } from './membership';
import { SearchForm } from './search-form';
import '../../components/ui/form-message.css';
import './communities.css';

function SearchResults({ text }: { text: string }) {
  const { t } = useTranslation();
  const results = useQuery(communitySearchQuery(text));
  return (
    <section aria-labelledby="community-search-results">
      <h2 id="community-search-results">{t('communities.search_results', { text })}</h2>
      <QueryState query={results} errorText={t('communities.load_error')}>
        {(answer) => <CommunityList communities={answer.results} emptyText={t('communities.search_empty')} />}
      </QueryState>
    </section>
  );
}

/** Whether the main feed also shows the posts of the member's communities (on unless turned off). */
function FeedSetting() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(feedSettingsQuery());
  const save = useMutation({
    mutationFn: saveFeedSettings,
    onSuccess: async (saved: CommunityFeedSettings) => {
      queryClient.setQueryData(communityKeys.feedSettings, saved);
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
  return (
    <QueryState query={settings} errorText={t('communities.load_error')} loading={null}>
      {(loaded) => (
        <>
          <Switch
            label={t('communities.in_feed_label')}
            description={t('communities.in_feed_hint')}
            checked={save.variables?.community_posts_in_feed ?? loaded.community_posts_in_feed}
            onChange={(checked) => save.mutate({ community_posts_in_feed: checked })}
          />
          {save.isError && (
            <p role="alert" className="message message--error">
              {t('communities.save_error')}
            </p>
          )}
        </>
      )}
    </QueryState>
  );
}

/**
 * /comunidades (issue 18): the communities suggested to the member (from their own disease and
 * functional profile, worked out by the server for them alone), those they belong to, and a search
 * by name in their language.
 */
export default function CommunitiesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('communities.title'));
  const [search, setSearch] = useState('');
  const lists = useQuery(communityListsQuery());

  return (
    <section className="page communities">
      <h1>{t('communities.title')}</h1>
      <MinorReviewNotice />
      <p>{t('communities.intro')}</p>
      <MembershipAnnouncer>
        <SearchForm
          schema={CommunitySearchQuery}
          label={t('communities.search_label')}
          current={search}
          onSearch={setSearch}
        />
        {search && <SearchResults text={search} />}
        <QueryState query={lists} errorText={t('communities.load_error')}>
          {({ suggested, mine }) => (
            <>
              <section aria-labelledby="communities-suggested">
                <h2 id="communities-suggested">{t('communities.suggested_title')}</h2>
                <p className="community-hint">{t('communities.suggested_hint')}</p>
                <CommunityList communities={suggested} emptyText={t('communities.suggested_empty')} />
              </section>
              <section aria-labelledby="communities-mine">
                <h2 id="communities-mine">{t('communities.mine_title')}</h2>
                <CommunityList communities={mine} emptyText={t('communities.mine_empty')} />
              </section>
            </>
          )}
        </QueryState>
      </MembershipAnnouncer>
      {/* Drawn once the lists have come (or failed), so it does not move down when they arrive. */}
      {!lists.isPending && (
        <section aria-labelledby="communities-settings">
          <h2 id="communities-settings">{t('communities.settings_title')}</h2>
          <FeedSetting />
        </section>
      )}
    </section>
  );
}
