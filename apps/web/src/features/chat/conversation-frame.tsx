import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import './chat.css';

/**
 * A conversation's region, named by its heading (`title`), with the button back to the list of
 * conversations that a narrow screen needs: the same for a friend and for a former member.
 * `actions` follow the heading in the header.
 */
export function ConversationFrame({
  title,
  actions,
  onBack,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  onBack: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="conversation" aria-labelledby={headingId}>
      <div className="conversation__header">
        <Button size="small" className="conversation__back" onClick={onBack}>
          <span aria-hidden="true">←</span> {t('chat.back')}
        </Button>
        <h2 id={headingId} className="conversation__title">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
