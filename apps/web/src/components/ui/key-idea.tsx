import type { ReactNode } from 'react';
import { symbolById, type SymbolId } from '@juntos/domain';
import { useEasyRead } from '../../lib/use-easy-read';
import { SYMBOL_IMAGES } from '../../lib/symbol-images';
import './key-idea.css';

/**
 * A sentence of body text that carries a key idea, with the symbol board's picture for it beside
 * it in easy-read mode (issue 34: the easy-to-read guidelines support key ideas with pictures).
 * The component that shows the text chooses the picture by the board's symbol id; the words stay
 * the text, so the picture is decoration for screen readers (empty alt). Nothing is drawn, and no
 * picture is fetched, in the ordinary reading mode.
 */
export function KeyIdea({
  symbol,
  children,
  as: Element = 'p',
}: {
  /** A symbol id of the board (packages/domain/src/symbols.ts): 'hospital', 'family', 'help'… */
  symbol: SymbolId;
  children: ReactNode;
  as?: 'p' | 'li';
}) {
  const easyRead = useEasyRead();
  const picture = symbolById(symbol);
  const source = picture && SYMBOL_IMAGES[picture.hexcode];
  if (!easyRead || !source) return <Element>{children}</Element>;
  return (
    <Element className="key-idea">
      <img className="key-idea__picture" src={source} alt="" width={48} height={48} />
      <span>{children}</span>
    </Element>
  );
}
