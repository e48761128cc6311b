import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ErasureCounts, ErasureRepository } from './erasure.repository';
import { createErasureService } from './erasure.service';

const counts: ErasureCounts = {
  retainedRecords: 3,
  auditEntriesPseudonymised: 2,
  reportsKept: 1,
  messagesKeptForReceivers: 2,
  otherMembersExportsDeleted: 1,
  emailsDeleted: 0,
};

function harness(options: { erased: boolean; filesFail?: boolean; emailFilesFail?: boolean }) {
  const lines: Record<string, unknown>[] = [];
  // Fastify's own logger, writing to an array: the lines as the server would log them.
  const { log } = Fastify({
    logger: {
      level: 'info',
      stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    },
  });
  const pseudonyms: string[] = [];
  const steps: string[] = [];
  const repository: ErasureRepository = {
    eraseMember: async (_userId, pseudonym) => {
      pseudonyms.push(pseudonym);
      steps.push('database');
      return options.erased ? { counts, outboxIds: [11, 12] } : undefined;
    },
  };
  const service = createErasureService({
    repository,
    mediaStore: {
      deleteOwnerFiles: async () => {
        steps.push('files');
        if (options.filesFail) throw new Error('disk gone');
      },
    },
    forgetEmails: async (outboxIds) => {
      steps.push(`e-mail files ${outboxIds.join(',')}`);
      if (options.emailFilesFail) throw new Error('/data/mail/1764151469829-11.eml: permission denied');
      return outboxIds.length;
    },
    endLiveSessions: async () => void steps.push('sockets'),
    log,
  });
  return { service, lines, pseudonyms, steps };
}

describe('the erasure service', () => {
  it('draws a new pseudonym each time and logs the member id and counts, never the pseudonym', async () => {
    const { service, lines, pseudonyms, steps } = harness({ erased: true });
    expect(await service.erase(7)).toBe(true);
    expect(await service.erase(8)).toBe(true);
    expect(pseudonyms[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(pseudonyms[0]).not.toBe(pseudonyms[1]);
    const oneErasure = ['database', 'sockets', 'files', 'e-mail files 11,12'];
    expect(steps).toEqual([...oneErasure, ...oneErasure]);
    expect(lines[0]).toMatchObject({ msg: 'Account erased', userId: 7, ...counts, emailFilesDeleted: 2 });
    expect(JSON.stringify(lines)).not.toContain(pseudonyms[0]);
  });

  it('touches no files or sockets when there was no account', async () => {
    const { service, steps, lines } = harness({ erased: false });
    expect(await service.erase(7)).toBe(false);
    expect(steps).toEqual(['database']);
    expect(lines).toEqual([]);
  });

  it('still succeeds when the files cannot be deleted, and says so for the operator', async () => {
    const { service, lines } = harness({ erased: true, filesFail: true });
    expect(await service.erase(7)).toBe(true);
    expect(lines.map((line) => line.msg)).toEqual([
      'Files of an erased account could not be deleted',
      'Account erased',
    ]);
    expect(lines[0]).toMatchObject({ userId: 7, level: 50 });
  });

  it('still succeeds when the e-mail files cannot be deleted, logging the member and a count only', async () => {
    const { service, lines } = harness({ erased: true, emailFilesFail: true });
    expect(await service.erase(7)).toBe(true);
    expect(lines.map((line) => line.msg)).toEqual([
      'E-mail files of an erased account could not be deleted',
      'Account erased',
    ]);
    expect(lines[0]).toMatchObject({ userId: 7, emails: 2, level: 50 });
    expect(lines[1]).toMatchObject({ emailFilesDeleted: 0 });
  });
});
