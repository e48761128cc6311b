import { useCallback, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SYMBOL_LIMITS } from '@juntos/domain';

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

  return { symbols, choose, remove, reset, open, setOpen, announcement };
}

export type SymbolWriting = ReturnType<typeof useSymbolWriting>;
