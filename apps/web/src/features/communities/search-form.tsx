import type * as z from 'zod/v4/core';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { errorText, useSchemaForm } from '../../lib/forms';
import './communities.css';

type SearchSchema = z.$ZodType<{ q: string }, { q: string }>;

/**
 * A one-field search checked by the server's own schema for the text (required once trimmed, not
 * too long); "Show all" clears a search that is on. The list page searches communities by name,
 * a community's page searches its posts.
 */
export function SearchForm({
  schema,
  label,
  current,
  onSearch,
}: {
  schema: SearchSchema;
  label: string;
  current: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(schema, { defaultValues: { q: current } });
  return (
    <form
      role="search"
      aria-label={label}
      className="community-search"
      noValidate
      onSubmit={(event) => void form.handleSubmit(({ q }) => onSearch(q))(event)}
    >
      <TextField
        label={label}
        type="search"
        autoComplete="off"
        {...form.register('q')}
        error={errorText(t, form.formState.errors.q)}
      />
      <div className="button-row">
        <Button type="submit" variant="primary">
          {t('communities.search_button')}
        </Button>
        {current && (
          <Button
            onClick={() => {
              form.reset({ q: '' });
              onSearch('');
            }}
          >
            {t('communities.search_clear')}
          </Button>
        )}
      </div>
    </form>
  );
}
