import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLink } from '../../app/navigation';
import { ENABLED_PAYMENT_METHODS, PAYMENT_METHODS } from '@juntos/domain';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button, buttonClass } from '../../components/ui/button';
import './monetization.css';

/**
 * /perfil/metodo-pago (spec §2 "Payment method picker"): PayPal is available; IBAN, Stripe and
 * blockchain are shown as not available yet. Their note is visible text tied to the button (not
 * a hover-only tooltip), so keyboard, touch and screen-reader users get it too.
 */
export default function PaymentMethodPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.metodo_pago'));
  const noteId = useId();
  return (
    <section className="page page--narrow">
      <h1>{t('payment.method_title')}</h1>
      <p>{t('payment.method_intro')}</p>
      <ul className="method-list">
        {PAYMENT_METHODS.map((method) =>
          ENABLED_PAYMENT_METHODS.includes(method) ? (
            <li key={method}>
              <AppLink
                to={`/perfil/metodo-pago/${method}`}
                pictogram="arrow"
                className={buttonClass({ variant: 'primary', className: 'method-list__choice' })}
              >
                {t(`payment.methods.${method}`)}
              </AppLink>
            </li>
          ) : (
            <li key={method}>
              <Button
                className="method-list__choice"
                aria-disabled="true"
                aria-describedby={`${noteId}-${method}`}
                title={t('payment.not_available')}
              >
                {t(`payment.methods.${method}`)}
              </Button>
              <span id={`${noteId}-${method}`} className="method-list__note">
                {t('payment.not_available')}
              </span>
            </li>
          ),
        )}
      </ul>
      <p>
        <Link to="/monetizacion/ganancias">{t('payment.back_to_earnings')}</Link>
      </p>
    </section>
  );
}
