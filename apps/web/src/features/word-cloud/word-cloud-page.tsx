import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { WordCloudFigure } from './word-cloud-figure';

/** /recursos/nube-palabras (spec §2 "Word cloud page"). */
export default function WordCloudPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.word_cloud'));
  return (
    <section className="page">
      <h1>{t('word_cloud.title')}</h1>
      <p>{t('word_cloud.intro')}</p>
      <WordCloudFigure />
    </section>
  );
}
