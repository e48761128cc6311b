import {
  negotiateLanguage,
  SUPPORTER_INVITATION_DAYS,
  SUPPORTER_INVITATIONS_PER_HOUR,
  SUPPORTERS_MAX,
  SUPPORTER_ACTIVITY_PAGE,
  supporterMay,
  type ActingSession,
  type Language,
  type SupportedMember,
  type Supporter,
  type SupporterActivity,
  type SupporterPermission,
} from '@juntos/domain';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens } from '../../lib/access-tokens';
import { AppError, notFound } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import type { RateLimits } from '../../lib/rate-limiter';
import { supporterChangeEmail, supporterInvitationEmail } from './supporter-emails';
import type { SupporterRow, SupportersRepository } from './supporters.repository';
import type { Audit } from '../../lib/audit';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const minor = () => new AppError(403, 'supporters_minor', 'supporters.errors.minor');
const grantNotFound = () => notFound('supporters.errors.not_found');

/**
 * Supporters' grants (issue 37 point 1, decision 0047): an adult member invites someone they trust
 * by e-mail and chooses what they may do; the account with that address accepts while signed in
 * (an adult, within the safeguarding rule of both); either side ends it at once. The member is
 * e-mailed of every change to who helps them, and every step is in the audit log.
 */
export function createSupportersService(deps: {
  repository: SupportersRepository;
  mailer: Mailer;
  audit: Audit;
  rateLimits: RateLimits;
  /** The safeguarding rule's group of a member: only adults have or are supporters. */
  groupOf: (userId: number) => Promise<'adult' | 'minor' | 'unreviewed_minor' | undefined>;
  /** Whether two members may reach each other (age groups, blocks either way, suspensions). */
  mayReach: (viewerId: number, memberId: number) => Promise<boolean>;
  /** Signs the supporter's acting tokens (decision 0047). */
  accessTokens: Pick<AccessTokens, 'sign'>;
  /** Closes the sockets a supporter opened acting for a member, on every instance. */
  endActingSockets: (memberId: number, supporterId: number) => Promise<void>;
  publicUrl: string;
  productName: string;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  const invitations = deps.rateLimits.fixedWindow('supporter-invitations', {
    points: SUPPORTER_INVITATIONS_PER_HOUR,
    windowMs: HOUR_MS,
  });
  const page = (path: string) => `${deps.publicUrl.replace(/\/$/, '')}${path}`;

  async function requireAccount(userId: number) {
    const account = await repository.account(userId);
    if (!account) throw new AppError(401, 'unauthorized', 'errors.unauthorized');
    return account;
  }

  async function requireAdult(userId: number) {
    if ((await deps.groupOf(userId)) !== 'adult') throw minor();
  }

  const expired = (row: SupporterRow) =>
    row.state === 'invited' && now().getTime() - row.invitedAt.getTime() > SUPPORTER_INVITATION_DAYS * DAY_MS;

  const presentSupporter = (row: SupporterRow, supporterName: string | null): Supporter => ({
    id: row.id,
    state: row.state,
    invited_email: row.invitedEmail,
    supporter: row.supporterId === null ? null : { id: row.supporterId, nombre: supporterName ?? '' },
    permissions: row.permissions,
    invited_at: row.invitedAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
  });

  const presentSupported = (row: SupporterRow, memberName: string | null): SupportedMember => ({
    id: row.id,
    state: row.state,
    member: { id: row.memberId, nombre: memberName ?? '' },
    permissions: row.permissions,
    invited_at: row.invitedAt.toISOString(),
  });

  /** The member learns of every change to who helps them, whoever made it; their account is returned. */
  async function tellMember(row: SupporterRow, change: 'added' | 'removed') {
    const [member, supporter] = await Promise.all([
      repository.account(row.memberId),
      row.supporterId === null ? undefined : repository.account(row.supporterId),
    ]);
    if (!member) return undefined;
    await deps.mailer.send(
      supporterChangeEmail({
        to: member.email,
        userId: row.memberId,
        language: negotiateLanguage(member.language),
        change,
        link: page('/ajustes/apoyo'),
        supporter: supporter?.nombre || row.invitedEmail,
        product: deps.productName,
      }),
    );
    return member;
  }

  /** Writes a step to the audit log; `email` is the actor's, when the caller already read it. */
  async function audit(actorId: number, action: string, row: SupporterRow, email?: string) {
    await deps.audit(
      { id: actorId, email: email ?? (await repository.account(actorId))?.email ?? '' },
      {
        action,
        targetType: 'member',
        targetId: row.memberId,
        details: { supporter_grant_id: row.id, supporter_id: row.supporterId, permissions: row.permissions },
      },
    );
  }

  /** A grant that ended or lost messages stops its supporter's live sockets for the member at once. */
  async function closeActingSockets(row: SupporterRow) {
    if (row.supporterId !== null) await deps.endActingSockets(row.memberId, row.supporterId);
  }

  /** A grant of the caller's (as the member), or not found: nobody learns of others' grants. */
  async function ownGrant(memberId: number, id: number) {
    const row = await repository.find(id);
    if (!row || row.memberId !== memberId || row.state === 'ended') throw grantNotFound();
    return row;
  }

  return {
    async list(memberId: number) {
      const rows = await repository.ofMember(memberId);
      return { supporters: rows.map((row) => presentSupporter(row.grant, row.supporterName)) };
    },

    async invite(
      memberId: number,
      input: { email: string; permissions: SupporterPermission[] },
      language: Language,
    ) {
      await requireAdult(memberId);
      const member = await requireAccount(memberId);
      if (input.email === member.email.toLowerCase())
        throw new AppError(400, 'validation_failed', 'errors.validation', {
          fields: { email: 'supporters.errors.self' },
        });
      if ((await repository.liveCount(memberId)) >= SUPPORTERS_MAX)
        throw new AppError(400, 'validation_failed', 'errors.validation', {
          fields: { email: 'supporters.errors.too_many' },
          values: { max: SUPPORTERS_MAX },
        });
      await invitations.hit(String(memberId));
      const row = await repository.invite(memberId, input.email, input.permissions);
      if (!row) throw new AppError(409, 'supporter_already_invited', 'supporters.errors.already');
      // An address whose account the member may not reach (a block either way) gets no e-mail
      // and sees no invitation; the member is answered the same, so no block is revealed.
      const invitee = await repository.accountIdByEmail(row.invitedEmail);
      if (invitee === undefined || (await deps.mayReach(memberId, invitee)))
        await deps.mailer.send(
          supporterInvitationEmail({
            to: row.invitedEmail,
            language,
            link: page('/ajustes/apoyo'),
            member: member.nombre ?? '',
            days: SUPPORTER_INVITATION_DAYS,
            product: deps.productName,
          }),
        );
      await audit(memberId, 'supporter.invited', row, member.email);
      return presentSupporter(row, null);
    },

    async change(memberId: number, id: number, permissions: SupporterPermission[]) {
      await ownGrant(memberId, id);
      const row = await repository.setPermissions(id, permissions);
      if (!row) throw grantNotFound();
      await audit(memberId, 'supporter.permissions_changed', row);
      if (!supporterMay(row.permissions, 'messages')) await closeActingSockets(row);
      const name =
        row.supporterId === null ? null : ((await repository.account(row.supporterId))?.nombre ?? null);
      return presentSupporter(row, name);
    },

    /** The member ends a grant (or withdraws an invitation) at once. */
    async end(memberId: number, id: number) {
      await ownGrant(memberId, id);
      const row = await repository.move(id, ['invited', 'active'], { state: 'ended', endedAt: now() });
      if (!row) throw grantNotFound();
      await audit(memberId, 'supporter.ended', row);
      await closeActingSockets(row);
      if (row.supporterId !== null) await tellMember(row, 'removed');
    },

    async supporting(supporterId: number) {
      const account = await requireAccount(supporterId);
      const rows = await repository.ofSupporter(supporterId, account.email.toLowerCase());
      const present = (row: (typeof rows)[number]) => presentSupported(row.grant, row.memberName);
      return {
        helping: rows.filter((row) => row.grant.state === 'active').map(present),
        invitations: rows.filter((row) => row.grant.state === 'invited' && !expired(row.grant)).map(present),
      };
    },

    /**
     * Only the account with the invited address accepts, while signed in; an adult, not the
     * member, and within the safeguarding rule of both (no block either way). Anything else is
     * "not found", so an invitation tells nobody else that it exists.
     */
    async accept(supporterId: number, id: number) {
      const account = await requireAccount(supporterId);
      const row = await repository.find(id);
      if (
        !row ||
        row.state !== 'invited' ||
        expired(row) ||
        row.invitedEmail !== account.email.toLowerCase() ||
        row.memberId === supporterId
      )
        throw grantNotFound();
      await requireAdult(supporterId);
      if ((await deps.groupOf(row.memberId)) !== 'adult' || !(await deps.mayReach(supporterId, row.memberId)))
        throw grantNotFound();
      const accepted = await repository.move(id, ['invited'], {
        state: 'active',
        supporterId,
        acceptedAt: now(),
      });
      if (!accepted) throw grantNotFound();
      await audit(supporterId, 'supporter.accepted', accepted, account.email);
      const member = await tellMember(accepted, 'added');
      return presentSupported(accepted, member?.nombre ?? null);
    },

    /** The supporter declines an invitation or stops helping, at once. */
    async leave(supporterId: number, id: number) {
      const account = await requireAccount(supporterId);
      const row = await repository.find(id);
      const mine =
        row &&
        ((row.state === 'active' && row.supporterId === supporterId) ||
          (row.state === 'invited' && row.invitedEmail === account.email.toLowerCase()));
      if (!row || !mine) throw grantNotFound();
      const ended = await repository.move(id, [row.state], { state: 'ended', endedAt: now() });
      if (!ended) throw grantNotFound();
      await audit(
        supporterId,
        row.state === 'active' ? 'supporter.stepped_down' : 'supporter.declined',
        ended,
        account.email,
      );
      if (row.state === 'active') {
        await closeActingSockets(ended);
        await tellMember(ended, 'removed');
      }
    },

    /**
     * An acting session for a member the caller helps: a token whose subject is the member, with
     * the caller as actor and the caller's own session, so it ends with the grant or that session.
     */
    async act(supporterId: number, sessionId: string, id: number): Promise<ActingSession> {
      const row = await repository.find(id);
      if (!row || row.state !== 'active' || row.supporterId !== supporterId) throw grantNotFound();
      const permissions = await repository.actingGrant(row.memberId, supporterId, sessionId);
      if (!permissions) throw grantNotFound();
      const issuedAt = now().getTime();
      const [access, member] = await Promise.all([
        deps.accessTokens.sign(row.memberId, sessionId, supporterId),
        repository.account(row.memberId),
      ]);
      return {
        access,
        expires_at: issuedAt + ACCESS_TOKEN_TTL_SECONDS * 1000,
        member: { id: row.memberId, nombre: member?.nombre ?? '' },
        permissions: [...permissions],
      };
    },

    /**
     * Writes what a supporter did for the member (an acting request that changed something, or a
     * chat message sent on an acting socket): the member's activity list reads it.
     */
    async recordAction(action: {
      memberId: number;
      supporterId: number;
      route: string;
      scope: SupporterPermission;
      targetId: number | null;
    }) {
      await repository.recordAction(action);
    },

    /** The member's activity list: every action of every supporter, newest first, paged. */
    async activity(memberId: number, before: number | undefined): Promise<SupporterActivity> {
      const rows = await repository.activity(memberId, before);
      const page = rows.slice(0, SUPPORTER_ACTIVITY_PAGE);
      return {
        actions: page.map(({ action, supporterName }) => ({
          id: action.id,
          supporter:
            action.supporterId === null || supporterName === null
              ? null
              : { id: action.supporterId, nombre: supporterName },
          route: action.route,
          scope: action.scope,
          target_id: action.targetId,
          created_at: action.createdAt.toISOString(),
        })),
        next_before: rows.length > SUPPORTER_ACTIVITY_PAGE ? (page.at(-1)?.action.id ?? null) : null,
      };
    },

    /**
     * A block between two members ends every grant between them at once (a supporter must not
     * act for someone who blocked them, nor help someone they blocked); the member is told.
     */
    async blocked(blockerId: number, blockedId: number) {
      const ended = await repository.endBetween(blockerId, blockedId, now());
      for (const row of ended) {
        await audit(blockerId, 'supporter.ended_by_block', row);
        await closeActingSockets(row);
        if (row.supporterId !== null) await tellMember(row, 'removed');
      }
    },
  };
}

export type SupportersService = ReturnType<typeof createSupportersService>;
