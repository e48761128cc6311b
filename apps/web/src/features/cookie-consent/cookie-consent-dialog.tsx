import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog';
import { Switch } from '../../components/ui/switch';
import { useConsent } from './consent-context';
import { AppLink } from '../../app/navigation';
import { Button } from '../../components/ui/button';
import './cookie-consent.css';

/**
 * The cookie consent dialog (spec §2, §4): shown while no valid consent exists in this session.
 * It needs an explicit answer, so Escape does not dismiss it.
 */
export function CookieConsentDialog() {
  const { t } = useTranslation();
  const { consent, saveConsent } = useConsent();
  const [advertising, setAdvertising] = useState(false);

  return (
    <Dialog
      open={!consent}
      title={t('cookie.title')}
      description={t('cookie.description')}
      className="cookie-dialog"
    >
      <div className="cookie-dialog__switches">
        <Switch
          label={t('cookie.necessary_title')}
          description={t('cookie.necessary_desc')}
          checked
          locked
          lockedText={t('cookie.always_on')}
        />
        <Switch
          label={t('cookie.ads_title')}
          description={t('cookie.ads_desc')}
          checked={advertising}
          onChange={setAdvertising}
        />
      </div>
      <Button variant="primary" onClick={() => saveConsent(advertising)}>
        {t('cookie.save')}
      </Button>
      <p className="cookie-dialog__footer">
        {t('cookie.footer')}{' '}
        <AppLink to="/politica/cookies" target="_blank" rel="noopener">
          {t('cookie.cookies_policy')}
          <span className="visually-hidden"> {t('app.opens_new_tab')}</span>
        </AppLink>{' '}
        {t('cookie.and')}{' '}
        <AppLink to="/politica/privacy" target="_blank" rel="noopener">
          {t('cookie.privacy_policy')}
          <span className="visually-hidden"> {t('app.opens_new_tab')}</span>
        </AppLink>
        .
      </p>
    </Dialog>
  );
}
