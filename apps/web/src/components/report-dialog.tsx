import { lazy, Suspense, type ComponentProps } from 'react';

const ReportFormDialog = lazy(() => import('./report-form-dialog'));

/**
 * The report dialog, fetched when a member starts a report: its form library is otherwise not
 * needed by the pages that offer reporting (the chat, a profile, a picture), and a phone loads
 * each signed-in page sooner without it (issue 36). It opens once its script is here.
 */
export function ReportDialog(props: ComponentProps<typeof ReportFormDialog>) {
  return (
    <Suspense fallback={null}>
      <ReportFormDialog {...props} />
    </Suspense>
  );
}
