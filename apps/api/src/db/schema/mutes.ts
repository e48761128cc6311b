import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { KEYWORD_FILTER_ACTIONS } from '@juntos/domain';
import { communities } from './communities';
import { memberReference, timeOfInsert } from './member-columns';

/**
 * A member someone muted (issue 37 point 3): their posts and comments leave the muter's feeds,
 * communities and notifications. Unlike a block it is private (the muted member is never told and
 * still reaches the muter: chat, friendship, profile) and it changes nothing for anyone else.
 */
export const memberMutes = pgTable(
  'member_mutes',
  {
    userId: memberReference('user_id'),
    mutedId: memberReference('muted_id'),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [
    // The feed asks "did this viewer mute this author?": the key answers it.
    primaryKey({ columns: [table.userId, table.mutedId] }),
    index('member_mutes_muted_idx').on(table.mutedId),
    check('member_mutes_not_self', sql`${table.userId} <> ${table.mutedId}`),
  ],
);

/** A community whose posts a member keeps out of their main feed; its own page still shows them. */
export const communityMutes = pgTable(
  'community_mutes',
  {
    userId: memberReference('user_id'),
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.communityId] }),
    index('community_mutes_community_idx').on(table.communityId),
  ],
);

/**
 * A word or phrase a member does not want to meet unasked (issue 37 point 3): posts and comments
 * containing it (any case) are left out of their lists (`hide`) or come closed behind a line that
 * names the phrase (`warn`), and a comment containing a hidden phrase notifies them of nothing.
 */
export const keywordFilters = pgTable(
  'keyword_filters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    /** As the member wrote it; matched in lower case. */
    phrase: text('phrase').notNull(),
    action: text('action', { enum: KEYWORD_FILTER_ACTIONS }).notNull(),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [
    uniqueIndex('keyword_filters_phrase_idx').on(table.userId, sql`lower(${table.phrase})`),
    check('keyword_filters_action_check', sql`${table.action} in ('hide', 'warn')`),
  ],
);
