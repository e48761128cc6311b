import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../../lib/session';
import { KeyIdea } from '../../components/ui/key-idea';
import '../../components/ui/form-message.css';

/**
 * Told to a minor on a community's page (issue 34): the server shows minors only the minors of a
 * community, and adults never see them there, so a young member meets a quieter community than its
 * member count suggests. Saying where they are, and why, keeps an empty feed from reading as a
 * fault and tells them who can read what they write. A status, not an alert.
 */
export function YoungPeopleNotice() {
  const { t } = useTranslation();
  const titleId = useId();
  if (useMeQuery().data?.age_group !== 'minor') return null;
  return (
    <div role="status" aria-labelledby={titleId} className="message message--info young-people-notice">
      <h2 id={titleId}>{t('communities.young_space.title')}</h2>
      <KeyIdea symbol="child">{t('communities.young_space.who')}</KeyIdea>
      <KeyIdea symbol="stop">{t('communities.young_space.adults')}</KeyIdea>
      <KeyIdea symbol="help">{t('communities.young_space.help')}</KeyIdea>
    </div>
  );
}
