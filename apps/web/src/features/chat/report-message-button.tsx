import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import './chat.css';

/**
 * A received message's "Report" button. Screen readers hear which message it reports
 * (`description`, visually hidden), since a column of identical "Report" buttons tells them nothing.
 */
export function ReportMessageButton({
  description,
  onReport,
}: {
  description: string;
  onReport: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button size="small" className="chat-message__report" onClick={onReport}>
      {t('report.action')}
      <span className="visually-hidden"> {description}</span>
    </Button>
  );
}
