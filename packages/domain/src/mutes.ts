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

/** What the member muted: members they may still reach, and communities, newest first. */
export const MutesSchema = z.object({
  members: z.array(MutedMemberSchema),
  communities: z.array(MutedCommunitySchema),
});
export type Mutes = z.output<typeof MutesSchema>;
