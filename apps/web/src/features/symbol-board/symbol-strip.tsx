import { useTranslation } from 'react-i18next';
import { symbolById } from '@juntos/domain';
import { SYMBOL_IMAGES } from '../../lib/symbol-images';
import './symbol-board.css';

/**
 * The symbols a message or post was written with, above its words (issue 21), each picture with
 * its label in the reader's language under it. The label is the picture's text: the image itself
 * is decorative, so a screen reader says each word once. Unknown ids (a symbol since removed from
 * the board) are skipped.
 */
export function SymbolStrip({ ids, className }: { ids: readonly string[]; className?: string }) {
  const { t } = useTranslation();
  const symbols = ids.flatMap((id) => symbolById(id) ?? []);
  if (symbols.length === 0) return null;
  return (
    // Read aloud says the words once: they are in the text below too.
    <ul
      className={`symbol-strip${className ? ` ${className}` : ''}`}
      aria-label={t('symbols.written_with')}
      data-read-aloud-skip=""
    >
      {symbols.map((symbol, index) => (
        <li key={`${symbol.id}-${index}`} className="symbol-strip__item">
          <img
            className="symbol-strip__picture"
            src={SYMBOL_IMAGES[symbol.hexcode]}
            alt=""
            width={48}
            height={48}
          />
          <span className="symbol-strip__label">{t(symbol.labelKey)}</span>
        </li>
      ))}
    </ul>
  );
}
