import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLink } from '../../app/navigation';
import type { LegalDocumentName } from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { Dialog } from '../../components/ui/dialog';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LegalSectionBody } from '../legal/legal-section-body';
import { useLegalDocumentQuery } from '../legal/use-legal-document';
import { Button, buttonClass } from '../../components/ui/button';
import { KeyIdea } from '../../components/ui/key-idea';
import { SymbolCredit } from '../../components/ui/symbol-credit';
import '../../components/ui/dialog.css';
import '../../components/ui/field.css';

/**
 * The features of spec §2 "Info home" (and communities), each with the screen it leads to, its
 * easy-read pictogram, and the board's picture for the idea of its text (issue 34).
 */
const FEATURES = [
  ['resources', '/recursos', 'arrow', 'hospital'],
  ['posts', '/feed', 'arrow', 'talk'],
  // Issue 18, not in spec §2.
  ['communities', '/comunidades', 'arrow', 'family'],
  ['new_post', '/new-post', 'pencil', 'i_want'],
  ['friends', '/buscar/amigos', 'friends', 'friend'],
  ['profile', '/profile', 'arrow', 'me'],
  ['gallery', '/gallery', 'arrow', 'happy'],
  ['chat', '/chat', 'arrow', 'call'],
  ['coins', '/monetizacion', 'arrow', 'shop'],
  ['notifications', '/solicitudes', 'arrow', 'hello'],
  ['search', '/buscar', 'arrow', 'where'],
  ['logout', '/logout', 'arrow', 'go'],
] as const;

function DocumentDialog({ name, onClose }: { name: LegalDocumentName; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const document = useLegalDocumentQuery(name, i18n.resolvedLanguage ?? 'en');
  return (
    <Dialog
      open
      title={document.data?.title ?? t(`titles.${name}`)}
      onClose={onClose}
      className="dialog--document"
    >
      <QueryState query={document} errorText={t('info.document_error')}>
        {(loaded) => (
          <div className="dialog__scroll">
            {loaded.sections.map((section, index) => (
              <section key={index}>
                <h3>{section.title}</h3>
                <LegalSectionBody section={section} />
              </section>
            ))}
          </div>
        )}
      </QueryState>
      <div className="dialog__actions">
        <Button variant="primary" onClick={onClose} autoFocus>
          {t('info.close')}
        </Button>
      </div>
    </Dialog>
  );
}

/** /info (spec §2 "Info home"): where a member with a complete profile lands after sign-in. */
export default function InfoPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.info'));
  const [document, setDocument] = useState<LegalDocumentName>();

  return (
    <section className="page">
      <h1>{t('info.title')}</h1>
      <MinorReviewNotice />
      <p className="info__intro">{t('info.intro')}</p>
      <div className="form__links">
        <AppLink to="/dashboard" pictogram="arrow" className={buttonClass({ variant: 'primary' })}>
          {t('info.go_dashboard')}
        </AppLink>
        <Link to="/profile" className={buttonClass()}>
          {t('info.go_profile')}
        </Link>
      </div>
      <h2>{t('info.features_title')}</h2>
      <ul className="feature-list">
        {FEATURES.map(([feature, path, pictogram, symbol]) => (
          <li key={feature} className="feature-list__item">
            <h3>
              <AppLink to={path} pictogram={pictogram}>
                {t(`info.features.${feature}.title`)}
              </AppLink>
            </h3>
            <KeyIdea symbol={symbol}>{t(`info.features.${feature}.text`)}</KeyIdea>
          </li>
        ))}
      </ul>
      <div className="form__links">
        <Button onClick={() => setDocument('terms')}>{t('info.terms_button')}</Button>
        <Button onClick={() => setDocument('privacy')}>{t('info.privacy_button')}</Button>
      </div>
      <SymbolCredit className="info__credits" />
      {document && <DocumentDialog name={document} onClose={() => setDocument(undefined)} />}
    </section>
  );
}
