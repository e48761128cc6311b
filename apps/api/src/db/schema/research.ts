import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MATCH_REASONS, RESEARCH_ENTRY_KINDS, RESEARCH_SCOPES } from '@juntos/domain';
import { researchProjects } from './resources';
import { users } from './users';
import { memberReference, timeOfInsert } from './member-columns';

/**
 * A member's consent to hear of research about their declared disease (issue 35, decision 0041):
 * one row per consent given, with the version of the text agreed to, when, how far from home, and
 * who gave it (on a minor's account, the guardian who holds it). Withdrawing sets `withdrawn_at`;
 * a later consent is a new row. At most one row in force per member (the partial unique index),
 * which is also the index matching joins through.
 */
export const researchConsents = pgTable(
  'research_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    version: integer('version').notNull(),
    scope: text('scope', { enum: RESEARCH_SCOPES }).notNull(),
    givenBy: text('given_by', { enum: ['member', 'guardian'] }).notNull(),
    /** The interface language the text was read in. */
    language: text('language').notNull(),
    givenAt: timeOfInsert('given_at'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('research_consents_in_force_idx')
      .on(table.userId)
      .where(sql`${table.withdrawnAt} is null`),
    index('research_consents_user_idx').on(table.userId, table.givenAt),
  ],
);

/**
 * What matching told a member: one row per member, directory entry and revision of that entry
 * (the primary key), so a job run twice, or two instances running it, tell once. Deleted with the
 * account, when the consent is withdrawn, and with the entry. Nobody but the member reads it.
 */
export const researchMatches = pgTable(
  'research_matches',
  {
    userId: memberReference('user_id'),
    entryKind: text('entry_kind', { enum: RESEARCH_ENTRY_KINDS }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    revision: integer('revision').notNull(),
    /** Why: the member's code the entry names, the entry's country that matched, and how. */
    orphacode: integer('orphacode').notNull(),
    country: text('country').notNull(),
    reason: text('reason', { enum: MATCH_REASONS }).notNull(),
    matchedAt: timeOfInsert('matched_at'),
    /** When the notification was recorded; null between the match and the notice (a retry tells). */
    toldAt: timestamp('told_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.entryKind, table.entryId, table.revision] }),
    index('research_matches_entry_idx').on(table.entryKind, table.entryId, table.revision),
  ],
);

/**
 * A research project's call for participants (issue 35 point 5): one per project, ever (the
 * unique index), written by a confirmed representative and sent once to the consenting members
 * the project's codes reach. It is the project's: the author's erasure forgets who wrote it.
 */
export const researchCalls = pgTable(
  'research_calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    researchProjectId: bigint('research_project_id', { mode: 'number' })
      .notNull()
      .references(() => researchProjects.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    language: text('language').notNull(),
    postedAt: timeOfInsert('posted_at'),
    /**
     * When a representative or an administrator withdrew it: members no longer read it, a job not
     * yet run sends it to nobody, and the project still has had its one call.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('research_calls_project_idx').on(table.researchProjectId)],
);

/**
 * Who a call reached: one row per call and member (the primary key makes the sending job
 * idempotent, like research_matches), deleted with the member's consent.
 */
export const researchCallRecipients = pgTable(
  'research_call_recipients',
  {
    callId: bigint('call_id', { mode: 'number' })
      .notNull()
      .references(() => researchCalls.id, { onDelete: 'cascade' }),
    userId: memberReference('user_id'),
    /** When the notification was recorded; null between the match and the notice (a retry tells). */
    toldAt: timestamp('told_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.callId, table.userId] }),
    index('research_call_recipients_user_idx').on(table.userId),
  ],
);
