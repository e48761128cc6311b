import { useTranslation } from 'react-i18next';
import { readActing, switchBack } from '../../lib/acting-session';
import { Button } from '../../components/ui/button';
import './supporters.css';

/**
 * Shown above every screen while a supporter acts for a member (decision 0047): whose account
 * this is, and one action back to the supporter's own. It cannot be hidden, and it comes first in
 * the tab order, before the skip link, so nobody forgets for whom they are writing.
 */
export function ActingBanner() {
  const { t } = useTranslation();
  const acting = readActing();
  if (!acting) return null;
  const name = acting.member.nombre || t('supporters.someone');
  return (
    <div className="acting-banner" role="status">
      <p className="acting-banner__text">
        <span aria-hidden="true" className="acting-banner__icon">
          ⇄
        </span>{' '}
        {t('supporters.acting.banner', { name })}
      </p>
      <Button className="acting-banner__back" onClick={() => switchBack()}>
        {t('supporters.acting.switch_back')}
      </Button>
    </div>
  );
}
