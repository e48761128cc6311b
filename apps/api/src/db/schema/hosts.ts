import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { communities } from './communities';
import { associations, researchProjects } from './resources';
import { users } from './users';
import { memberReference, timeOfInsert } from './member-columns';

/**
 * Communities hosted by patient organisations (issue 35, decision 0040). An association of the
 * directory hosts any number of communities of any kind; a community has at most one host (the
 * primary key on `community_id`), so "hosted by" names one organisation and one set of rules.
 */
export const associationCommunities = pgTable(
  'association_communities',
  {
    communityId: bigint('community_id', { mode: 'number' })
      .primaryKey()
      .references(() => communities.id, { onDelete: 'cascade' }),
    associationId: bigint('association_id', { mode: 'number' })
      .notNull()
      .references(() => associations.id, { onDelete: 'cascade' }),
    linkedAt: timeOfInsert('linked_at'),
  },
  // The association's page lists its communities; the hosts' scope joins through it.
  (table) => [index('association_communities_association_idx').on(table.associationId, table.communityId)],
);

export const DIRECTORY_ENTRY_KINDS = ['association', 'research_project'] as const;
export type DirectoryEntryKind = (typeof DIRECTORY_ENTRY_KINDS)[number];

/**
 * invited (an e-mail was sent) → accepted (the member with that address said yes) → confirmed
 * (an administrator checked it). `removed` (an administrator ended it, or withdrew the
 * invitation) and `stepped_down` (the representative ended it) are final: a new invitation is a
 * new row, so the history stays readable.
 */
export const REPRESENTATIVE_STATES = ['invited', 'accepted', 'confirmed', 'removed', 'stepped_down'] as const;
export type RepresentativeState = (typeof REPRESENTATIVE_STATES)[number];

/**
 * A member who speaks for a directory entry: an association (its confirmed representatives host
 * its communities) or a research project (issue 35 point 5 reuses the same invitations). The
 * entry is named by its kind and one of two foreign keys, so deleting the entry deletes its
 * representatives. `user_id` is empty until the invitation is accepted.
 */
export const directoryRepresentatives = pgTable(
  'directory_representatives',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryKind: text('entry_kind', { enum: DIRECTORY_ENTRY_KINDS }).notNull(),
    associationId: bigint('association_id', { mode: 'number' }).references(() => associations.id, {
      onDelete: 'cascade',
    }),
    researchProjectId: bigint('research_project_id', { mode: 'number' }).references(
      () => researchProjects.id,
      { onDelete: 'cascade' },
    ),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    /** The address the invitation was sent to (lower case); only that account may accept it. */
    invitedEmail: text('invited_email').notNull(),
    /** Who invited (an administrator or a confirmed representative); emptied when they are erased. */
    invitedBy: bigint('invited_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the invitation link's token; the token itself is only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    state: text('state', { enum: REPRESENTATIVE_STATES }).notNull().default('invited'),
    invitedAt: timeOfInsert('invited_at'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('directory_representatives_token_unique').on(table.tokenHash),
    // "Is this member a confirmed representative of the host?" and "my roles".
    index('directory_representatives_user_idx').on(table.userId, table.state),
    index('directory_representatives_association_idx')
      .on(table.associationId, table.state)
      .where(sql`${table.associationId} is not null`),
    index('directory_representatives_project_idx')
      .on(table.researchProjectId, table.state)
      .where(sql`${table.researchProjectId} is not null`),
    // Erasure: invitations sent to an address, and those an erased inviter sent (set null).
    index('directory_representatives_email_idx').on(sql`lower(${table.invitedEmail})`),
    index('directory_representatives_invited_by_idx')
      .on(table.invitedBy)
      .where(sql`${table.invitedBy} is not null`),
    // The administrators' queue: accepted invitations waiting for a confirmation, newest first.
    index('directory_representatives_state_idx').on(table.state, table.invitedAt),
    check(
      'directory_representatives_entry_fits',
      sql`(${table.entryKind} = 'association' and ${table.associationId} is not null and ${table.researchProjectId} is null) or (${table.entryKind} = 'research_project' and ${table.researchProjectId} is not null and ${table.associationId} is null)`,
    ),
    check(
      'directory_representatives_member_when_accepted',
      sql`${table.state} = 'invited' or ${table.state} = 'removed' or ${table.userId} is not null`,
    ),
  ],
);

/**
 * A community's rules in its host's words, one row per version, never changed: the newest row is
 * the rules in force, its id their version, and an empty text means the community has no rules
 * (withdrawn, or the host was unlinked). Keeping every version keeps what each member accepted.
 */
export const communityRules = pgTable(
  'community_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    communityId: bigint('community_id', { mode: 'number' })
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [index('community_rules_community_idx').on(table.communityId, table.id)],
);

/** A member's "I have read and accept these rules", for one version, when joining or after a change. */
export const communityRuleAcceptances = pgTable(
  'community_rule_acceptances',
  {
    userId: memberReference('user_id'),
    rulesId: bigint('rules_id', { mode: 'number' })
      .notNull()
      .references(() => communityRules.id, { onDelete: 'cascade' }),
    acceptedAt: timeOfInsert('accepted_at'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.rulesId] }),
    index('community_rule_acceptances_rules_idx').on(table.rulesId),
  ],
);
