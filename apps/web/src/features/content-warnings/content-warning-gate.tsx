import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentWarning } from '@juntos/domain';
import type { ReactionComment } from '../../components/reactions';
import { Button } from '../../components/ui/button';
import { useFocusKeptIn } from '../../lib/use-focus-kept-in';
import { useDisplayPreferences } from '../display-preferences/display-preferences-storage';
import { useWarningLabel } from './warning-label';
import './content-warnings.css';

/**
 * Content behind its writer's warning (issue 37), by the reader's display setting for that kind:
 * shown at once under the warning, opened by choice with a button (the default), or left out
 * with a line that says so. Until opened it is not in the page at all, so its pictures are not
 * even loaded and read-aloud does not read it.
 */
export function ContentWarningGate({
  warning,
  filtered = null,
  children,
}: {
  warning: ContentWarning | null;
  /** A phrase of the reader's own keyword filters (warn) the content holds: it always asks first. */
  filtered?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const choices = useDisplayPreferences().contentWarnings;
  const label = useWarningLabel();
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const firstLine = useRef<HTMLParagraphElement>(null);
  const area = useRef<HTMLDivElement>(null);
  // The reader's setting changed while the focus was in what it now hides (another tab's display
  // settings apply here at once): the focus goes to the button that opens the content, or to the
  // line that says it was left out.
  useFocusKeptIn(area, () => toggle.current ?? firstLine.current, Boolean(warning || filtered));
  const named = warning ? label(warning) : '';
  const choice = warning ? choices[warning.kind] : 'ask';
  const hidden = choice === 'hide';
  const gated = !hidden && (choice === 'ask' || Boolean(filtered));
  // Hidden by choice closes what was opened: asked again later, it asks again.
  if (hidden && open) setOpen(false);
  if (!warning && !filtered) return children;

  return (
    <div className="content-warning-gate" ref={area}>
      {hidden ? (
        <p className="content-warning" ref={firstLine} tabIndex={-1}>
          {t('content_warning.hidden', { warning: named })}
        </p>
      ) : (
        <>
          {warning && (
            <p className="content-warning" ref={firstLine} tabIndex={-1}>
              {t('content_warning.label', { warning: named })}
            </p>
          )}
          {filtered && (
            <p className="content-warning" ref={warning ? undefined : firstLine} tabIndex={-1}>
              {t('content_warning.filtered', { phrase: filtered })}
            </p>
          )}
        </>
      )}
      {gated && (
        <Button
          ref={toggle}
          size="small"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('content_warning.close') : t('content_warning.open')}
        </Button>
      )}
      {/* One place for the content whether it asks first or not: a setting changed between the
          two keeps it as it is (its own state, the focus in it) instead of building it anew. */}
      {!hidden && (
        <div id={contentId} hidden={gated && !open}>
          {(!gated || open) && children}
        </div>
      )}
    </div>
  );
}

/** A comment's text behind its writer's warning and the reader's filters (the comment bar's gate). */
export const gatedComment = (comment: ReactionComment, text: ReactNode) => (
  <ContentWarningGate warning={comment.warning} filtered={comment.filtered}>
    {text}
  </ContentWarningGate>
);
