import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import {
  useForm,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormSetError,
} from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { MAX_IMAGE_MEGABYTES } from '@juntos/domain';
import { ApiRequestError } from './api-client';

/**
 * A form checked by one of the zod schemas of `packages/domain` (the server checks the same).
 * On a refused submit, the first invalid field (in the order the fields were registered, which is
 * the order on screen) takes the focus, so a keyboard or screen-reader user lands on the problem.
 */
export function useSchemaForm<Schema extends z.$ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    shouldFocusError: true,
    ...options,
  });
}

/** The server's per-field messages of a 400 validation_failed answer. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? (error.body?.fields ?? {}) : {};
}

/**
 * The text of a field's error. A schema's message is a translation key (the only value one names
 * is the image limit); a message the server sent is already in the member's language.
 */
export function errorText(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : t(error.message, { max: MAX_IMAGE_MEGABYTES });
}

/**
 * Puts the server's per-field messages of a 400 validation_failed answer on the form's fields and
 * focuses the first. `serverFields` names the form field that shows each field of the payload;
 * where two name the same one, the first message stays. Answers whether any field was named.
 */
export function showServerErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  serverFields: Readonly<Record<string, Path<Values>>>,
): boolean {
  const placed = new Set<Path<Values>>();
  for (const [name, message] of Object.entries(serverFieldErrors(error))) {
    const field = serverFields[name];
    if (!field || placed.has(field)) continue;
    setError(field, { type: 'server', message }, { shouldFocus: placed.size === 0 });
    placed.add(field);
  }
  return placed.size > 0;
}
