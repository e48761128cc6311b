import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_SYMBOLS, SYMBOL_CATEGORIES, symbolById, type SymbolCategory } from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { MyPhrases } from './my-phrases';
import { SYMBOL_IMAGES } from '../../lib/symbol-images';
import type { SymbolWriting } from './use-symbol-writing';
import '../../components/ui/field.css';
import './symbol-board.css';

type Tab = SymbolCategory | 'mine';
const TABS: readonly Tab[] = [...SYMBOL_CATEGORIES, 'mine'];

/** The "Symbols" button beside a text field: opens and closes its board. */
export function SymbolBoardToggle({ writing, boardId }: { writing: SymbolWriting; boardId: string }) {
  const { t } = useTranslation();
  return (
    <Button
      className="symbol-board-toggle"
      aria-expanded={writing.open}
      aria-controls={boardId}
      onClick={() => writing.setOpen(!writing.open)}
    >
      <span aria-hidden="true" className="symbol-board-toggle__icon">
        ▦
      </span>{' '}
      {t('symbols.toggle')}
      {writing.symbols.length > 0 && ` (${writing.symbols.length})`}
    </Button>
  );
}

/**
 * The symbol board (issue 21): category tabs (the ARIA tabs pattern: arrows, Home and End move
 * between them, Tab goes into the symbols), a grid of buttons each with its picture and its word
 * in the member's language, the symbols chosen so far with a button to take one out, and the
 * member's own phrases. Choosing puts the word into the text field at its caret.
 */
export function SymbolBoard({ writing, id }: { writing: SymbolWriting; id: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('people');
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());
  const baseId = useId();
  const chosenId = useId();
  const tabId = (name: Tab) => `${baseId}-tab-${name}`;
  const panelId = `${baseId}-panel`;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    setTab(target);
    tabRefs.current.get(target)?.focus();
  };

  return (
    <section id={id} className="symbol-board" aria-label={t('symbols.board_label')}>
      <p className="field__hint">{t('symbols.insert_hint')}</p>
      <div role="tablist" aria-label={t('symbols.categories_label')} className="symbol-board__tabs">
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              if (element) tabRefs.current.set(name, element);
              else tabRefs.current.delete(name);
            }}
            type="button"
            role="tab"
            id={tabId(name)}
            aria-selected={tab === name}
            aria-controls={panelId}
            tabIndex={tab === name ? 0 : -1}
            className="symbol-board__tab"
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {t(`symbols.categories.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)} className="symbol-board__panel">
        {tab === 'mine' ? (
          <MyPhrases onChoose={writing.choose} />
        ) : (
          <ul className="symbol-board__grid">
            {BOARD_SYMBOLS.filter((symbol) => symbol.category === tab).map((symbol) => {
              const label = t(symbol.labelKey);
              return (
                <li key={symbol.id}>
                  <button
                    type="button"
                    className="symbol-button"
                    data-symbol={symbol.id}
                    onClick={() => writing.choose(symbol.id, label)}
                  >
                    <img src={SYMBOL_IMAGES[symbol.hexcode]} alt="" width={48} height={48} />
                    <span className="symbol-button__label">{label}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="symbol-board__chosen">
        <h3 id={chosenId} className="symbol-board__chosen-title">
          {t('symbols.chosen_label')}
        </h3>
        {writing.symbols.length > 0 && (
          <ul aria-labelledby={chosenId} className="symbol-board__chosen-list">
            {writing.symbols.map((symbolId, index) => {
              const symbol = symbolById(symbolId);
              if (!symbol) return null;
              const label = t(symbol.labelKey);
              return (
                <li key={`${symbolId}-${index}`} className="symbol-chip">
                  <img src={SYMBOL_IMAGES[symbol.hexcode]} alt="" width={32} height={32} />
                  <span>{label}</span>
                  <button
                    type="button"
                    className="symbol-chip__remove"
                    aria-label={t('symbols.remove', { label })}
                    onClick={() => {
                      writing.remove(index, label);
                      // The button goes away: keep the focus in the row, or on its title.
                      requestAnimationFrame(() => {
                        const next = document.querySelectorAll<HTMLButtonElement>(
                          `#${CSS.escape(id)} .symbol-chip__remove`,
                        );
                        (next[Math.min(index, next.length - 1)] ?? tabRefs.current.get(tab))?.focus();
                      });
                    }}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div role="status" className="visually-hidden">
        {writing.announcement}
      </div>
    </section>
  );
}
