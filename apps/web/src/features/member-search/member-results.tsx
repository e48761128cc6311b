import { useTranslation } from 'react-i18next';
import { MemberSummary } from '../../components/member-summary';
import { FriendshipButton } from '../friends/friendship-button';
import type { MemberResult } from './member-search-api';

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
