import { z } from 'zod';

/*
 * Muting (issue 37 point 3): a member keeps someone's posts and comments, or a community's posts in
 * the main feed, from coming to them, without telling anyone. Private, reversible, in the member's
 * copy of their data.
 */

export const MutedMemberSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  photo: z.string().nullable(),
});
export type MutedMember = z.output<typeof MutedMemberSchema>;

export const MutedCommunitySchema = z.object({ id: z.number(), name: z.string() });
export type MutedCommunity = z.output<typeof MutedCommunitySchema>;

/** What a keyword filter does with a post or comment containing its phrase. */
export const KEYWORD_FILTER_ACTIONS = ['hide', 'warn'] as const;
export type KeywordFilterAction = (typeof KEYWORD_FILTER_ACTIONS)[number];
/** Filters one member may keep: enough for every hard word of a hard year, and a bound on the SQL. */
export const KEYWORD_FILTERS_MAX = 50;
export const KEYWORD_PHRASE_LIMITS = { min: 2, max: 60 } as const;

export const KeywordFilterSchema = z.object({
  id: z.number(),
  phrase: z.string(),
  action: z.enum(KEYWORD_FILTER_ACTIONS),
});
export type KeywordFilter = z.output<typeof KeywordFilterSchema>;

/** A new filter (or a new action for a phrase already filtered, in any case). */
export const KeywordFilterFormSchema = z.object({
  phrase: z
    .string({ error: 'mutes.errors.phrase_required' })
    .trim()
    .min(KEYWORD_PHRASE_LIMITS.min, 'mutes.errors.phrase_required')
    .max(KEYWORD_PHRASE_LIMITS.max, 'post.errors.too_long'),
  action: z.enum(KEYWORD_FILTER_ACTIONS, { error: 'mutes.errors.action' }),
});
export type KeywordFilterForm = z.output<typeof KeywordFilterFormSchema>;

/** What the member muted: members they may still reach, communities and words, newest first. */
export const MutesSchema = z.object({
  members: z.array(MutedMemberSchema),
  communities: z.array(MutedCommunitySchema),
  keywords: z.array(KeywordFilterSchema),
});
export type Mutes = z.output<typeof MutesSchema>;
