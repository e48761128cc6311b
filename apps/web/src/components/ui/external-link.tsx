import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './external-link.css';

/** A link that opens in a new tab and says so to assistive technology. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={['external-link', className].filter(Boolean).join(' ')}
    >
      {children}
      <span className="visually-hidden"> {t('app.opens_new_tab')}</span>
    </a>
  );
}
