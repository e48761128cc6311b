import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from './resources';
import { memberReference, timeOfInsert } from './member-columns';

export const COMMUNITY_KINDS = ['disease', 'topic'] as const;
export type CommunityKind = (typeof COMMUNITY_KINDS)[number];

/**
 * A community (issue 18). A disease community exists once per ORPHA code and is created the
 * first time a member opens or joins it; its name comes from the disease catalogue in the
 * reader's language. A topic community is created by administrators, with a name and a
 * description in each language and the functional needs (or "no diagnosis") that make it a
 * suggestion. Adults and minors never meet in a community: every read applies the safeguarding
 * rule to the authors (db/safeguarding.ts), which splits each community into two spaces.
 */
export const communities = pgTable(
  'communities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: COMMUNITY_KINDS }).notNull(),
    /** Disease communities only: the ORPHA code. */
    orphacode: integer('orphacode'),
    /** Topic communities only: the stable name in addresses (`/comunidades/t/<slug>`). */
    slug: text('slug'),
    /** Topic communities only; disease names come from the catalogue. */
    name: jsonb('name').$type<LocalizedText>().notNull().default({}),
    description: jsonb('description').$type<LocalizedText>().notNull().default({}),
    /**
     * Topic communities only: what makes the community a suggestion for a member, as ids of the
     * functional profile (`habla`, `movilidad`, a detailed characteristic id) or `no_diagnosis`.
     */
    suggestedFor: jsonb('suggested_for').$type<string[]>().notNull().default([]),
    /** Members, kept by a trigger on community_members (migration 0019), cascades included. */
    memberCount: integer('member_count').notNull().default(0),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [
    uniqueIndex('communities_orphacode_unique')
      .on(table.orphacode)
      .where(sql`${table.orphacode} is not null`),
    uniqueIndex('communities_slug_unique')
      .on(table.slug)
      .where(sql`${table.slug} is not null`),
    check(
      'communities_kind_fits',
      sql`(${table.kind} = 'disease' and ${table.orphacode} is not null and ${table.slug} is null) or (${table.kind} = 'topic' and ${table.slug} is not null and ${table.orphacode} is null)`,
    ),
    check('communities_member_count_not_negative', sql`${table.memberCount} >= 0`),
  ],
);

/**
 * A member of a community. Belonging to a disease community is health data: only members of the
 * same community (and age group) see who belongs, and only those who chose to be listed.
 */
export const communityMembers = pgTable(
  'community_members',
  {
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: memberReference('user_id'),
    /** Whether the member appears in the community's member list (default: not listed). */
    listed: boolean('listed').notNull().default(false),
    joinedAt: timeOfInsert('joined_at'),
  },
  (table) => [
    primaryKey({ columns: [table.communityId, table.userId] }),
    index('community_members_user_idx').on(table.userId, table.communityId),
  ],
);

/** A member an administrator appointed to moderate one community. */
export const communityModerators = pgTable(
  'community_moderators',
  {
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: memberReference('user_id'),
    appointedAt: timeOfInsert('appointed_at'),
  },
  (table) => [
    primaryKey({ columns: [table.communityId, table.userId] }),
    index('community_moderators_user_idx').on(table.userId),
  ],
);
