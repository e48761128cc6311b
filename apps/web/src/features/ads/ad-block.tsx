import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AD_BANNER_SIZE, TEST_AD_CLIENT } from '@juntos/domain';
import './ads.css';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/** The ad network's script, added once (the CSP allows it only when AD_CLIENT is configured). */
function loadAdNetwork(client: string) {
  if (document.querySelector('script[data-ad-network]')) return;
  const script = document.createElement('script');
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.dataset.adNetwork = 'true';
  script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`;
  document.head.append(script);
}

/**
 * One 728×90 advertising space. With a real ad client it is the ad network's standard markup
 * (its script fills it); otherwise a test block that says what would be shown where.
 */
export function AdBlock({ client, slot, slotKey }: { client: string; slot: string; slotKey: string }) {
  const { t } = useTranslation();
  const isTest = client === TEST_AD_CLIENT;
  useEffect(() => {
    if (isTest) return;
    loadAdNetwork(client);
    (window.adsbygoogle ??= []).push({});
  }, [isTest, client, slot]);
  if (isTest)
    return (
      <div className="ad-block ad-block--test" style={AD_BANNER_SIZE}>
        <p className="ad-block__label">{t('ads.test_block')}</p>
        <p className="ad-block__slot">{t('ads.slot', { slot: slotKey })}</p>
      </div>
    );
  return (
    <ins
      className="adsbygoogle ad-block"
      style={{ display: 'inline-block', ...AD_BANNER_SIZE }}
      data-ad-client={client}
      data-ad-slot={slot}
    />
  );
}
