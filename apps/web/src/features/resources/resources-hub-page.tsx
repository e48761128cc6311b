import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/dialog';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useOrphacodeStatus } from './resources-api';
import { Button, buttonClass } from '../../components/ui/button';

const CARDS = [
  ['/recursos/asociaciones', 'associations'],
  ['/recursos/proyectos', 'projects'],
  ['/recursos/centros', 'centres'],
  ['/perfil-funcional', 'functional_profile'],
  ['/recursos/nube-palabras', 'word_cloud'],
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
        {CARDS.map(([path, card]) => (
          <li key={card} className="feature-list__item">
            <h2>
              <Link to={path}>{t(`resources.cards.${card}_title`)}</Link>
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
          <Link to="/edit-profile" className={buttonClass({ variant: 'primary' })}>
            {t('resources.code_warning.update')}
          </Link>
          <Button onClick={() => setDismissed(true)} autoFocus>
            {t('resources.code_warning.later')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
