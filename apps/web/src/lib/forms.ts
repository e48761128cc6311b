import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import {
  useController,
  useForm,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { MAX_IMAGE_MEGABYTES } from '@juntos/domain';
import { ApiRequestError } from './api-client';

type SchemaFormOptions<Schema extends z.$ZodType<FieldValues, FieldValues>> = Omit<
  UseFormProps<z.input<Schema>, unknown, z.output<Schema>>,
  'resolver'
> & {
  /** The last failed save (a mutation's `error`): its per-field messages are put on the fields. */
  failure?: unknown;
  /** Each field the server may name and the form field that shows its message (a constant). */
  serverFields?: Readonly<Record<string, Path<z.input<Schema>>>>;
};

/**
 * A form checked by one of the zod schemas of `packages/domain` (the server checks the same).
 * On a refused submit, the first invalid field (in the order the fields were registered, which is
 * the order on screen) takes the focus, so a keyboard or screen-reader user lands on the problem.
 * Given a failed save (`failure`) and the fields the server may name (`serverFields`), the
 * server's messages of a 400 validation_failed answer go on those fields, the first focused.
 */
export function useSchemaForm<Schema extends z.$ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  { failure, serverFields, ...options }: SchemaFormOptions<Schema> = {},
) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    shouldFocusError: true,
    ...options,
  });
  const { setError } = form;
  useEffect(() => {
    if (failure && serverFields) showServerErrors(setError, failure, serverFields);
  }, [failure, setError, serverFields]);
  return form;
}

/**
 * A form with one picked image (a post, a gallery picture): the schema form, the picked file
 * (checked for its size as soon as it is picked, before anything is sent) and the last failed
 * save's field messages put on the fields. The schema must have an `image` field holding a File.
 */
export function useImageForm<Schema extends z.$ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: SchemaFormOptions<Schema> & {
    failure: unknown;
    serverFields: Readonly<Record<string, Path<z.input<Schema>>>>;
  },
) {
  const form = useSchemaForm(schema, options);
  // TypeScript cannot see through the generic schema that `image` is one of its fields.
  const imagePath = 'image' as Path<z.input<Schema>>;
  const { image, ref: imageRef, pick: pickImage } = usePickedFile(form, imagePath);
  return { ...form, image, imageRef, pickImage };
}

/**
 * A file field of a schema form (a photo, an image): the picked File, the ref for the focus and
 * `pick`, which stores the file and checks it at once (a too large file is told before sending).
 */
export function usePickedFile<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, FieldValues>, 'control' | 'trigger'>,
  name: Path<Values>,
) {
  const { field } = useController({ control: form.control, name });
  const picked: unknown = field.value;
  const file = picked instanceof File ? picked : undefined;
  const { trigger } = form;
  const pick = (chosen: File | undefined) => {
    field.onChange(chosen);
    void trigger(name);
  };
  return { file, image: file, ref: field.ref, pick };
}

/** The server's per-field messages of a 400 validation_failed answer. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? (error.body?.fields ?? {}) : {};
}

/**
 * The form-level message of a failed request: the server's own (translated) message, or
 * `fallback` when none came back; empty when there is no failure or it names its fields
 * (those show on the fields).
 */
export function formFailureText(error: unknown, fallback: string): string {
  if (!error) return '';
  if (!(error instanceof ApiRequestError)) return fallback;
  if (error.body?.fields) return '';
  return error.body?.error ?? fallback;
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
 * The server's per-field messages put on the form's own fields: `serverFields` names the form
 * field that shows each field of the payload; where two name the same one, the first message stays.
 */
export function formFieldErrors<Field extends string>(
  error: unknown,
  serverFields: Readonly<Record<string, Field>>,
): Partial<Record<Field, string>> {
  const fields: Partial<Record<Field, string>> = {};
  for (const [name, text] of Object.entries(serverFieldErrors(error))) {
    const field = serverFields[name];
    if (field) fields[field] ??= text;
  }
  return fields;
}

/**
 * Puts the server's per-field messages of a 400 validation_failed answer on a useSchemaForm form
 * (see formFieldErrors) and focuses the first. Answers whether any field was named.
 */
export function showServerErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  serverFields: Readonly<Record<string, Path<Values>>>,
): boolean {
  const found = Object.entries(formFieldErrors(error, serverFields)) as [Path<Values>, string][];
  found.forEach(([field, message], index) =>
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  return found.length > 0;
}
