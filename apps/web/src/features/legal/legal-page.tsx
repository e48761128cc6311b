import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { LEGAL_DOCUMENTS, type LegalDocument, type LegalDocumentName } from '@juntos/domain';
import { PageLoading } from '../../components/ui/page-loading';
import { useDocumentTitle } from '../../lib/use-document-title';
import NotFoundPage from '../not-found/not-found-page';
import { LegalSectionBody } from './legal-section-body';
import { LegalSummary } from './legal-summary';
import { useLegalDocumentQuery } from './use-legal-document';
import { ReadAloudButton, readAloudUnit } from '../read-aloud/read-aloud-button';
import '../../components/ui/form-message.css';
import './legal.css';
import { dateTimeFormat } from '../../lib/intl-formats';

function isLegalDocument(value: string | undefined): value is LegalDocumentName {
  return !!value && (LEGAL_DOCUMENTS as readonly string[]).includes(value);
}

function formatDate(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

function sectionAnchor(section: LegalDocument['sections'][number], index: number): string {
  return section.id ?? `legal-section-${index + 1}`;
}

/**
 * The document arrives after the page has rendered, so the browser cannot scroll to a link's
 * fragment (`/politica/privacy#deletion`) by itself: once the sections are there, move to the named
 * one and put the focus on it, so keyboard and screen-reader users continue reading from there.
 * The page's scroll padding leaves out the top bar, measured where it stays in view (it wraps onto
 * several lines on a phone or with large text), and legal.css a little room above the heading.
 */
function useScrollToFragment(loaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!loaded || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
}

function LegalDocumentView({ name }: { name: LegalDocumentName }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const query = useLegalDocumentQuery(name, language);
  useDocumentTitle(query.data?.title ?? t(`titles.${name}`));
  useScrollToFragment(query.isSuccess);

  useEffect(() => {
    // Spec §8: a document that fails to load is logged; the page says so too.
    if (query.error) console.error('Legal document failed to load', query.error);
  }, [query.error]);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return (
      <section className="page page--narrow">
        <h1>{t(`titles.${name}`)}</h1>
        <p role="alert" className="message message--error">
          {t('legal.load_error')}
        </p>
      </section>
    );
  }

  const document = query.data;
  return (
    <article className="page page--narrow legal-document">
      <h1>{document.title}</h1>
      <p className="legal-document__updated">
        {t('legal.last_update', { date: formatDate(document.last_update, language) })}
      </p>
      <LegalSummary name={name} fullTextId="legal-contents" />
      <nav aria-labelledby="legal-contents" className="legal-document__contents">
        <h2 id="legal-contents">{t('legal.contents')}</h2>
        <ol>
          {document.sections.map((section, index) => (
            <li key={index}>
              <a href={`#${sectionAnchor(section, index)}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section, index) => {
        const anchor = sectionAnchor(section, index);
        return (
          <section key={index} id={anchor} aria-labelledby={`${anchor}-title`} {...readAloudUnit}>
            <h2 id={`${anchor}-title`}>{section.title}</h2>
            <ReadAloudButton what={section.title} />
            <LegalSectionBody section={section} />
          </section>
        );
      })}
      <p>
        <Link to="/">{t('legal.back_home')}</Link>
      </p>
    </article>
  );
}

/** /politica/privacy|cookies|terms|legal (spec §2). */
export default function LegalPage() {
  const { document } = useParams();
  if (!isLegalDocument(document)) return <NotFoundPage />;
  return <LegalDocumentView name={document} />;
}
