import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  REPORT_REASONS,
  ReportSchema,
  friendshipRoutes,
  type ReportInput,
  type ReportReason,
  type ReportTargetType,
} from '@juntos/domain';
import { apiCall } from '../lib/api-client';
import { errorText, useSchemaForm } from '../lib/forms';
import { Dialog } from './ui/dialog';
import { SelectField, TextAreaField } from './ui/field';
import { Button } from './ui/button';
import './ui/dialog.css';
import './ui/field.css';

const sendReport = (targetType: ReportTargetType, targetId: number, reason: ReportReason, details: string) =>
  apiCall(friendshipRoutes.report, {
    body: { target_type: targetType, target_id: targetId, reason, details },
  });

/** The server names the report's own fields. */
const SERVER_FIELDS = { reason: 'reason', details: 'details' } as const;

/**
 * Reporting a member or something they published to the moderators (a profile, a post, a
 * comment, a gallery image). The moderators' answer comes back as a notice on the home page.
 * Loaded when a report is started (report-dialog.tsx).
 */
export default function ReportFormDialog({
  targetType,
  targetId,
  onClose,
}: {
  targetType: ReportTargetType;
  targetId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const send = useMutation({
    mutationFn: ({ reason, details }: ReportInput) => sendReport(targetType, targetId, reason, details ?? ''),
    onSuccess: () => {
      toast.success(t('report.done'));
      onClose();
    },
    onError: () => toast.error(t('report.error')),
  });
  // What is reported rides along in the form's values, so the whole report is checked.
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useSchemaForm(ReportSchema, {
    defaultValues: { target_type: targetType, target_id: targetId, reason: REPORT_REASONS[0], details: '' },
    failure: send.error,
    serverFields: SERVER_FIELDS,
  });
  // The report is sent as typed (the server trims it).
  const submit = handleSubmit(() => send.mutate(getValues()));
  return (
    <Dialog open title={t(`report.title.${targetType}`)} onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <SelectField label={t('report.reason')} {...register('reason')} error={errorText(t, errors.reason)}>
          {REPORT_REASONS.map((item) => (
            <option key={item} value={item}>
              {t(`report.reasons.${item}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('report.details')}
          maxLength={2000}
          {...register('details')}
          error={errorText(t, errors.details)}
        />
        <div className="dialog__actions">
          <Button onClick={onClose}>{t('report.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={send.isPending}>
            {t('report.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
