import { useTranslation } from 'react-i18next';
import { numberFormat } from './intl-formats';

/**
 * Tokens and euros in the interface language: tokens with at most one decimal (amounts move in
 * tenths), `tokensExact` always with one (the slider and the review), euros to the thousandth
 * (a tenth of a token is €0.001).
 */
export function useMoneyFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return {
    tokens: numberFormat(language, { maximumFractionDigits: 1 }),
    tokensExact: numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    euros: numberFormat(language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 3 }),
  };
}
