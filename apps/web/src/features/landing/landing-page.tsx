import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../components/ui/external-link';
import { hasAccessMarker } from '../../lib/storage-keys';
import { scrollBehavior } from '../../lib/motion';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useConsent } from '../cookie-consent/consent-context';
import { LANDING_SECTIONS, sectionImage, type LandingSection } from './landing-sections';
import { ScrollToTopButton } from './scroll-to-top-button';
import { useSmoothScrollingWhileMounted } from './use-smooth-scrolling';
import { Button, buttonClass } from '../../components/ui/button';
import { AppLink, AppNavigate } from '../../app/navigation';
import './landing.css';

const ORPHANET_URL = 'https://www.orpha.net/';
const EURORDIS_URL = 'https://www.eurordis.org/';
/** Cards side by side on a wide screen (landing.css .landing__cards); one on a phone. */
const CARDS_IN_FIRST_ROW = 3;

function goToSection(section: LandingSection) {
  const target = document.getElementById(`section-${section}`);
  if (!target) return;
  target.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  // Focus follows the scroll so keyboard and screen-reader users continue from the section.
  target.focus({ preventScroll: true });
}

function EnterButton() {
  const { t } = useTranslation();
  const { consent } = useConsent();
  if (!consent) {
    return (
      <div className="landing__enter">
        <Button variant="primary" size="large" disabled aria-describedby="enter-hint">
          {t('landing.enter')}
        </Button>
        <p id="enter-hint" className="landing__enter-hint">
          {t('landing.enter_needs_consent')}
        </p>
      </div>
    );
  }
  return (
    <div className="landing__enter">
      <AppLink to="/login" pictogram="enter" className={buttonClass({ variant: 'primary', size: 'large' })}>
        {t('landing.enter')}
      </AppLink>
    </div>
  );
}

function LandingContent() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.landing'));
  useSmoothScrollingWhileMounted();

  return (
    <div className="landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <h1 id="landing-title" className="landing__title">
          {t('landing.title')}
        </h1>
        <p className="landing__subtitle">{t('landing.subtitle')}</p>
        <EnterButton />
      </section>

      <nav aria-label={t('landing.sections_nav')}>
        <ul className="landing__cards">
          {LANDING_SECTIONS.map((section, index) => (
            <li key={section}>
              <a
                className="landing-card"
                href={`#section-${section}`}
                onClick={(event) => {
                  event.preventDefault();
                  goToSection(section);
                }}
              >
                {/* The first row is in view when the page opens (its largest paint): fetched at once. */}
                <img
                  src={sectionImage(section)}
                  alt=""
                  width="320"
                  height="200"
                  loading={index < CARDS_IN_FIRST_ROW ? 'eager' : 'lazy'}
                />
                <span className="landing-card__title">{t(`landing.sections.${section}.title`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {LANDING_SECTIONS.map((section, index) => (
        <section
          key={section}
          id={`section-${section}`}
          className={`landing-section${index % 2 ? ' landing-section--reverse' : ''}`}
          aria-labelledby={`section-${section}-title`}
          tabIndex={-1}
        >
          <div className="landing-section__text">
            <h2 id={`section-${section}-title`}>{t(`landing.sections.${section}.title`)}</h2>
            <p>{t(`landing.sections.${section}.text`)}</p>
          </div>
          <img
            className="landing-section__image"
            src={sectionImage(section)}
            alt={t(`landing.sections.${section}.alt`)}
            width="640"
            height="400"
            loading="lazy"
          />
        </section>
      ))}

      <section className="landing__external" aria-labelledby="landing-external-title">
        <h2 id="landing-external-title">{t('landing.external_title')}</h2>
        <ul>
          <li>
            <ExternalLink href={ORPHANET_URL}>{t('landing.orphanet')}</ExternalLink>
          </li>
          <li>
            <ExternalLink href={EURORDIS_URL}>{t('landing.eurordis')}</ExternalLink>
          </li>
        </ul>
      </section>
      <ScrollToTopButton />
    </div>
  );
}

/** The landing page `/` (spec §1-2); members who are signed in go straight to their feed. */
export default function LandingPage() {
  if (hasAccessMarker()) return <AppNavigate to="/feed" replace />;
  return <LandingContent />;
}
