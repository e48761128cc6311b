import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pictogram } from '../../components/ui/pictogram';
import { useDocumentTitle } from '../../lib/use-document-title';
import './auth.css';

const CHOICES = [
  { to: '/signup/self', key: 'self', pictogram: 'person' },
  { to: '/signup/menor', key: 'minor', pictogram: 'family' },
] as const;

/** /signup: who the account is for (spec §2): the member themself, or a minor in their care. */
export default function SignupChoicePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.signup'));
  return (
    <section className="page page--narrow">
      <h1>{t('signup.title')}</h1>
      <p>{t('signup.intro')}</p>
      <ul className="choice-cards">
        {CHOICES.map(({ to, key, pictogram }) => (
          <li key={key}>
            <Link
              to={to}
              className="choice-card"
              aria-labelledby={`signup-choice-${key}-title`}
              aria-describedby={`signup-choice-${key}-text`}
            >
              <span id={`signup-choice-${key}-title`} className="choice-card__title">
                <Pictogram name={pictogram} />
                {t(`signup.${key}_title`)}
              </span>
              <span id={`signup-choice-${key}-text`}>{t(`signup.${key}_text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/login">{t('signup.have_account')}</Link>
      </p>
    </section>
  );
}
