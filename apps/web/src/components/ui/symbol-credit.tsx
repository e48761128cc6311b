import { useTranslation } from 'react-i18next';
import { ExternalLink } from './external-link';

/**
 * The source and licence of the symbol pictures: CC BY-SA 4.0 asks for them where the pictures are
 * used (issue 21), so every screen that shows them in body text carries this line.
 */
export function SymbolCredit({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={className}>
      {t('symbols.credit.label')} <ExternalLink href="https://openmoji.org/">OpenMoji</ExternalLink> –{' '}
      {t('symbols.credit.project')},{' '}
      <ExternalLink href="https://creativecommons.org/licenses/by-sa/4.0/">CC BY-SA 4.0</ExternalLink>
    </p>
  );
}
