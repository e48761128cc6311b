import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Tokens and euros in the interface language: tokens with at most one decimal (amounts move in
 * tenths), `tokensExact` always with one (the slider and the review), euros to the thousandth
 * (a tenth of a token is €0.001).
 */
export function useMoneyFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useMemo(
    () => ({
      tokens: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }),
      tokensExact: new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      euros: new Intl.NumberFormat(language, {
        style: 'currency',
        currency: 'EUR',
        maximumFractionDigits: 3,
      }),
    }),
    [language],
  );
}
