import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BOARD_SYMBOLS,
  SYMBOL_CATEGORIES,
  SYMBOL_LIMITS,
  SymbolPhraseCreateSchema,
  symbolById,
  type SymbolPhrase,
} from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { ApiRequestError } from '../../lib/api-client';
import { errorText, useSchemaForm } from '../../lib/forms';
import {
  addSymbolPhrase,
  fetchSymbolPhrases,
  removeSymbolPhrase,
  symbolPhraseKeys,
} from './symbol-phrases-api';
import { SYMBOL_IMAGES } from '../../lib/symbol-images';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';
import './symbol-board.css';

/** The server names the phrase's own fields. */
const SERVER_FIELDS = { text: 'text', symbol: 'symbol' } as const;

/**
 * The member's own phrases (issue 21): each a button that writes the phrase, with a button to
 * remove it, and a small form to add one with a picture of the board. Loaded when the tab is
 * first opened, not with every conversation.
 */
export function MyPhrases({ onChoose }: { onChoose: (symbolId: string, words: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formId = useId();
  const phrases = useQuery({ queryKey: symbolPhraseKeys.all, queryFn: fetchSymbolPhrases });
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: symbolPhraseKeys.all });
  const add = useMutation({
    mutationFn: addSymbolPhrase,
    onSuccess: async () => {
      reset({ text: '', symbol: getValues('symbol') });
      setMessage({ text: t('symbols.phrases.added'), tone: 'success' });
      await refresh();
    },
    onError: (error) => {
      const body = error instanceof ApiRequestError ? error.body : undefined;
      setMessage({ text: body?.error ?? t('symbols.phrases.save_error'), tone: 'error' });
    },
  });
  const remove = useMutation({
    mutationFn: (phrase: SymbolPhrase) => removeSymbolPhrase(phrase.id),
    onSuccess: async () => {
      setMessage({ text: t('symbols.phrases.removed'), tone: 'success' });
      await refresh();
      // The removed phrase's buttons are gone: the form's field is a sensible place to be.
      document.getElementById(`${formId}-text`)?.focus();
    },
    onError: () => setMessage({ text: t('symbols.phrases.remove_error'), tone: 'error' }),
  });

  const {
    register,
    handleSubmit,
    reset,
    getValues,
    watch,
    formState: { errors },
  } = useSchemaForm(SymbolPhraseCreateSchema, {
    defaultValues: { text: '', symbol: BOARD_SYMBOLS[0]?.id ?? '' },
    failure: add.error,
    serverFields: SERVER_FIELDS,
    reValidateMode: 'onSubmit',
  });
  const fieldErrors = { text: errorText(t, errors.text), symbol: errorText(t, errors.symbol) };
  const submit = handleSubmit((phrase) => add.mutate(phrase));

  const list = phrases.data ?? [];
  const atLimit = list.length >= SYMBOL_LIMITS.phrasesPerMember;
  const preview = symbolById(watch('symbol'));

  return (
    <div className="my-phrases">
      {phrases.isError ? (
        <p className="message message--error">{t('symbols.phrases.load_error')}</p>
      ) : phrases.isPending ? null : list.length === 0 ? (
        <p>{t('symbols.phrases.empty')}</p>
      ) : (
        <ul className="symbol-board__grid">
          {list.map((phrase) => {
            const pictogram = symbolById(phrase.symbol);
            return (
              <li key={phrase.id} className="my-phrases__item">
                <button
                  type="button"
                  className="symbol-button"
                  onClick={() => onChoose(phrase.symbol, phrase.text)}
                >
                  {pictogram && <img src={SYMBOL_IMAGES[pictogram.hexcode]} alt="" width={48} height={48} />}
                  <span className="symbol-button__label">{phrase.text}</span>
                </button>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={remove.isPending}
                  aria-label={t('symbols.phrases.remove', { text: phrase.text })}
                  onClick={() => remove.mutate(phrase)}
                >
                  <span aria-hidden="true">×</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <FormMessage text={message?.text} tone={message?.tone} />
      {atLimit ? (
        <p>{t('symbols.phrases.limit', { max: SYMBOL_LIMITS.phrasesPerMember })}</p>
      ) : (
        // A nested <form> is not allowed inside the composer's form: this is a group with its own
        // button, submitted by that button or by Enter in its field.
        <div role="group" aria-labelledby={`${formId}-title`} className="my-phrases__form">
          <h3 id={`${formId}-title`} className="my-phrases__title">
            {t('symbols.phrases.add_title')}
          </h3>
          <div className="field">
            <label htmlFor={`${formId}-text`} className="field__label">
              {t('symbols.phrases.text_label')}
            </label>
            <p id={`${formId}-text-hint`} className="field__hint">
              {t('symbols.phrases.text_hint', { max: SYMBOL_LIMITS.phraseLength })}
            </p>
            <input
              id={`${formId}-text`}
              className="field__control"
              maxLength={SYMBOL_LIMITS.phraseLength}
              aria-invalid={fieldErrors.text ? true : undefined}
              aria-describedby={`${formId}-text-hint${fieldErrors.text ? ` ${formId}-text-error` : ''}`}
              {...register('text')}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void submit(event);
              }}
            />
            {fieldErrors.text && (
              <p id={`${formId}-text-error`} className="field__error">
                {fieldErrors.text}
              </p>
            )}
          </div>
          <div className="field my-phrases__symbol">
            <label htmlFor={`${formId}-symbol`} className="field__label">
              {t('symbols.phrases.symbol_label')}
            </label>
            <div className="my-phrases__symbol-row">
              <select
                id={`${formId}-symbol`}
                className="field__control"
                aria-invalid={fieldErrors.symbol ? true : undefined}
                aria-describedby={fieldErrors.symbol ? `${formId}-symbol-error` : undefined}
                {...register('symbol')}
              >
                {SYMBOL_CATEGORIES.map((category) => (
                  <optgroup key={category} label={t(`symbols.categories.${category}`)}>
                    {BOARD_SYMBOLS.filter((entry) => entry.category === category).map((entry) => (
                      <option key={entry.id} value={entry.id}>
                        {t(entry.labelKey)}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              {preview && <img src={SYMBOL_IMAGES[preview.hexcode]} alt="" width={40} height={40} />}
            </div>
            {fieldErrors.symbol && (
              <p id={`${formId}-symbol-error`} className="field__error">
                {fieldErrors.symbol}
              </p>
            )}
          </div>
          <Button
            // Not `disabled`: a disabled button drops the focus of whoever pressed it, and a
            // keyboard user would then be outside the board (issue 34).
            aria-disabled={add.isPending || undefined}
            onClick={(event) => {
              if (!add.isPending) void submit(event);
            }}
          >
            {add.isPending ? t('symbols.phrases.adding') : t('symbols.phrases.add')}
          </Button>
        </div>
      )}
    </div>
  );
}
