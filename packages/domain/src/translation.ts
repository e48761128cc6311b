import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from './languages';
import { POST_LIMITS } from './post-limits';

/*
 * Reading a post, a comment or a chat message written in another language (issue 37 point 4).
 * The web detects the language of what it shows; it translates on the device when the browser
 * can, otherwise through the operator's own translation server (TRANSLATE_URL, LibreTranslate's
 * API) by way of these routes. Nothing goes to any third party.
 */

/** The longest text translated in one call: a whole post. */
export const TRANSLATION_TEXT_MAX = POST_LIMITS.text;

const language = z.enum(SUPPORTED_LANGUAGES, { error: 'text_translation.errors.language' });

export const TranslationRequestSchema = z
  .object({
    text: z
      .string({ error: 'text_translation.errors.empty' })
      .trim()
      .min(1, 'text_translation.errors.empty')
      .max(TRANSLATION_TEXT_MAX, 'post.errors.too_long'),
    /** The language the text is written in. */
    source: language,
    /** The reader's language. */
    target: language,
  })
  .refine((request) => request.source !== request.target, {
    path: ['target'],
    message: 'text_translation.errors.same_language',
  });
export type TranslationRequest = z.output<typeof TranslationRequestSchema>;

export const TranslationSchema = z.object({
  text: z.string(),
  source: z.enum(SUPPORTED_LANGUAGES),
  target: z.enum(SUPPORTED_LANGUAGES),
});
export type Translation = z.output<typeof TranslationSchema>;

/** Whether the operator runs a translation server (the web asks before offering it). */
export const TranslationServiceSchema = z.object({ server: z.boolean() });
export type TranslationService = z.output<typeof TranslationServiceSchema>;
