import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AD_ROTATION_MS,
  IMPRESSION_MIN_VISIBLE_MS,
  MOBILE_BREAKPOINT_PX,
  TEST_AD_CLIENT,
} from '@juntos/domain';
import { useConsent } from '../cookie-consent/consent-context';
import { monetizationStatusQuery } from '../monetization/monetization-api';
import { AdBlock } from './ad-block';
import { adSlotsQuery, reportImpression } from './ads-api';
import { readActing } from '../../lib/acting-session';
import './ads.css';

const DESKTOP = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

function useIsDesktop() {
  const [desktop, setDesktop] = useState(() => window.matchMedia(DESKTOP).matches);
  useEffect(() => {
    const query = window.matchMedia(DESKTOP);
    const update = () => setDesktop(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return desktop;
}

/**
 * The bottom banner (spec §2, §4, §9): desktop only, 728×90, a new slot every 15 s, and nothing
 * at all unless the stored consent says advertising is true (spec §1). For members in the earnings
 * programme, a slot that stays on screen for a second is reported once per rotation.
 */
export default function AdBanner() {
  const { consent } = useConsent();
  const desktop = useIsDesktop();
  // A supporter acting for the member sees no ads: an impression they saw is not the member's.
  if (!consent?.advertising || !desktop || readActing()) return null;
  return <RotatingBanner />;
}

function RotatingBanner() {
  const { t } = useTranslation();
  const slots = useQuery(adSlotsQuery());
  const status = useQuery(monetizationStatusQuery());
  const [rotation, setRotation] = useState(0);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const timer = setInterval(() => setRotation((value) => value + 1), AD_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);

  const list = slots.data?.slots ?? [];
  const current = list.length ? list[rotation % list.length] : undefined;
  const earning = status.data?.activated === true;

  // One report per rotation, once the banner has been at least half on screen for a second.
  useEffect(() => {
    const element = ref.current;
    if (!earning || !current || !element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reported = false;
    const observer = new IntersectionObserver(
      ([entry]) => {
        clearTimeout(timer);
        if (!entry?.isIntersecting || reported || document.visibilityState === 'hidden') return;
        timer = setTimeout(() => {
          reported = true;
          reportImpression(current.slot_key).catch((error: unknown) =>
            console.warn('The impression could not be reported', error),
          );
        }, IMPRESSION_MIN_VISIBLE_MS);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [earning, current, rotation]);

  if (!slots.data || !current) return null;
  return (
    <aside ref={ref} className="ad-banner" aria-label={t('ads.label')} data-slot-key={current.slot_key}>
      <AdBlock
        client={slots.data.ad_client ?? TEST_AD_CLIENT}
        slot={current.ad_slot}
        slotKey={current.slot_key}
      />
    </aside>
  );
}
