import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { MemberSummary } from '../../components/member-summary';
import { FriendshipButton } from '../friends/friendship-button';
import type { MemberPage, MemberResult } from './member-search-api';
import '../../components/member-summary.css';

/** Members found, each with the friendship button of its status. */
export function MemberResults({
  results,
  errorKey,
  onChanged,
}: {
  results: MemberResult[];
  errorKey: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="member-results-title">
      <h2 id="member-results-title">{t('search_profile.results_title')}</h2>
      <ul className="member-list">
        {results.map((member) => (
          <li key={member.id}>
            <MemberSummary member={member}>
              <FriendshipButton
                memberId={member.id}
                status={member.friendship_status}
                errorKey={errorKey}
                onChanged={onChanged}
              />
            </MemberSummary>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What a submitted member search shows: loading, the error, the empty message (chosen by the
 * page, spec §2 has several), or the members. Announced politely as it changes.
 */
export function MemberSearchOutcome({
  submitted,
  query,
  errorText,
  emptyText,
  followErrorKey,
}: {
  submitted: boolean;
  query: UseQueryResult<MemberPage>;
  errorText: string;
  emptyText: (page: MemberPage) => string;
  followErrorKey: string;
}) {
  return (
    <div aria-live="polite">
      {submitted && (
        <QueryState query={query} errorText={errorText}>
          {(page) =>
            page.results.length === 0 ? (
              <p>{emptyText(page)}</p>
            ) : (
              <MemberResults
                results={page.results}
                errorKey={followErrorKey}
                onChanged={() => void query.refetch()}
              />
            )
          }
        </QueryState>
      )}
    </div>
  );
}
