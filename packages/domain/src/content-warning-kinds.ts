/**
 * The kinds of content warning and the reader's choices (issue 37 point 2), in plain TypeScript:
 * the display preferences hold the choices and are read on the landing page, whose first
 * JavaScript must not load zod.
 */
export const CONTENT_WARNING_KINDS = [
  'death_grief',
  'medical_images',
  'surgery',
  'self_harm',
  'strong_feelings',
  'other',
] as const;
export type ContentWarningKind = (typeof CONTENT_WARNING_KINDS)[number];

/** What a reader chose for one kind of warning. */
export const CONTENT_WARNING_CHOICES = ['show', 'ask', 'hide'] as const;
export type ContentWarningChoice = (typeof CONTENT_WARNING_CHOICES)[number];
export type ContentWarningChoices = Record<ContentWarningKind, ContentWarningChoice>;

export const DEFAULT_CONTENT_WARNING_CHOICES: ContentWarningChoices = {
  death_grief: 'ask',
  medical_images: 'ask',
  surgery: 'ask',
  self_harm: 'ask',
  strong_feelings: 'ask',
  other: 'ask',
};
