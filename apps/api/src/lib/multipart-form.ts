import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalidTextError, invalidTextFields, isStorableText } from '../plugins/input-gate';
import { AppError } from './app-error';
import { MAX_IMAGE_BYTES } from './images';

/** Text fields of a form: profile, post and gallery forms stay far below these. */
const LIMITS = { fields: 60, fieldSize: 16 * 1024, files: 1, parts: 70 } as const;

export type MultipartForm = {
  fields: Record<string, string>;
  /** The uploaded file of the expected field, if one was chosen. */
  file?: Buffer;
};

/**
 * Multipart forms with at most one file (a photo or an image). The file is read into memory
 * with a hard limit one byte above the image limit, so an oversized upload is refused with 413
 * without buffering more than that.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { ...LIMITS, fileSize: MAX_IMAGE_BYTES + 1 },
    throwFileSizeLimit: true,
  });
}

/**
 * What an upload route reads: its text fields (the domain schema the service parses them with)
 * and the one file field. Declared on the route (`config.form`, through `uploadForm`), it is both
 * what `readForm` reads and what the OpenAPI document shows as the multipart body
 * (`plugins/route-schemas.ts`), so the two cannot drift apart.
 */
export type FormDeclaration = {
  fields: z.ZodType;
  file: string;
  fileRequired: boolean;
  fileDescription: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes that read a multipart form: see `uploadForm`. */
    form?: FormDeclaration;
  }
}

/** Route options of an upload route: spread them into the route's options. */
export function uploadForm(
  fields: z.ZodType,
  file: string,
  options: { fileRequired?: boolean; fileDescription: string },
): { config: { form: FormDeclaration } } {
  return {
    config: {
      form: {
        fields,
        file,
        fileRequired: options.fileRequired ?? false,
        fileDescription: options.fileDescription,
      },
    },
  };
}

const tooLarge = (fileField: string) =>
  new AppError(413, 'image_too_large', 'errors.image_too_large', {
    values: { max: MAX_IMAGE_BYTES / 1024 / 1024 },
    fields: { [fileField]: 'errors.image_too_large' },
  });

/**
 * The form parser decodes field bytes itself, turning bytes that are not UTF-8 into U+FFFD
 * before the input gate could see them; so in multipart fields that character is taken for what
 * it almost always is, the trace of bytes that were not text (no keyboard types it).
 */
const isStorableFormText = (text: string) => isStorableText(text) && !text.includes('\ufffd');

/**
 * Reads the form the route declared with `uploadForm`, sent as multipart (what the screens send)
 * or as JSON (handy for scripts); other files than the declared one are drained and ignored.
 * Every text field passes the input gate; a body the multipart parser cannot read (no boundary,
 * truncated, malformed part headers) is a 400.
 */
export async function readForm(request: FastifyRequest): Promise<MultipartForm> {
  const declared = request.routeOptions.config.form;
  // A route that reads a form without declaring it would be missing from the API reference.
  if (!declared)
    throw new Error(`${request.routeOptions.url ?? 'this route'} reads a form it does not declare`);
  const fileField = declared.file;
  if (!request.isMultipart()) {
    const body: unknown = request.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new AppError(400, 'bad_request', 'errors.bad_request');
    const fields = Object.fromEntries(
      Object.entries(body).map(([key, value]) => [
        key,
        value === null || value === undefined ? '' : String(value),
      ]),
    );
    return { fields };
  }

  const form: MultipartForm = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      } else if (part.fieldname === fileField && part.filename) {
        form.file = await part.toBuffer();
        if (form.file.length === 0) form.file = undefined;
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(fileField);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(413, 'body_too_large', 'errors.body_too_large');
    // Everything else here is the parser refusing the client's bytes ("Boundary not found",
    // "Unexpected end of form", a malformed part header, a stream the client cut): a 400.
    request.log.info({ err: error }, 'unreadable multipart form');
    throw new AppError(400, 'invalid_form', 'errors.invalid_form');
  }
  const unstorable = invalidTextFields(form.fields, 'body', isStorableFormText);
  if (unstorable.length > 0) throw invalidTextError(unstorable);
  return form;
}
