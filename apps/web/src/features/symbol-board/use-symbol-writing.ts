import { useCallback, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SYMBOL_LIMITS, type SymbolCategory } from '@juntos/domain';

/** A tab of the board: a category of symbols, or the member's own phrases. */
export type SymbolTab = SymbolCategory | 'mine';

/**
 * Writing with the board into one text field: a word goes in at the caret (with a space either
 * side where needed) and its symbol is recorded for the message. The text field keeps its caret
 * while the member moves through the board, so each word lands after the one before; the focus
 * stays on the board, where the member is choosing.
 */
export function useSymbolWriting({
  textRef,
  setText,
}: {
  textRef: RefObject<HTMLTextAreaElement | null>;
  setText: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [symbols, setSymbols] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  // Kept here, not in the board: the board is drawn only while open, and a member who closes it
  // to send and opens it again goes on in the category they were in.
  const [tab, setTab] = useState<SymbolTab>('people');
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The caret as the last insertion left it: a controlled field may be re-rendered before the
  // browser applies a selection set on it.
  const caret = useRef<number | null>(null);

  const choose = useCallback(
    (symbolId: string, words: string) => {
      if (symbols.length >= SYMBOL_LIMITS.perMessage) {
        setAnnouncement(t('symbols.limit', { max: SYMBOL_LIMITS.perMessage }));
        return;
      }
      const field = textRef.current;
      const value = field?.value ?? '';
      const start = field ? field.selectionStart : value.length;
      const end = field ? field.selectionEnd : value.length;
      const before = value.slice(0, start);
      const after = value.slice(end);
      const lead = before === '' || /\s$/.test(before) ? '' : ' ';
      const inserted = `${lead}${words}${/^\s/.test(after) ? '' : ' '}`;
      const next = before + inserted + after;
      const position = before.length + inserted.length;
      caret.current = position;
      setText(next);
      requestAnimationFrame(() => {
        const current = textRef.current;
        if (current && caret.current !== null) current.setSelectionRange(caret.current, caret.current);
      });
      setSymbols((list) => [...list, symbolId]);
      setAnnouncement(t('symbols.added', { label: words }));
    },
    [symbols.length, setText, t, textRef],
  );

  const remove = useCallback(
    (index: number, label: string) => {
      setSymbols((list) => list.filter((_, at) => at !== index));
      setAnnouncement(t('symbols.removed', { label }));
    },
    [t],
  );

  /** After the message is sent: a new message starts with no symbols. */
  const reset = useCallback(() => {
    setSymbols([]);
    setAnnouncement('');
    caret.current = null;
  }, []);

  /** Escape in the board: it closes, and the focus goes back to the button that opened it. */
  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);

  return { symbols, choose, remove, reset, open, setOpen, close, toggleRef, tab, setTab, announcement };
}

export type SymbolWriting = ReturnType<typeof useSymbolWriting>;
