import { useTranslation } from 'react-i18next';
import './ui/badge.css';
import './written-with-help.css';

/**
 * The mark a member sees on their own post, comment, picture or message that a supporter wrote
 * for them (decision 0047). The server sends it to the member alone, so nobody else learns they
 * have help; here it is shown wherever it is true. A picture was added rather than written, and
 * says so.
 */
export function WrittenWithHelp({ shown, picture = false }: { shown: boolean; picture?: boolean }) {
  const { t } = useTranslation();
  if (!shown) return null;
  // A space rather than a margin apart from what precedes it: where the line wraps, the space
  // goes and the mark starts flush with the text above.
  return (
    <>
      {' '}
      <span className="badge written-with-help">
        <span aria-hidden="true">⇄</span>{' '}
        {t(picture ? 'supporters.added_with_help' : 'supporters.written_with_help')}
      </span>
    </>
  );
}
