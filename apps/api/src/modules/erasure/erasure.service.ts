import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaStore } from '../../lib/media-store';
import type { ErasureRepository } from './erasure.repository';

export type ErasureServiceDependencies = {
  repository: ErasureRepository;
  mediaStore: Pick<MediaStore, 'deleteOwnerFiles'>;
  /** Deletes the `.eml` files of these outbox rows (Mailer.forget); answers how many. */
  forgetEmails: (outboxIds: readonly number[]) => Promise<number>;
  /** Closes the member's open sockets on every instance: their tokens no longer name an account. */
  endLiveSessions: (userId: number) => Promise<void>;
  log: FastifyBaseLogger;
  now?: () => Date;
};

/**
 * Erases a member (GDPR Art. 17; decision 0013): the database in one transaction, then their
 * files and open sockets. What must outlive the account is kept under a pseudonym drawn here and
 * never stored, logged or returned with the member's id.
 */
export function createErasureService(deps: ErasureServiceDependencies) {
  const now = deps.now ?? (() => new Date());
  return {
    /** False when there is no such account (already erased). Warning: irreversible. */
    async erase(userId: number): Promise<boolean> {
      // Drawn apart from the pseudonym: a receiver who sees the label cannot derive from it the
      // pseudonym under which the records kept for the law are filed.
      const label = randomBytes(6).toString('hex');
      const erased = await deps.repository.eraseMember(userId, randomUUID(), now(), label);
      if (!erased) return false;
      await deps.endLiveSessions(userId);
      // The rows are gone and the account cannot be deleted again: what fails below is removed by
      // the operator by hand (docs/operations.md "Erasure"); the member's request still succeeded.
      try {
        await deps.mediaStore.deleteOwnerFiles(userId);
      } catch (error) {
        deps.log.error({ err: error, userId }, 'Files of an erased account could not be deleted');
      }
      let emailFilesDeleted = 0;
      try {
        emailFilesDeleted = await deps.forgetEmails(erased.outboxIds);
      } catch (error) {
        // The error's message names a file, never the address; the ids stay out of the log too.
        deps.log.error(
          { err: error, userId, emails: erased.outboxIds.length },
          'E-mail files of an erased account could not be deleted',
        );
      }
      deps.log.info({ userId, ...erased.counts, emailFilesDeleted }, 'Account erased');
      return true;
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
