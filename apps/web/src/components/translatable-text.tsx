import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage, translationRoutes, type Language } from '@juntos/domain';
import { apiCall } from '../lib/api-client';
import { detectLanguage } from '../lib/text-language';
import { hasDeviceTranslator, translateText, translationMeans } from '../lib/text-translation';
import { Button } from './ui/button';
import './translatable-text.css';
import { displayNames } from '../lib/intl-formats';

/** Whether the operator runs a translation server: asked once a session, on the first text shown. */
const serviceQuery = {
  queryKey: ['translation', 'service'],
  queryFn: () => apiCall(translationRoutes.service),
  staleTime: Infinity,
  retry: false,
} as const;

/**
 * A member's text (a post, a comment, a chat message), marked with the language it is written in
 * and, when that is not the reader's and a translator is at hand, with a "Translate" action that
 * shows it in the reader's language, names the original language, and goes back (issue 37).
 * Without a translator nothing is offered and nothing is sent anywhere.
 */
export function TranslatableText({
  text,
  className,
  own = false,
}: {
  text: string;
  className: string;
  /** The reader wrote it: they know what it says, so nothing is offered. */
  own?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const reader: Language = isSupportedLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const noteId = useId();
  const translateRef = useRef<HTMLButtonElement>(null);
  const originalRef = useRef<HTMLButtonElement>(null);
  const [wanted, setWanted] = useState(false);
  const moveFocus = useRef(false);

  const service = useQuery(serviceQuery);
  const serverTranslates = service.data?.server ?? false;
  const mayTranslate = !own && (hasDeviceTranslator() || serverTranslates);
  const detected = useQuery({
    queryKey: ['translation', 'language', reader, text],
    queryFn: async () => (await detectLanguage(text, reader)) ?? null,
    enabled: mayTranslate,
    staleTime: Infinity,
  });
  const source = detected.data ?? undefined;
  const foreign = source !== undefined && source !== reader;
  const means = useQuery({
    queryKey: ['translation', 'means', source, reader, serverTranslates],
    queryFn: () => translationMeans(source ?? reader, reader, serverTranslates),
    enabled: foreign,
    staleTime: Infinity,
  });
  const how = means.data && means.data !== 'none' ? means.data : undefined;
  // Cached per text and pair of languages: opening the same text again translates nothing.
  const translation = useQuery({
    queryKey: ['translation', 'text', source, reader, text],
    queryFn: () => translateText(text, source ?? reader, reader, how ?? 'server'),
    enabled: wanted && how !== undefined,
    staleTime: Infinity,
    retry: false,
  });
  const showing = wanted && translation.data !== undefined;

  useEffect(() => {
    if (!moveFocus.current) return;
    if (showing) originalRef.current?.focus();
    else if (!wanted) translateRef.current?.focus();
    else return;
    moveFocus.current = false;
  }, [showing, wanted]);

  if (showing && source) {
    const languageName = displayNames(reader, { type: 'language' }).of(source) ?? source;
    return (
      <>
        <p className={className} lang={reader}>
          {translation.data}
        </p>
        <p className="translatable__note">
          <span id={noteId}>{t('text_translation.translated_from', { language: languageName })}</span>{' '}
          <Button
            ref={originalRef}
            variant="ghost"
            size="small"
            aria-describedby={noteId}
            onClick={() => {
              moveFocus.current = true;
              setWanted(false);
            }}
          >
            {t('text_translation.show_original')}
          </Button>
        </p>
      </>
    );
  }

  const busy = wanted && translation.isFetching;
  return (
    <>
      <p className={className}>
        <span lang={source}>{text}</span>
        {foreign && how && (
          <>
            {' '}
            <Button
              ref={translateRef}
              variant="ghost"
              size="small"
              pictogram="globe"
              className="translatable__action"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (busy) return;
                moveFocus.current = true;
                if (wanted) void translation.refetch();
                setWanted(true);
              }}
            >
              {busy ? t('text_translation.translating') : t('text_translation.translate')}
            </Button>
          </>
        )}
      </p>
      {wanted && translation.isError && (
        <p className="message message--error translatable__note" role="alert">
          {t('text_translation.failed')}
        </p>
      )}
    </>
  );
}
