import { lazy, Suspense, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SYMBOL_CATEGORIES, symbolById } from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { SymbolGrid } from './symbol-grid';
import { SYMBOL_IMAGES } from '../../lib/symbol-images';
import type { SymbolTab, SymbolWriting } from './use-symbol-writing';
import '../../components/ui/field.css';
import './symbol-board.css';
import { PageLoading } from '../../components/ui/page-loading';

// The member's own phrases are a form (a form library with them): fetched when their tab is
// opened, so the chat and the other pages with a board load without it (issue 36).
const MyPhrases = lazy(() => import('./my-phrases').then((module) => ({ default: module.MyPhrases })));

const TABS: readonly SymbolTab[] = [...SYMBOL_CATEGORIES, 'mine'];

/**
 * The "Symbols" button beside a text field: opens and closes its board (a disclosure). The board
 * must follow it in the page, so that Tab goes from this button into the board.
 */
export function SymbolBoardToggle({ writing, boardId }: { writing: SymbolWriting; boardId: string }) {
  const { t } = useTranslation();
  return (
    <Button
      ref={writing.toggleRef}
      className="symbol-board-toggle"
      aria-expanded={writing.open}
      aria-controls={boardId}
      onClick={() => writing.setOpen(!writing.open)}
      onKeyDown={(event) => {
        // Inside the post's dialog, Escape here closes the board only, not the dialog.
        if (event.key !== 'Escape' || !writing.open) return;
        event.preventDefault();
        event.stopPropagation();
        writing.close();
      }}
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
 * in the member's language (arrows move through it: symbol-grid.tsx), the symbols chosen so far
 * with a button to take one out, and the member's own phrases. Choosing puts the word into the
 * text field at its caret. Drawn only while open: opening it puts the focus on its selected tab,
 * and Escape anywhere in it closes it and gives the focus back to its button (issue 34).
 */
export function SymbolBoard({ writing, id }: { writing: SymbolWriting; id: string }) {
  const { t } = useTranslation();
  const { tab, setTab, close } = writing;
  const tabRefs = useRef(new Map<SymbolTab, HTMLButtonElement>());
  const baseId = useId();
  const chosenId = useId();
  const hintId = useId();
  const tabId = (name: SymbolTab) => `${baseId}-tab-${name}`;
  const panelId = `${baseId}-panel`;

  // Mounted by the toggle's press: the member is here to choose, so the focus comes in.
  useEffect(() => {
    tabRefs.current.get(tab)?.focus();
    // Only when the board appears; later tab changes move the focus themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onBoardKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    // Stopped here: inside the post's dialog, Escape closes the board, not the dialog.
    event.preventDefault();
    event.stopPropagation();
    close();
  };

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
    // Escape from any control inside arrives here; the region itself takes no focus.
    <section
      id={id}
      className="symbol-board"
      aria-label={t('symbols.board_label')}
      aria-describedby={hintId}
      onKeyDown={onBoardKey}
    >
      <p id={hintId} className="field__hint">
        {t('symbols.insert_hint')} {t('symbols.keys_hint')}
      </p>
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
          <Suspense fallback={<PageLoading />}>
            <MyPhrases onChoose={writing.choose} />
          </Suspense>
        ) : (
          <SymbolGrid key={tab} category={tab} onChoose={writing.choose} />
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
