import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaStore } from '../../lib/media-store';
import type { ErasureRepository } from './erasure.repository';

export type ErasureServiceDependencies = {
  repository: ErasureRepository;
  mediaStore: Pick<MediaStore, 'deleteOwnerFiles'>;
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
      const counts = await deps.repository.eraseMember(userId, randomUUID(), now());
      if (!counts) return false;
      await deps.endLiveSessions(userId);
      try {
        await deps.mediaStore.deleteOwnerFiles(userId);
      } catch (error) {
        // The rows are gone and the account cannot be deleted again: the operator removes the
        // folder by hand (docs/operations.md "Erasure"); the member's request still succeeded.
        deps.log.error({ err: error, userId }, 'Files of an erased account could not be deleted');
      }
      deps.log.info({ userId, ...counts }, 'Account erased');
      return true;
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
