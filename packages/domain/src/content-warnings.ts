import { z } from 'zod';
import { CONTENT_WARNING_KINDS } from './content-warning-kinds';

/*
 * Content warnings (issue 37 point 2): rare-disease communities talk about death, grief, surgery,
 * medical images and self-harm, and a reader in a hard week should open such a post by choice.
 * The writer picks one of a short list, or writes their own ("other"); the reader's display
 * settings say, per kind, whether such posts show at once, ask first (the default) or stay hidden.
 */

/** Longest warning a writer may word themselves. */
export const CONTENT_WARNING_TEXT_MAX = 100;

/** A warning as the API answers it: the kind, and the writer's words for "other" (else null). */
export const ContentWarningSchema = z.object({
  kind: z.enum(CONTENT_WARNING_KINDS),
  text: z.string().nullable(),
});
export type ContentWarning = z.output<typeof ContentWarningSchema>;

/**
 * The two form fields of a warning (multipart or JSON): `content_warning` is a kind or empty for
 * none; `content_warning_text` is required with "other" and ignored otherwise. Spread into a
 * form's object schema, with `requireWarningText` as its refinement.
 */
export const contentWarningFields = {
  content_warning: z
    .union([z.literal(''), z.enum(CONTENT_WARNING_KINDS)], { error: 'post.errors.warning_kind' })
    .optional(),
  content_warning_text: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(CONTENT_WARNING_TEXT_MAX, 'post.errors.too_long')),
};
type ParsedWarningFields = {
  content_warning?: '' | (typeof CONTENT_WARNING_KINDS)[number] | undefined;
  /** Absent only in an edit that leaves the warning as it was. */
  content_warning_text?: string | undefined;
};

/** A warning of the writer's own ("other") must say what it warns of. */
export function requireWarningText(fields: ParsedWarningFields, context: z.RefinementCtx) {
  if (fields.content_warning === 'other' && !fields.content_warning_text)
    context.addIssue({
      code: 'custom',
      path: ['content_warning_text'],
      message: 'post.errors.warning_text_required',
    });
}

/** The stored warning of parsed fields: null for none. */
export function contentWarningOf(fields: ParsedWarningFields): ContentWarning | null {
  if (!fields.content_warning) return null;
  return {
    kind: fields.content_warning,
    text: fields.content_warning === 'other' ? (fields.content_warning_text ?? '') : null,
  };
}
