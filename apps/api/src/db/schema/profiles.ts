import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  REPORT_TARGET_TYPES,
  type FieldAudience,
  type PrivateProfileField,
  type ReportSnapshot,
} from '@juntos/domain';
import { users } from './users';
import { memberReference, timeOfInsert } from './member-columns';

/**
 * A member's own profile (spec §3), one row per account, created at the first save. Functional
 * fields hold the spec's values as written (checked by the shared schema before they get here).
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    apellidos: text('apellidos').notNull().default(''),
    /** Media-store key of the photo (`users/<id>/<uuid>.webp`), never a path the client chose. */
    photoKey: text('photo_key'),
    country: text('country').notNull(),
    ciudad: text('ciudad').notNull().default(''),
    comunidad: text('comunidad').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    bio: text('bio').notNull().default(''),
    enfermedad: text('enfermedad').notNull(),
    orphacode: integer('orphacode'),
    habla: text('habla'),
    escribe: text('escribe'),
    movilidad: text('movilidad'),
    motricidad: text('motricidad'),
    ver: text('ver'),
    audition: text('audition'),
    memoire: text('memoire'),
    orientation: text('orientation'),
    concentration: text('concentration'),
    /** Who sees each health field; a field absent here is visible to all members (the default). */
    visibility: jsonb('visibility')
      .$type<Partial<Record<PrivateProfileField, FieldAudience>>>()
      .notNull()
      .default({}),
    updatedAt: timeOfInsert('updated_at'),
  },
  (table) => [
    index('profiles_country_city_idx').on(table.country, table.ciudad),
    index('profiles_orphacode_idx')
      .on(table.orphacode)
      .where(sql`${table.orphacode} is not null`),
  ],
);

/**
 * Friendship between two members. One row per pair, whoever asked first; the friends feature
 * adds requests and notifications on top. Health fields shown to "friends only" read this.
 */
export const friendships = pgTable(
  'friendships',
  {
    /** The request's id in the API (`/api/solicitudes/{id}/aceptar/`). */
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    requesterId: memberReference('requester_id'),
    addresseeId: memberReference('addressee_id'),
    status: text('status', { enum: ['pending', 'accepted'] })
      .notNull()
      .default('pending'),
    createdAt: timeOfInsert('created_at'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.requesterId, table.addresseeId] }),
    index('friendships_addressee_idx').on(table.addresseeId, table.status),
    uniqueIndex('friendships_id_unique').on(table.id),
    // One row per pair whoever asked: two crossing requests cannot both exist.
    uniqueIndex('friendships_pair_unique').on(
      sql`least(${table.requesterId}, ${table.addresseeId})`,
      sql`greatest(${table.requesterId}, ${table.addresseeId})`,
    ),
    check('friendships_not_self', sql`${table.requesterId} <> ${table.addresseeId}`),
  ],
);

/** A member who blocked another: no friendship, requests, messages, or finding each other. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: memberReference('blocker_id'),
    blockedId: memberReference('blocked_id'),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('blocks_blocked_idx').on(table.blockedId),
    check('blocks_not_self', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/**
 * A report of a member or of something they published, kept for the moderators. It outlives
 * what it reports (decision 0032): `snapshot` is what was reported as it was when the report was
 * filed, and when the reported member is erased the report stays, pseudonymised (`target_id`
 * null for a member or conversation, `subject_label` instead of the person), until it is
 * resolved and then for RETENTION_DAYS.resolvedReport.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: memberReference('reporter_id'),
    /**
     * `comment` is a comment on a post, `gallery_comment` one on a gallery image; for
     * `chat_conversation` the target is the other member of the reporter's conversation.
     */
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    /** Null once the reported member (of a `member` or `chat_conversation` report) was erased. */
    targetId: bigint('target_id', { mode: 'number' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    /** What the moderators did about it, told to the reporter. */
    outcome: text('outcome', { enum: ['dismissed', 'hidden', 'suspended'] }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timeOfInsert('created_at'),
    /** The reported item and its context when the report was filed; null for older reports. */
    snapshot: jsonb('snapshot').$type<ReportSnapshot>(),
    /** "Former member #<label>": set when the reported member was erased, a random label. */
    subjectLabel: text('subject_label'),
  },
  (table) => [
    index('reports_status_idx').on(table.status, table.createdAt),
    index('reports_target_idx').on(table.targetType, table.targetId),
    index('reports_reporter_idx').on(table.reporterId),
    // The retention job deletes resolved reports by the date they were resolved.
    index('reports_resolved_idx')
      .on(table.resolvedAt)
      .where(sql`${table.status} = 'resolved'`),
    // One open report per member and item: repeating it does not flood the moderators' queue.
    uniqueIndex('reports_one_open_per_reporter')
      .on(table.reporterId, table.targetType, table.targetId)
      .where(sql`${table.status} = 'open'`),
  ],
);

/** A member's answer for one characteristic of the functional profile (ICF-based catalogue). */
export const functionalAnswers = pgTable(
  'functional_answers',
  {
    userId: memberReference('user_id'),
    characteristicId: text('characteristic_id').notNull(),
    estado: text('estado', { enum: ['necesita ayuda', 'no necesita ayuda'] }).notNull(),
    updatedAt: timeOfInsert('updated_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.characteristicId] })],
);

/**
 * A message to one member from the platform (a moderation outcome, a notice that something of
 * theirs was hidden), shown in the app until they dismiss it.
 */
export const memberNotices = pgTable(
  'member_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: memberReference('user_id'),
    kind: text('kind', {
      enum: ['report_outcome', 'content_hidden', 'content_restored', 'export_ready', 'community_reply'],
    }).notNull(),
    data: jsonb('data').$type<Record<string, string | number>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timeOfInsert('created_at'),
  },
  (table) => [index('member_notices_user_idx').on(table.userId, table.createdAt)],
);
