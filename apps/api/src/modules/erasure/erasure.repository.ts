import { DAY_MS, type ReportSnapshot, type ReportTargetType, RETENTION_DAYS } from '@juntos/domain';
import { and, eq, inArray, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import { auditLogAboutMember } from '../../db/audit-log-about-member';
import type { Database } from '../../db/database';
import { pseudonymiseSnapshot, takeReportSnapshot } from '../moderation';
import {
  adminAuditLog,
  blocks,
  chatMessages,
  comments,
  consentRecords,
  dataExports,
  directoryRepresentatives,
  emailOutbox,
  friendships,
  galleryImages,
  monetizationConsents,
  posts,
  reports,
  retainedRecords,
  users,
  withdrawals,
} from '../../db/schema';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What one erasure changed besides the cascade, for the log (counts only, never content). */
export type ErasureCounts = {
  retainedRecords: number;
  auditEntriesPseudonymised: number;
  /** Reports about the member or their content, kept pseudonymised (decision 0032). */
  reportsKept: number;
  /** Messages the member sent, kept in the receivers' copies from "a former member". */
  messagesKeptForReceivers: number;
  otherMembersExportsDeleted: number;
  emailsDeleted: number;
};

export type Erasure = {
  counts: ErasureCounts;
  /** The outbox rows deleted with the member: their `.eml` files are deleted after the commit. */
  outboxIds: number[];
};

/**
 * The account's deletion (GDPR Art. 17) as one transaction: what the law requires to be kept is
 * copied pseudonymised, every trace that is not a row of the member's own (found through a foreign
 * key) is removed or pseudonymised, then one cascading DELETE of the account takes the rest.
 * Nothing here is committed unless all of it is: a half-erased member would be neither deletable
 * again (the account is gone) nor complete.
 */
export function createErasureRepository(db: Database) {
  return {
    /**
     * Erases the member; undefined when there is no such account. `pseudonym` is the only id that
     * the records kept afterwards carry; the caller must not store it with the member's id.
     * `label` is the random "former member #label" by which the reports about them and the
     * messages they sent name them from now on (decision 0032).
     */
    eraseMember: (
      userId: number,
      pseudonym: string,
      now: Date,
      label: string,
    ): Promise<Erasure | undefined> =>
      db.transaction(async (tx) => {
        const [account] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!account) return undefined;
        // The audit log's trigger lets entries change only inside a transaction that says so
        // (migration 0018); `true` keeps the setting to this transaction.
        await tx.execute(sql`select set_config('juntos.privacy_maintenance', 'on', true)`);

        // Each step reads what it needs (the member's content, withdrawals, correspondents, the
        // audit entries still naming him) before a later one changes it or the cascade deletes it.
        const retained = await retainRecords(tx, userId, pseudonym, now);
        const otherMembersExportsDeleted = await deleteExportsHoldingMember(tx, userId);
        const auditEntriesPseudonymised = await pseudonymiseAuditLog(tx, userId, `erased:${pseudonym}`);
        const reportsKept = await keepReportsAbout(tx, userId, { pseudonym, label, now });
        const messagesKeptForReceivers = await keepSentMessages(tx, userId, label);
        const hisEmails = await tx
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(eq(emailOutbox.userId, userId));
        const addressedToHim = await tx
          .delete(emailOutbox)
          .where(and(isNull(emailOutbox.userId), eq(sql`lower(${emailOutbox.recipient})`, account.email)))
          .returning({ id: emailOutbox.id });
        // Invitations to represent an organisation sent to his address and not accepted by this
        // account hold the address: they go too (his own roles go with the cascade).
        await tx
          .delete(directoryRepresentatives)
          .where(eq(sql`lower(${directoryRepresentatives.invitedEmail})`, account.email));
        await tx.delete(users).where(eq(users.id, userId));
        return {
          counts: {
            retainedRecords: retained,
            auditEntriesPseudonymised,
            reportsKept,
            messagesKeptForReceivers,
            otherMembersExportsDeleted,
            emailsDeleted: addressedToHim.length,
          },
          outboxIds: [...hisEmails, ...addressedToHim].map((email) => email.id),
        };
      }),
  };
}

export type ErasureRepository = ReturnType<typeof createErasureRepository>;

/**
 * Consents (proof, Art. 7(1)) and withdrawals (accounting law) outlive the account, under the
 * pseudonym only: no account id, no payout details (name, IBAN, addresses) and no free text an
 * operator wrote (a rejection reason may name the member). The consent's text is left out too:
 * its version and language name it (the texts are versioned in the code).
 */
async function retainRecords(tx: Transaction, userId: number, pseudonym: string, now: Date) {
  const until = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const consents = await tx
    .select({
      kind: consentRecords.kind,
      policyVersion: consentRecords.policyVersion,
      at: consentRecords.acceptedAt,
    })
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId));
  const programmeConsents = await tx
    .select({
      version: monetizationConsents.version,
      language: monetizationConsents.language,
      at: monetizationConsents.grantedAt,
      withdrawnAt: monetizationConsents.withdrawnAt,
    })
    .from(monetizationConsents)
    .where(eq(monetizationConsents.userId, userId));
  const payouts = await tx
    .select({
      method: withdrawals.method,
      tokenTenths: withdrawals.tokenTenths,
      status: withdrawals.status,
      payoutReference: withdrawals.payoutReference,
      at: withdrawals.createdAt,
      updatedAt: withdrawals.updatedAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId));
  const records: (typeof retainedRecords.$inferInsert)[] = [
    ...consents.map((consent) => ({
      pseudonym,
      kind: 'consent' as const,
      data: { kind: consent.kind, policy_version: consent.policyVersion },
      recordedAt: consent.at,
      retainUntil: until(RETENTION_DAYS.consentProof),
    })),
    ...programmeConsents.map((consent) => ({
      pseudonym,
      kind: 'monetization_consent' as const,
      data: {
        version: consent.version,
        language: consent.language,
        withdrawn_at: consent.withdrawnAt?.toISOString() ?? null,
      },
      recordedAt: consent.at,
      retainUntil: until(RETENTION_DAYS.consentProof),
    })),
    ...payouts.map((payout) => ({
      pseudonym,
      kind: 'withdrawal' as const,
      data: {
        method: payout.method,
        token_tenths: payout.tokenTenths,
        status: payout.status,
        payout_reference: payout.payoutReference,
        updated_at: payout.updatedAt.toISOString(),
      },
      recordedAt: payout.at,
      retainUntil: until(RETENTION_DAYS.withdrawalRecord),
    })),
  ];
  if (records.length > 0) await tx.insert(retainedRecords).values(records);
  return records.length;
}

/**
 * The audit log keeps moderation decisions (RETENTION_DAYS.auditEntry) but not who they were
 * about: every place an entry names the member (`auditLogAboutMember`, or acting as
 * administrator) takes the pseudonym instead.
 */
async function pseudonymiseAuditLog(tx: Transaction, userId: number, erased: string) {
  const about = auditLogAboutMember(userId);
  const erasedJson = sql`to_jsonb(${erased}::text)`;
  const statements = [
    tx.update(adminAuditLog).set({ targetId: erased }).where(about.account),
    // The rejection reason is an operator's free text about this member's payout: it may name them.
    tx
      .update(adminAuditLog)
      .set({ targetId: erased, details: sql`${adminAuditLog.details} - 'rejectionReason'` })
      .where(about.payout),
    tx
      .update(adminAuditLog)
      .set({ details: sql`jsonb_set(${adminAuditLog.details}, '{author_id}', ${erasedJson})` })
      .where(about.authored),
    tx
      .update(adminAuditLog)
      .set({ details: sql`jsonb_set(${adminAuditLog.details}, '{target_id}', ${erasedJson})` })
      .where(about.reported),
    tx.update(adminAuditLog).set({ adminId: 0, adminEmail: erased }).where(eq(adminAuditLog.adminId, userId)),
  ];
  const changed = new Set<number>();
  for (const statement of statements) {
    for (const row of await statement.returning({ id: adminAuditLog.id })) changed.add(row.id);
  }
  // An entry changed by two statements counts once.
  return changed.size;
}

/** Reports about the member or their content (the reporter's own reports go by cascade). */
function reportsAbout(tx: Transaction, userId: number) {
  const commentsOn = (kind: 'post' | 'gallery_image') =>
    tx
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.contentKind, kind), eq(comments.authorId, userId)));
  const contentTargets = [
    ['post', tx.select({ id: posts.id }).from(posts).where(eq(posts.authorId, userId))],
    ['comment', commentsOn('post')],
    [
      'image',
      tx.select({ id: galleryImages.id }).from(galleryImages).where(eq(galleryImages.ownerId, userId)),
    ],
    ['gallery_comment', commentsOn('gallery_image')],
    [
      'chat_message',
      tx.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.senderId, userId)),
    ],
  ] as const satisfies readonly (readonly [ReportTargetType, unknown])[];
  return or(
    and(inArray(reports.targetType, ['member', 'chat_conversation']), eq(reports.targetId, userId)),
    ...contentTargets.map(([targetType, ids]) =>
      and(eq(reports.targetType, targetType), inArray(reports.targetId, ids)),
    ),
    // Content the member deleted before: only the snapshot still names them.
    sql`(${reports.snapshot} ->> 'author_id')::bigint = ${userId}`,
  );
}

/**
 * Reports about the member or their content outlive them (decision 0032: GDPR Art. 17(3)(e), the
 * platform's duty to handle reports of illegal content): each keeps its snapshot (taken now for a
 * report older than snapshots, while the content still exists), pseudonymised, names the member
 * by `label` only, and loses the member's id as its target. They stay until resolved, then for
 * RETENTION_DAYS.resolvedReport (the retention job). An audit entry records that a reported
 * member was erased, under the audit log's pseudonym for them. How many reports were kept.
 */
async function keepReportsAbout(
  tx: Transaction,
  userId: number,
  erased: { pseudonym: string; label: string; now: Date },
) {
  const about = await tx
    .select({
      id: reports.id,
      reporterId: reports.reporterId,
      targetType: reports.targetType,
      targetId: reports.targetId,
      createdAt: reports.createdAt,
      status: reports.status,
      snapshot: reports.snapshot,
    })
    .from(reports)
    .where(reportsAbout(tx, userId))
    .for('update');
  for (const report of about) {
    let snapshot: ReportSnapshot | null = report.snapshot;
    if (!snapshot && report.targetId !== null)
      snapshot = await takeReportSnapshot(tx, { ...report, targetId: report.targetId }, erased.now);
    const personTarget = report.targetType === 'member' || report.targetType === 'chat_conversation';
    await tx
      .update(reports)
      .set({
        snapshot: snapshot && pseudonymiseSnapshot(snapshot, userId, erased.label),
        subjectLabel: erased.label,
        ...(personTarget && { targetId: null }),
      })
      .where(eq(reports.id, report.id));
  }
  if (about.length > 0)
    await tx.insert(adminAuditLog).values({
      adminId: 0,
      adminEmail: 'system',
      action: 'member.erased_while_reported',
      targetType: 'member',
      targetId: `erased:${erased.pseudonym}`,
      details: {
        former_member: erased.label,
        reports_kept: about.length,
        open: about.filter((report) => report.status === 'open').length,
        report_ids: about.map((report) => report.id),
      },
      createdAt: erased.now,
    });
  return about.length;
}

/**
 * What the member sent stays in each receiver's copy until the chat's retention period ends
 * (decision 0032): the receiver keeps what they were told, and a harasser cannot erase it. No
 * sender id, no client id of theirs: the random label only. What they received goes with the
 * account (the cascade on `receiver_id`).
 */
async function keepSentMessages(tx: Transaction, userId: number, label: string) {
  const kept = await tx
    .update(chatMessages)
    .set({ senderId: null, formerSender: label, tempId: null })
    .where(eq(chatMessages.senderId, userId))
    .returning({ id: chatMessages.id });
  return kept.length;
}

/**
 * Another member's copy of their data names the people in it (friends, chat partners, blocked
 * members, whom they reported, and for an administrator whom they decided about): a copy made
 * before this erasure would keep the member's name, id and messages for days. It is deleted, in
 * any state (a copy being prepared then finds no row and is dropped); that member can ask for a
 * new one. Runs before the audit log is pseudonymised, while its entries still name him.
 */
async function deleteExportsHoldingMember(tx: Transaction, userId: number) {
  const other = (a: AnyColumn, b: AnyColumn) => sql`case when ${a} = ${userId} then ${b} else ${a} end`;
  const correspondents = [
    tx
      .select({ id: sql<number>`${other(friendships.requesterId, friendships.addresseeId)}` })
      .from(friendships)
      .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId))),
    tx
      .select({ id: sql<number>`${other(chatMessages.senderId, chatMessages.receiverId)}` })
      .from(chatMessages)
      .where(or(eq(chatMessages.senderId, userId), eq(chatMessages.receiverId, userId))),
    tx
      .select({ id: sql<number>`${other(blocks.blockerId, blocks.blockedId)}` })
      .from(blocks)
      .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId))),
    tx.select({ id: reports.reporterId }).from(reports).where(reportsAbout(tx, userId)),
    tx.select({ id: adminAuditLog.adminId }).from(adminAuditLog).where(auditLogAboutMember(userId).any),
  ];
  const deleted = await tx
    .delete(dataExports)
    .where(or(...correspondents.map((ids) => inArray(dataExports.userId, ids))))
    .returning({ id: dataExports.id });
  return deleted.length;
}
