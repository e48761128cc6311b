import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KeywordFilters } from './keyword-filters';
import { MuteButton } from './mute-button';
import { mutesQuery } from './mutes-api';

/** What the member muted, with a way back for each (the friends page, beside the blocked members). */
export function MutedList() {
  const { t } = useTranslation();
  const mutes = useQuery(mutesQuery());
  if (!mutes.data) return null;
  const { members, communities } = mutes.data;
  return (
    <section aria-labelledby="muted-title">
      <h2 id="muted-title">{t('mutes.title')}</h2>
      <p>{t('mutes.intro')}</p>
      {members.length === 0 && communities.length === 0 ? (
        <p>{t('mutes.none')}</p>
      ) : (
        <ul className="member-list">
          {members.map((member) => (
            <li key={`member-${member.id}`} className="member-summary">
              <span className="member-summary__name">{member.nombre || t('friends.blocked_unnamed')}</span>
              <MuteButton kind="member" id={member.id} name={member.nombre} />
            </li>
          ))}
          {communities.map((community) => (
            <li key={`community-${community.id}`} className="member-summary">
              <span className="member-summary__name">
                {t('mutes.community_in_list', { name: community.name })}
              </span>
              <MuteButton kind="community" id={community.id} name={community.name} />
            </li>
          ))}
        </ul>
      )}
      <KeywordFilters filters={mutes.data.keywords} />
    </section>
  );
}
