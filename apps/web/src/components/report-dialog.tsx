import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, friendshipRoutes, type ReportReason, type ReportTargetType } from '@juntos/domain';
import { apiCall } from '../lib/api-client';
import { Dialog } from './ui/dialog';
import { SelectField, TextAreaField } from './ui/field';
import { Button } from './ui/button';
import './ui/dialog.css';
import './ui/field.css';

const sendReport = (targetType: ReportTargetType, targetId: number, reason: ReportReason, details: string) =>
  apiCall(friendshipRoutes.report, {
    body: { target_type: targetType, target_id: targetId, reason, details },
  });

/**
 * Reporting a member or something they published to the moderators (a profile, a post, a
 * comment, a gallery image). The moderators' answer comes back as a notice on the home page.
 */
export function ReportDialog({
  targetType,
  targetId,
  onClose,
}: {
  targetType: ReportTargetType;
  targetId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason>(REPORT_REASONS[0]);
  const [details, setDetails] = useState('');
  const send = useMutation({
    mutationFn: () => sendReport(targetType, targetId, reason, details),
    onSuccess: () => {
      toast.success(t('report.done'));
      onClose();
    },
    onError: () => toast.error(t('report.error')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <Dialog open title={t(`report.title.${targetType}`)} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <SelectField
          label={t('report.reason')}
          value={reason}
          onChange={(event) =>
            setReason(REPORT_REASONS.find((item) => item === event.target.value) ?? REPORT_REASONS[0])
          }
        >
          {REPORT_REASONS.map((item) => (
            <option key={item} value={item}>
              {t(`report.reasons.${item}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('report.details')}
          value={details}
          maxLength={2000}
          onChange={(event) => setDetails(event.target.value)}
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
