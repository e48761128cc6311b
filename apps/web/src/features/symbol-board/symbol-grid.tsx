import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_SYMBOLS, type SymbolCategory } from '@juntos/domain';
import { SYMBOL_IMAGES } from '../../lib/symbol-images';
import './symbol-board.css';

/**
 * How many symbols one row shows: the grid's columns follow the width and the text size
 * (auto-fill), so they are counted on screen, where the arrow keys must agree with what is seen.
 */
function columnsOf(buttons: readonly HTMLElement[]): number {
  const firstTop = buttons[0]?.getBoundingClientRect().top;
  if (firstTop === undefined) return 1;
  const inFirstRow = buttons.filter((button) => Math.abs(button.getBoundingClientRect().top - firstTop) < 2);
  return Math.max(1, inFirstRow.length);
}

/** The index the key moves to, or undefined for a key the grid leaves alone. */
function targetIndex(key: string, index: number, count: number, columns: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, count - 1);
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    // Down from a row with nothing under it stays: a jump to another column would lose the place.
    case 'ArrowDown':
      return index + columns < count ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * The symbols of one category (issue 34): one stop in the Tab order (a roving tabindex), the
 * arrow keys move through them as they are laid out (left, right, up, down; Home and End to the
 * first and last), and Enter or Space writes the focused one, as buttons do. A list of buttons
 * rather than an ARIA grid: the rows change with the screen's width, and a grid's rows would
 * have to be rebuilt for each; a list of buttons reads the same at every width.
 */
export function SymbolGrid({
  category,
  onChoose,
}: {
  category: SymbolCategory;
  onChoose: (symbolId: string, words: string) => void;
}) {
  const { t } = useTranslation();
  const symbols = BOARD_SYMBOLS.filter((symbol) => symbol.category === category);
  const [active, setActive] = useState(0);
  const buttons = useRef<HTMLButtonElement[]>([]);
  // A new category starts at its first symbol (the board draws a new grid per category: `key`).
  const current = Math.min(active, symbols.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.altKey || event.shiftKey || event.metaKey) return;
    const list = buttons.current.slice(0, symbols.length);
    const target = targetIndex(event.key, index, symbols.length, columnsOf(list));
    if (target === undefined) return;
    // The page would scroll with the arrows otherwise.
    event.preventDefault();
    setActive(target);
    list[target]?.focus();
  };

  return (
    <ul className="symbol-board__grid">
      {symbols.map((symbol, index) => {
        const label = t(symbol.labelKey);
        return (
          <li key={symbol.id}>
            <button
              ref={(element) => {
                if (element) buttons.current[index] = element;
              }}
              type="button"
              className="symbol-button"
              data-symbol={symbol.id}
              tabIndex={index === current ? 0 : -1}
              onFocus={() => setActive(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
              onClick={() => onChoose(symbol.id, label)}
            >
              <img src={SYMBOL_IMAGES[symbol.hexcode]} alt="" width={48} height={48} />
              <span className="symbol-button__label">{label}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
