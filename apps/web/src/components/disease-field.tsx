import { startTransition, useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { findDisease, useDiseaseList, type Disease } from '../lib/disease-list';
import { TextField } from './ui/field';

type DiseaseFieldProps = {
  label: string;
  hint: string;
  value: string;
  onChange: (name: string, disease: Disease | undefined) => void;
  error?: string | undefined;
  /** The text box, for a form that gives the focus to a refused field. */
  ref?: Ref<HTMLInputElement>;
};

/**
 * A disease name with suggestions from the list of the interface language (a native datalist:
 * typing filters it, arrow keys and Enter choose, and screen readers announce it). A name from
 * the list brings its ORPHA code; any other text stays free text without a code.
 *
 * The list has some 840 names. Its options are rendered once the field is first focused, not
 * with the page: building them held a phone's main thread for over a second on the profile form
 * and the directory (issue 36, Lighthouse), where most visits never open the field. They are
 * rendered in a transition, so typing right away is not held up either.
 */
export function DiseaseField({ label, hint, value, onChange, error, ref }: DiseaseFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const listId = useId();
  const diseases = useDiseaseList(language);
  const [suggesting, setSuggesting] = useState(false);
  const chosen = findDisease(diseases.data, value, language);
  const note = chosen
    ? t('profile_edit.disease_code', { code: chosen.code })
    : value.trim()
      ? t('profile_edit.disease_not_in_list')
      : undefined;

  return (
    <>
      <TextField
        label={label}
        hint={
          <>
            {hint}
            {note && (
              <>
                <br />
                <span aria-live="polite">{note}</span>
              </>
            )}
          </>
        }
        ref={ref}
        value={value}
        list={listId}
        autoComplete="off"
        maxLength={200}
        error={error}
        onFocus={() => {
          if (!suggesting) startTransition(() => setSuggesting(true));
        }}
        onChange={(event) => {
          const name = event.target.value;
          onChange(name, findDisease(diseases.data, name, language));
        }}
      />
      <datalist id={listId}>
        {suggesting && diseases.data?.map((disease) => <option key={disease.code} value={disease.name} />)}
      </datalist>
    </>
  );
}
