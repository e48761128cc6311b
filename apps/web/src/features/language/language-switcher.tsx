import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, isSupportedLanguage } from '@juntos/domain';
import { Pictogram } from '../../components/ui/pictogram';
import '../../components/ui/field.css';
import './language-switcher.css';

/** Interface language picker; each language is named in its own language. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isSupportedLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="language-switcher__label">
        <Pictogram name="globe" />
        {t('language.label')}
      </label>
      <select
        id={id}
        className="field__control language-switcher__select"
        value={current}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
