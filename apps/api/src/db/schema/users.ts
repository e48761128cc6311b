import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const registrationTypeEnum = pgEnum('registration_type', ['adulto', 'menor']);
export const guardianRelationEnum = pgEnum('guardian_relation', ['padre', 'madre', 'tutor']);
export const userRoleEnum = pgEnum('user_role', ['member', 'admin']);
export const ageGroupEnum = pgEnum('age_group', ['minor', 'adult']);

/**
 * An account. Every table holding a person's data references users(id) with ON DELETE CASCADE,
 * so deleting the row deletes everything of theirs in one statement (account deletion).
 */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased and trimmed: an address can register once, whatever its case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    telefono: text('telefono').notNull(),
    tipoRegistro: registrationTypeEnum('tipo_registro').notNull(),
    nombreTutor: text('nombre_tutor'),
    relacionTutor: guardianRelationEnum('relacion_tutor'),
    language: text('language').notNull().default('es'),
    role: userRoleEnum('role').notNull().default('member'),
    isActive: boolean('is_active').notNull().default(false),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Set by the profile feature once the required profile fields hold (login: profile_complete). */
    profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
    /** When the member closed the profile editor's first-visit explanation (shown once per account). */
    profileIntroSeenAt: timestamp('profile_intro_seen_at', { withTimezone: true }),
    /**
     * Set by a moderator: the member cannot sign in, their sessions end and what they published
     * is hidden from everyone else until an administrator reactivates the account.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * Set only by an administrator: the age group that wins over the one the birth date and the
     * registration type give (a member who declared the wrong one). Null: computed.
     */
    ageGroup: ageGroupEnum('age_group'),
    /**
     * When an administrator checked a minor's account (guardian's details, age). Until then the
     * minor is visible to nobody and reaches nobody: a self-declared "minor" could be an adult.
     */
    minorReviewedAt: timestamp('minor_reviewed_at', { withTimezone: true }),
    /** Whether the main feed also shows posts of the member's communities (issue 18; on by default). */
    communityPostsInFeed: boolean('community_posts_in_feed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_created_at_idx').on(table.createdAt),
    index('users_suspended_idx')
      .on(table.id)
      .where(sql`${table.suspendedAt} is not null`),
    // The few accounts that may be minors: the safeguarding rule gathers them once per statement.
    index('users_minor_candidates_idx')
      .on(table.id)
      .where(sql`${table.tipoRegistro} = 'menor' or ${table.ageGroup} = 'minor'`),
    index('users_active_idx')
      .on(table.isActive)
      .where(sql`${table.isActive}`),
  ],
);
