import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalLink } from '../../components/ui/external-link';
import { buttonClass } from '../../components/ui/button';
import '../../components/ui/field.css';

/** The documents to read before confirming a sign-up, each opening in a new tab. */
export function PolicyLinks() {
  const { t } = useTranslation();
  return (
    <div className="field">
      <p className="form__note">{t('signup.policies_intro')}</p>
      <ul className="form__policies">
        <li>
          <ExternalLink href="/politica/terms">{t('signup.terms_link')}</ExternalLink>
        </li>
        <li>
          <ExternalLink href="/politica/privacy">{t('signup.privacy_link')}</ExternalLink>
        </li>
      </ul>
    </div>
  );
}

/** Below a sign-up form: back to the choice of account, or sign in instead. */
export function SignupLinks() {
  const { t } = useTranslation();
  return (
    <div className="form__links">
      <Link to="/signup" className={buttonClass({ variant: 'ghost' })}>
        {t('signup.back_to_choice')}
      </Link>
      <Link to="/login" className={buttonClass({ variant: 'ghost' })}>
        {t('signup.have_account')}
      </Link>
    </div>
  );
}
