import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../app/navigation';
import { Dialog } from '../../components/ui/dialog';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useOrphacodeStatus } from './resources-api';
import { Button, buttonClass } from '../../components/ui/button';
import '../../components/ui/dialog.css';

const CARDS = [
  ['/recursos/asociaciones', 'associations', 'group'],
  ['/recursos/proyectos', 'projects', 'flask'],
  ['/recursos/centros', 'centres', 'hospital'],
  ['/recursos/para-ti', 'for_you', 'heart'],
  ['/perfil-funcional', 'functional_profile', 'person'],
  ['/recursos/nube-palabras', 'word_cloud', 'cloud'],
] as const;

/**
 * /recursos (spec §2 "Resources hub"): five cards. When the disease code saved in the member's
 * profile is no longer current (obsoleto) or not of a rare disease (no_raro), a dialog says what
 * that means and how to choose the disease again.
 */
export default function ResourcesHubPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.recursos'));
  const status = useOrphacodeStatus();
  const [dismissed, setDismissed] = useState(false);
  const estado = status.data?.estado;
  const warning = estado === 'obsoleto' || estado === 'no_raro' ? estado : undefined;

  return (
    <section className="page">
      <h1>{t('resources.title')}</h1>
      <p>{t('resources.intro')}</p>
      <ul className="feature-list">
        {CARDS.map(([path, card, pictogram]) => (
          <li key={card} className="feature-list__item">
            <h2>
              <AppLink to={path} pictogram={pictogram}>
                {t(`resources.cards.${card}_title`)}
              </AppLink>
            </h2>
            <p>{t(`resources.cards.${card}_text`)}</p>
          </li>
        ))}
      </ul>
      <Dialog
        open={warning !== undefined && !dismissed}
        title={t(`resources.code_warning.${warning ?? 'obsoleto'}_title`)}
        onClose={() => setDismissed(true)}
      >
        <p>
          {t(`resources.code_warning.${warning ?? 'obsoleto'}_text`, { code: status.data?.orphacode ?? '' })}
        </p>
        <p>{t('resources.code_warning.how_to_update')}</p>
        <div className="dialog__actions">
          <AppLink to="/edit-profile" pictogram="pencil" className={buttonClass({ variant: 'primary' })}>
            {t('resources.code_warning.update')}
          </AppLink>
          <Button onClick={() => setDismissed(true)} autoFocus>
            {t('resources.code_warning.later')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
