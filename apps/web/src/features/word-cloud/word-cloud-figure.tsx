import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { wordCloudQuery } from './word-cloud-api';
import '../../components/ui/form-message.css';
import './word-cloud.css';

/**
 * The word cloud of declared diseases (drawn by the server in the interface language), with a
 * text alternative naming every word and, below it, the same words with their counts.
 */
export function WordCloudFigure({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const cloud = useQuery(wordCloudQuery(language));
  const Heading = `h${headingLevel}` as const;

  if (cloud.isPending)
    return (
      <p role="status" className="page-loading">
        {t('word_cloud.loading')}
      </p>
    );
  if (cloud.isError)
    return (
      <p role="alert" className="message message--error">
        {t('word_cloud.error')}
      </p>
    );
  if (!cloud.data.image_url || cloud.data.words.length === 0)
    return <p className="word-cloud__empty">{t('word_cloud.empty')}</p>;

  const list = cloud.data.words.map((word) => word.text).join(', ');
  return (
    <figure className="word-cloud">
      <img
        className="word-cloud__image"
        src={cloud.data.image_url}
        alt={t('word_cloud.alt', { list })}
        width="900"
        height="520"
      />
      <figcaption>
        <details>
          <summary>
            <Heading className="word-cloud__list-title">{t('word_cloud.list_title')}</Heading>
          </summary>
          <ul className="word-cloud__list">
            {cloud.data.words.map((word) => (
              <li key={word.text}>
                {word.text}: {t('word_cloud.members', { count: word.members })}
              </li>
            ))}
          </ul>
        </details>
      </figcaption>
    </figure>
  );
}
