import { CHAT_MESSAGE_RETENTION_DAYS } from './moderation';

/**
 * How long each kind of record is kept, in days (issue 24). The privacy policy (ten languages),
 * the member's data screen and docs/operations.md state these periods, and the retention job
 * (`apps/api/src/modules/retention`) enforces them: change them together.
 */
export const RETENTION_DAYS = {
  /** A prepared copy of a member's data, from the moment it was asked for. */
  exportArchive: 7,
  /** Chat messages after sending, also once both members hid them (moderators' evidence). */
  chatMessage: CHAT_MESSAGE_RETENTION_DAYS,
  /** The platform's copy of an e-mail it sent (activation codes, reset links), after sending. */
  sentEmail: 30,
  /** A session's record (device, dates) after it expired or was ended; reset and activation codes too. */
  endedSession: 30,
  /** An account never activated (sign-up abandoned), after it was created: erased like a deleted one. */
  unactivatedAccount: 30,
  /** A report after the moderators resolved it. */
  resolvedReport: 365,
  /** An administrator's action in the audit log (moderation decisions included, pseudonymised once the member is gone). */
  auditEntry: 3 * 365,
  /** Proof of a consent (sign-up terms, earnings programme), pseudonymised, after the account is deleted. */
  consentProof: 3 * 365,
  /** A withdrawal (payout) record, pseudonymised, after the account is deleted: accounting law. */
  withdrawalRecord: 10 * 365,
} as const;
export type RetainedKind = keyof typeof RETENTION_DAYS;

/** One day in milliseconds, to turn the periods above into dates. */
export const DAY_MS = 24 * 60 * 60 * 1000;
