import { useTranslation } from 'react-i18next';
import { TEST_AD_CLIENT } from '@juntos/domain';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdBlock } from './ad-block';
import './ads.css';

/** /ads-test (spec §2, public): what an advertising space looks like, with a test block. */
export default function AdsTestPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.ads_test'));
  return (
    <section className="page">
      <h1>{t('ads.test_title')}</h1>
      <p>{t('ads.test_intro')}</p>
      <div className="ad-test">
        <AdBlock client={TEST_AD_CLIENT} slot="test-adslot_general" slotKey="adslot_general" />
      </div>
    </section>
  );
}
