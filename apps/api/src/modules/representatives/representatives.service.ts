import {
  REPRESENTATIVE_INVITATIONS_PER_HOUR,
  REPRESENTATIVE_INVITATION_DAYS,
  type AdminRepresentative,
  type DirectoryEntryDetail,
  type Language,
  type RepresentativeState,
  type RepresentedEntryKind,
  negotiateLanguage,
} from '@juntos/domain';
import type { DirectoryEntryKind } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/opaque-token';
import type { Mailer } from '../../lib/mailer';
import type { RateLimits } from '../../lib/rate-limiter';
import { representativeInvitationEmail, representativeRoleEmail } from './representative-emails';
import type { EntryRef, RepresentativesRepository, RepresentativeRow } from './representatives.repository';
import type { Audit } from '../../lib/audit';

type Actor = { id: number; email: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The directory's path segment and the table's kind name the same two entries. */
const KIND_OF_PATH = { asociaciones: 'association', proyectos: 'research_project' } as const satisfies Record<
  RepresentedEntryKind,
  DirectoryEntryKind
>;
const PATH_OF_KIND = { association: 'asociaciones', research_project: 'proyectos' } as const satisfies Record<
  DirectoryEntryKind,
  RepresentedEntryKind
>;

const entryNotFound = () => notFound('hosts.errors.entry_not_found');
const invitationNotFound = () => notFound('hosts.errors.invitation_not_found');
const representativeNotFound = () => notFound('hosts.errors.representative_not_found');

/** What an entry's row refers to, for the audit log's details. */
const entryOf = (row: RepresentativeRow): EntryRef => ({
  kind: row.entryKind,
  id: (row.entryKind === 'association' ? row.associationId : row.researchProjectId) ?? 0,
});

/** The entry an invitation or role is about, as every answer names it. */
const entryFields = (row: RepresentativeRow, entryName: string) => {
  const entry = entryOf(row);
  return { id: row.id, entry_kind: PATH_OF_KIND[entry.kind], entry_id: entry.id, entry_name: entryName };
};

/**
 * Representatives of directory entries (issue 35, decision 0040): an administrator or a
 * confirmed representative invites by e-mail; the member holding that address accepts while
 * signed in (an adult only); an administrator confirms. Confirmed representatives of an
 * association host its communities (db/community-moderation-roles.ts); the same steps serve
 * research projects. Every step is in the audit log.
 */
export function createRepresentativesService(deps: {
  repository: RepresentativesRepository;
  mailer: Mailer;
  audit: Audit;
  rateLimits: RateLimits;
  /** The safeguarding rule's group of a member: only adults represent an organisation. */
  groupOf: (userId: number) => Promise<'adult' | 'minor' | 'unreviewed_minor' | undefined>;
  isAdmin: (userId: number) => Promise<boolean>;
  /** The communities an association hosts, named in the reader's language (communities module). */
  hostedBy: (associationId: number, language: Language) => Promise<DirectoryEntryDetail['communities']>;
  /** The entry's description in the reader's language. */
  localized: (text: Record<string, string>, language: Language) => string;
  publicUrl: string;
  productName: string;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  const invitations = deps.rateLimits.fixedWindow('representative-invitations', {
    points: REPRESENTATIVE_INVITATIONS_PER_HOUR,
    windowMs: HOUR_MS,
  });

  async function requireEntry(kind: RepresentedEntryKind, id: number) {
    const ref: EntryRef = { kind: KIND_OF_PATH[kind], id };
    const entry = await repository.entry(ref);
    if (!entry) throw entryNotFound();
    return { ref, entry };
  }

  async function actorOf(userId: number): Promise<Actor> {
    const account = await repository.account(userId);
    if (!account) throw new AppError(401, 'unauthorized', 'errors.unauthorized');
    return { id: userId, email: account.email };
  }

  const mayInvite = async (ref: EntryRef, userId: number) =>
    (await deps.isAdmin(userId)) || (await repository.liveRoleOf(ref, userId))?.state === 'confirmed';

  const notAdult = () => new AppError(403, 'minor_cannot_represent', 'hosts.errors.minor_cannot_represent');

  async function audit(actor: Actor, action: string, row: RepresentativeRow) {
    const entry = entryOf(row);
    await deps.audit(actor, {
      // A step with a member is about them (their data copy lists it, their erasure
      // pseudonymises it); an invitation not yet accepted names no member, only its row.
      action,
      targetType: row.userId === null ? 'representative' : 'member',
      targetId: row.userId ?? row.id,
      details: { representative_id: row.id, entry_kind: entry.kind, entry_id: entry.id },
    });
  }

  const answer = (row: RepresentativeRow) => ({ id: row.id, state: row.state });

  /** The member told by e-mail that an administrator confirmed or ended their role. */
  async function tellMember(row: RepresentativeRow, change: 'confirmed' | 'ended') {
    if (row.userId === null) return;
    const ref = entryOf(row);
    const [account, entry] = await Promise.all([repository.account(row.userId), repository.entry(ref)]);
    if (!account || !entry) return;
    await deps.mailer.send(
      representativeRoleEmail({
        to: account.email,
        userId: row.userId,
        language: negotiateLanguage(account.language),
        change,
        link: `${deps.publicUrl.replace(/\/$/, '')}/recursos/${PATH_OF_KIND[ref.kind]}/${ref.id}`,
        organisation: entry.name,
        product: deps.productName,
      }),
    );
  }

  return {
    /** An association's or project's page: its communities, and the representatives in reach. */
    async entry(viewerId: number, language: Language, kind: RepresentedEntryKind, id: number) {
      const { ref, entry } = await requireEntry(kind, id);
      const [communities, representatives, role, canInvite] = await Promise.all([
        ref.kind === 'association' ? deps.hostedBy(id, language) : Promise.resolve([]),
        repository.confirmedVisibleTo(ref, viewerId),
        repository.liveRoleOf(ref, viewerId),
        mayInvite(ref, viewerId),
      ]);
      return {
        kind,
        id,
        nombre: entry.name,
        pais: entry.pais,
        ciudad: entry.ciudad,
        descripcion: deps.localized(entry.descripcion, language),
        enlace: entry.enlace,
        communities,
        representatives: representatives.map((row) => ({ member_id: row.memberId, nombre: row.nombre })),
        can_invite: canInvite,
        my_role:
          role && role.state !== 'removed' && role.state !== 'stepped_down'
            ? { id: role.id, state: role.state }
            : null,
      } satisfies DirectoryEntryDetail;
    },

    /**
     * Sends an invitation to an address. The answer is the same whether or not the address
     * belongs to a member: an inviter learns nothing about accounts from it.
     */
    async invite(
      inviterId: number,
      language: Language,
      kind: RepresentedEntryKind,
      id: number,
      email: string,
    ) {
      const { ref, entry } = await requireEntry(kind, id);
      if (!(await mayInvite(ref, inviterId)))
        throw new AppError(403, 'not_representative', 'hosts.errors.not_representative');
      if (await repository.liveForEmail(ref, email))
        throw new AppError(409, 'already_invited', 'hosts.errors.already_invited', {
          fields: { email: 'hosts.errors.already_invited' },
        });
      await invitations.hit(String(inviterId));
      const token = newOpaqueToken();
      const row = await repository.invite({
        ref,
        email,
        invitedBy: inviterId,
        tokenHash: hashOpaqueToken(token),
      });
      await deps.mailer.send(
        representativeInvitationEmail({
          to: email,
          language,
          link: `${deps.publicUrl.replace(/\/$/, '')}/representantes/invitacion/${token}`,
          organisation: entry.name,
          days: REPRESENTATIVE_INVITATION_DAYS,
          product: deps.productName,
        }),
      );
      await audit(await actorOf(inviterId), 'representative.invite', row);
      return answer(row);
    },

    /** What a link invites to; a token that names nothing, or has expired, is not found. */
    async invitation(userId: number, token: string) {
      const found = await repository.byTokenHash(hashOpaqueToken(token));
      if (!found) throw invitationNotFound();
      const { representative: row } = found;
      const account = await repository.account(userId);
      return {
        ...entryFields(row, found.entryName),
        state: row.state,
        for_you: account?.email === row.invitedEmail,
      };
    },

    /**
     * The invited member says yes: only the account with the address it was sent to, only an
     * adult, only within REPRESENTATIVE_INVITATION_DAYS, only once.
     */
    async accept(userId: number, token: string) {
      const found = await repository.byTokenHash(hashOpaqueToken(token));
      if (!found) throw invitationNotFound();
      const { representative: row } = found;
      const actor = await actorOf(userId);
      if (row.invitedEmail !== actor.email)
        throw new AppError(403, 'invitation_other_address', 'hosts.errors.invitation_other_address');
      if ((await deps.groupOf(userId)) !== 'adult') throw notAdult();
      if (row.state !== 'invited') throw new AppError(409, 'invitation_used', 'hosts.errors.invitation_used');
      if (now().getTime() - row.invitedAt.getTime() > REPRESENTATIVE_INVITATION_DAYS * DAY_MS)
        throw new AppError(409, 'invitation_expired', 'hosts.errors.invitation_expired');
      const accepted = await repository.transition(row.id, ['invited'], 'accepted', userId);
      if (!accepted) throw new AppError(409, 'invitation_used', 'hosts.errors.invitation_used');
      await audit(actor, 'representative.accept', accepted);
      return answer(accepted);
    },

    /** A representative ends their own role, at any step. */
    async stepDown(userId: number, id: number) {
      const row = await repository.byId(id);
      if (!row || row.userId !== userId) throw representativeNotFound();
      const ended = await repository.transition(id, ['accepted', 'confirmed'], 'stepped_down');
      if (!ended) throw representativeNotFound();
      await audit(await actorOf(userId), 'representative.step_down', ended);
      return answer(ended);
    },

    /**
     * The member, when they are a confirmed representative of the research project (the one who
     * may read its counts and post its call), as the audit log names them.
     */
    async confirmedProjectRepresentative(projectId: number, userId: number) {
      const role = await repository.liveRoleOf({ kind: 'research_project', id: projectId }, userId);
      return role?.state === 'confirmed' ? actorOf(userId) : undefined;
    },

    /** The confirmed representatives of these research projects the viewer may see, by project. */
    async projectRepresentatives(projectIds: readonly number[], viewerId: number) {
      const byProject = await repository.projectRepresentativesVisibleTo(projectIds, viewerId);
      return new Map(
        [...byProject].map(([id, people]) => [
          id,
          people.map((person) => ({ member_id: person.memberId, nombre: person.nombre })),
        ]),
      );
    },

    // ─── Administrators ───────────────────────────────────────────────────────────────────

    /** Confirms an accepted representative, who must still be an adult. */
    async confirm(admin: Actor, id: number) {
      const row = await repository.byId(id);
      if (!row) throw representativeNotFound();
      if (row.state !== 'accepted' || row.userId === null)
        throw new AppError(409, 'not_accepted', 'hosts.errors.not_accepted');
      if ((await deps.groupOf(row.userId)) !== 'adult') throw notAdult();
      const confirmed = await repository.transition(id, ['accepted'], 'confirmed');
      if (!confirmed) throw new AppError(409, 'not_accepted', 'hosts.errors.not_accepted');
      await audit(admin, 'representative.confirm', confirmed);
      await tellMember(confirmed, 'confirmed');
      return answer(confirmed);
    },

    /**
     * Ends a role or withdraws an invitation; ending an ended one is not found. A member who had
     * accepted is told; an invitation nobody accepted ends silently (its address may not be anyone's).
     */
    async remove(admin: Actor, id: number) {
      const ended = await repository.transition(id, ['invited', 'accepted', 'confirmed'], 'removed');
      if (!ended) throw representativeNotFound();
      await audit(admin, 'representative.remove', ended);
      await tellMember(ended, 'ended');
      return answer(ended);
    },

    async list(state: RepresentativeState | undefined, limit: number, offset: number) {
      const rows = await repository.list(state, limit + 1, offset);
      const representatives: AdminRepresentative[] = rows.slice(0, limit).map((row) => {
        const r = row.representative;
        return {
          ...entryFields(r, row.entryName),
          invited_email: r.invitedEmail,
          member:
            r.userId !== null && row.memberEmail
              ? { id: r.userId, nombre: row.memberName ?? '', email: row.memberEmail }
              : null,
          state: r.state,
          invited_at: r.invitedAt.toISOString(),
          accepted_at: r.acceptedAt?.toISOString() ?? null,
          confirmed_at: r.confirmedAt?.toISOString() ?? null,
          ended_at: r.endedAt?.toISOString() ?? null,
        };
      });
      return { representatives, more: rows.length > limit };
    },
  };
}

export type RepresentativesService = ReturnType<typeof createRepresentativesService>;
