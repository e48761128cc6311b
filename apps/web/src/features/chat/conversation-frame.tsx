import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useLogFitsScreen } from './use-log-fits-screen';
import './chat.css';

/**
 * A conversation's region, named by its heading (`title`), with the button back to the list of
 * conversations that a narrow screen needs: the same for a friend and for a former member.
 * `actions` follow the heading in the header.
 *
 * `onePane`: the conversation replaced the list (a phone). The button that opened it is gone, so
 * the focus moves to the heading, and the region is brought to the top of the screen, where it
 * fills the height with the message box in view (chat.css). Beside the list, the log's height is
 * measured so that the message box stays in view too (use-log-fits-screen.ts).
 */
export function ConversationFrame({
  title,
  actions,
  onBack,
  onePane,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  onBack: () => void;
  onePane: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useLogFitsScreen(sectionRef, !onePane);
  useEffect(() => {
    if (!onePane) return;
    // At once, as a new screen would be: Chromium runs one smooth scroll at a time, and this one
    // cut short the log's own scroll to its latest message.
    sectionRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
    // Once, when the conversation is shown: not again when the screen turns or the text grows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section ref={sectionRef} className="conversation" aria-labelledby={headingId}>
      <div className="conversation__header">
        <Button size="small" className="conversation__back" onClick={onBack}>
          <span aria-hidden="true">←</span> {t('chat.back')}
        </Button>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="conversation__title">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
