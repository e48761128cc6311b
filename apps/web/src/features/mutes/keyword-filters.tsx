import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  KEYWORD_FILTER_ACTIONS,
  KEYWORD_PHRASE_LIMITS,
  KeywordFilterFormSchema,
  muteRoutes,
  type KeywordFilter,
  type KeywordFilterForm,
} from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { apiCall } from '../../lib/api-client';
import { errorText, useSchemaForm } from '../../lib/forms';

const SERVER_FIELDS = { phrase: 'phrase', action: 'action' } as const;

/**
 * Words and phrases the member filters (issue 37 point 3): posts and comments holding one are
 * hidden, or shown closed behind it. Added and removed here; the server applies them everywhere.
 */
export function KeywordFilters({ filters }: { filters: readonly KeywordFilter[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' }>();
  // Feeds, comments and notifications all change: everything shown is asked again.
  const refresh = () => queryClient.invalidateQueries();
  const add = useMutation({
    mutationFn: (form: KeywordFilterForm) => apiCall(muteRoutes.addKeyword, { body: form }),
    onSuccess: async (filter) => {
      setMessage({ text: t('mutes.keyword_added', { phrase: filter.phrase }), tone: 'success' });
      reset({ phrase: '', action: 'hide' });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (filter: KeywordFilter) => apiCall(muteRoutes.removeKeyword, { params: { id: filter.id } }),
    onSuccess: async (_answer, filter) => {
      setMessage({ text: t('mutes.keyword_removed', { phrase: filter.phrase }), tone: 'success' });
      await refresh();
    },
    onError: () => setMessage({ text: t('mutes.error'), tone: 'error' }),
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(KeywordFilterFormSchema, {
    defaultValues: { phrase: '', action: 'hide' },
    failure: add.error,
    serverFields: SERVER_FIELDS,
    reValidateMode: 'onSubmit',
  });
  const submit = handleSubmit((form) => add.mutate(form));

  return (
    <section aria-labelledby="keyword-filters-title">
      <h3 id="keyword-filters-title">{t('mutes.keywords_title')}</h3>
      <p>{t('mutes.keywords_intro')}</p>
      {filters.length === 0 ? (
        <p>{t('mutes.keywords_none')}</p>
      ) : (
        <ul className="member-list">
          {filters.map((filter) => (
            <li key={filter.id} className="member-summary">
              <span className="member-summary__name">
                {t(`mutes.keyword_in_list_${filter.action}`, { phrase: filter.phrase })}
              </span>
              <Button size="small" disabled={remove.isPending} onClick={() => remove.mutate(filter)}>
                {t('mutes.keyword_remove')} <span className="visually-hidden">{filter.phrase}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormMessage text={message?.text} tone={message?.tone} />
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('mutes.keyword_label')}
          hint={t('mutes.keyword_hint')}
          maxLength={KEYWORD_PHRASE_LIMITS.max}
          {...register('phrase')}
          error={errorText(t, errors.phrase)}
        />
        <SelectField
          label={t('mutes.keyword_action_label')}
          {...register('action')}
          error={errorText(t, errors.action)}
        >
          {KEYWORD_FILTER_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`mutes.keyword_action_${action}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={add.isPending}>
          {t('mutes.keyword_add')}
        </Button>
      </form>
    </section>
  );
}
