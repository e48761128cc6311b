import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminNav } from './admin-nav';

/** The frame of every administration screen: its title (also the document's) and the area's menu. */
export function AdminScreen({
  title,
  narrow = false,
  children,
}: {
  title: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section className={narrow ? 'page page--narrow' : 'page'}>
      <h1>{title}</h1>
      <AdminNav />
      {children}
    </section>
  );
}

/** A failed admin action as a toast: the server's explanation in the admin's language, or a generic one. */
export function useActionErrorToast() {
  const { t } = useTranslation();
  return (error: Error) =>
    toast.error(
      error instanceof ApiRequestError
        ? (error.body?.error ?? t('admin.action_error'))
        : t('admin.action_error'),
    );
}
