import { useTranslation } from 'react-i18next';
import type { ContentWarning } from '@juntos/domain';

/** A warning's words: the writer's own for "other", else the name of its kind in the reader's language. */
export function useWarningLabel() {
  const { t } = useTranslation();
  return (warning: ContentWarning) =>
    warning.kind === 'other' && warning.text ? warning.text : t(`content_warning.kinds.${warning.kind}`);
}
