import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AppLink } from '../../app/navigation';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMonetizationStatus } from './monetization-api';
import { buttonClass } from '../../components/ui/button';

/** /monetizacion (spec §2 "Monetisation intro"): what the programme is; members in it go on to earnings. */
export default function MonetizationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.monetizacion'));
  const navigate = useNavigate();
  const status = useMonetizationStatus();
  useEffect(() => {
    if (status.data?.activated) void navigate('/monetizacion/ganancias', { replace: true });
  }, [status.data?.activated, navigate]);

  return (
    <section className="page page--narrow">
      <h1>{t('monetization.title')}</h1>
      <p>{t('monetization.intro')}</p>
      <ul>
        <li>{t('monetization.point_ads')}</li>
        <li>{t('monetization.point_tokens')}</li>
        <li>{t('monetization.point_withdraw')}</li>
        <li>{t('monetization.point_privacy')}</li>
      </ul>
      <p>
        {t('monetization.profile_hint')} <Link to="/perfil-funcional">{t('monetization.profile_link')}</Link>
      </p>
      <p>
        <AppLink
          to="/monetizacion/ganancias"
          pictogram="coins"
          className={buttonClass({ variant: 'primary' })}
        >
          {t('monetization.to_earnings')}
        </AppLink>
      </p>
    </section>
  );
}
