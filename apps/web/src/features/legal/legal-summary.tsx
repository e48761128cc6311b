import { useTranslation } from 'react-i18next';
import type { LegalDocumentName, SymbolId } from '@juntos/domain';
import { KeyIdea } from '../../components/ui/key-idea';
import { SymbolCredit } from '../../components/ui/symbol-credit';
import { useEasyRead } from '../../lib/use-easy-read';

/**
 * The easy-read summary of each policy (issue 34): what the full text means for the member, point
 * by point, each with the board's picture for its idea. Its texts (`legal_summary`) are written in
 * easy words in every language; the full text stays below, and is what counts.
 */
const SUMMARIES: Partial<Record<LegalDocumentName, readonly (readonly [point: string, symbol: SymbolId])[]>> =
  {
    privacy: [
      ['data', 'me'],
      ['health', 'sick'],
      ['who_sees', 'who'],
      ['gallery', 'friend'],
      ['messages', 'talk'],
      ['no_selling', 'stop'],
      ['copy', 'home'],
      ['delete', 'no'],
      ['ask', 'what'],
    ],
    terms: [
      ['what', 'family'],
      ['who', 'child'],
      ['kind', 'love'],
      ['advice', 'doctor'],
      ['emergency', 'call'],
      ['yours', 'me'],
      ['reports', 'help'],
      ['end', 'stop'],
    ],
    cookies: [
      ['what', 'home'],
      ['no_tracking', 'stop'],
      ['ads', 'shop'],
      ['children', 'child'],
      ['change', 'repeat'],
    ],
  };

/** Shown above the full text in easy-read mode only, for the documents that have a summary. */
export function LegalSummary({ name, fullTextId }: { name: LegalDocumentName; fullTextId: string }) {
  const { t } = useTranslation();
  const easyRead = useEasyRead();
  const points = SUMMARIES[name];
  if (!easyRead || !points) return null;
  return (
    <section className="legal-summary" aria-labelledby="legal-summary-title">
      <h2 id="legal-summary-title">{t('legal_summary.heading')}</h2>
      <p>{t('legal_summary.intro')}</p>
      <ul className="legal-summary__points">
        {points.map(([point, symbol]) => (
          <KeyIdea key={point} as="li" symbol={symbol}>
            {t(`legal_summary.${name}.${point}`)}
          </KeyIdea>
        ))}
      </ul>
      <p>
        <a href={`#${fullTextId}`}>{t('legal_summary.full_link')}</a>
      </p>
      <SymbolCredit className="legal-summary__credit" />
    </section>
  );
}
