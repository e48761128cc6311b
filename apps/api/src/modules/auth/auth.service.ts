import { randomUUID } from 'node:crypto';
import {
  CONSENT_POLICY_VERSION,
  isSupportedLanguage,
  normalizeEmail,
  type Account,
  type AccountUser,
  type Language,
  type LoginResponse,
  type Registration,
  type TokenPair,
} from '@juntos/domain';
import { AppError } from '../../lib/app-error';
import type { SessionEndReason } from '../../realtime';
import type { Mailer } from '../../lib/mailer';
import { clientKey, type RateLimits } from '../../lib/rate-limiter';
import { activationEmail, passwordResetEmail, securityNoticeEmail, type SecurityEvent } from './auth-emails';
import type { AccountRow, AuthRepository, UserRow } from './auth.repository';
import {
  hashPassword,
  isCommonPassword,
  verifyAgainstNothing,
  verifyPassword,
  type PasswordHashCost,
} from './passwords';
import {
  ACTIVATION_CODE_TTL_MS,
  ACTIVATION_MAX_FAILED_ATTEMPTS,
  REFRESH_REUSE_GRACE_MS,
  REFRESH_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  hashActivationCode,
  hashOpaqueToken,
  newActivationCode,
  newOpaqueToken,
} from './tokens';
import type { AccessTokens } from '../../lib/access-tokens';

/**
 * The account row and consent records a sign-up stores, before activation. The tests' member
 * factory (test-support/accounts.ts) stores the same, so a test member is what a sign-up makes.
 */
export function newAccount(input: Registration, passwordHash: string) {
  const minor = input.tipo_registro === 'menor';
  return {
    account: {
      email: normalizeEmail(input.email),
      passwordHash,
      telefono: input.telefono.trim(),
      tipoRegistro: input.tipo_registro,
      nombreTutor: minor ? input.nombre_tutor : null,
      relacionTutor: minor ? input.relacion_tutor : null,
      language: input.language,
    },
    consents: [
      { kind: 'operating_policy', policyVersion: CONSENT_POLICY_VERSION },
      { kind: 'health_data_processing', policyVersion: CONSENT_POLICY_VERSION },
      ...(minor ? [{ kind: 'guardian_responsibility', policyVersion: CONSENT_POLICY_VERSION }] : []),
    ],
  };
}

/** A new session (refresh-token family) of the account, and its first token pair. */
export async function startSession(
  deps: Pick<AuthServiceDependencies, 'repository' | 'accessTokens'>,
  userId: number,
  device: string | null,
  at: Date,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const refresh = newOpaqueToken();
  await deps.repository.createRefreshToken({
    userId,
    familyId,
    tokenHash: hashOpaqueToken(refresh),
    expiresAt: new Date(at.getTime() + REFRESH_TOKEN_TTL_MS),
    device,
  });
  // The access token names its family: ending the family (logout, password change) ends it too.
  return { access: await deps.accessTokens.sign(userId, familyId), refresh };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Failed sign-ins counted per client IP, whatever the way in: a password here, a passkey in
 * modules/passkeys (each with a counter of its own). Never reset by a success, since one
 * address that signs in must not clear the failures of the guessers behind the same IP.
 */
export const SIGN_IN_FAILURES_PER_IP = {
  free: 30,
  cap: 100,
  windowMs: HOUR,
  firstDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
  resetOnSuccess: false,
} as const;

export type AuthServiceDependencies = {
  repository: AuthRepository;
  accessTokens: AccessTokens;
  mailer: Mailer;
  /**
   * Erases the account and everything that points back to it (modules/erasure): false when it
   * was already gone. Warning: irreversible.
   */
  eraseAccount: (userId: number) => Promise<boolean>;
  secret: string;
  publicUrl: string;
  productName: string;
  /** Where a member who did not make a change to their account can write (security notices). */
  contactEmail: string;
  /** Told after an account is deleted (its declared disease leaves the word cloud). */
  onAccountDeleted?: () => void;
  /**
   * Closes every live socket of the member on every instance (realtime/fan-out.ts): revoking refresh
   * tokens alone would leave an open chat socket sending and receiving.
   */
  endLiveSessions?: (userId: number, reason: SessionEndReason) => Promise<void>;
  rateLimits: RateLimits;
  /** `test` only in the automated tests (config refuses it elsewhere): see passwords.ts. */
  passwordHashCost?: PasswordHashCost;
  now?: () => Date;
};

/** The same answer for an unknown address and a wrong password (no account enumeration). */
const invalidCredentials = () =>
  new AppError(401, 'invalid_credentials', 'errors.invalid_credentials', { withDetail: true });

/** Enough of a User-Agent to recognise a browser in the member's list of sessions, no more. */
const DEVICE_MAX_LENGTH = 200;

/** The device a session is recorded with (shown in the member's data export); null when unsaid. */
export function sessionDevice(userAgent: string | undefined): string | null {
  return userAgent?.trim().slice(0, DEVICE_MAX_LENGTH).trim() || null;
}

const languageOf = (user: AccountRow): Language =>
  isSupportedLanguage(user.language) ? user.language : 'es';

export function presentUser(user: AccountRow): AccountUser {
  return { id: user.id, email: user.email, tipo_registro: user.tipoRegistro, language: user.language };
}

/** The signed-in account as login and `/api/me` describe it. */
export function presentAccount(user: AccountRow): Account {
  return {
    ...presentUser(user),
    is_active: user.isActive,
    profile_complete: user.profileCompletedAt !== null,
    profile_intro_seen: user.profileIntroSeenAt !== null,
    // Only decides whether the web app offers the /admin area; every admin call checks again.
    is_admin: user.role === 'admin',
  };
}

/** Sign-up, activation, sessions, passwords and account deletion (spec §4-§7, DESIGN.md). */
export function createAuthService(deps: AuthServiceDependencies) {
  const now = deps.now ?? (() => new Date());
  const limit = (name: string, points: number, windowMs: number) =>
    deps.rateLimits.fixedWindow(name, { points, windowMs });
  // Wrong passwords slow the guesser down without locking the owner out: the waiting falls on the
  // address and IP that failed (and on the IP as a whole); the account itself is only ever slowed,
  // so failures sent from other addresses cannot keep its owner from signing in.
  // Every per-IP count keys on clientKey(ip): an IPv6 /64 is one client, however many addresses it uses.
  const login = {
    perAddressAndIp: deps.rateLimits.failures('login-address-ip', {
      free: 5,
      cap: 20,
      windowMs: HOUR,
      firstDelayMs: 1000,
      maxDelayMs: 15 * MINUTE,
      resetOnSuccess: true,
    }),
    perIp: deps.rateLimits.failures('login-ip', SIGN_IN_FAILURES_PER_IP),
    perAccount: deps.rateLimits.slowdown('login-account', {
      free: 20,
      windowMs: HOUR,
      stepMs: 100,
      maxDelayMs: 2000,
    }),
  };
  // Wrong activation codes (issue 32, docs/decisions/0033): the waiting falls on the address that
  // guessed; the pending account is only made to wait a while, never loses its code to strangers,
  // and keeps a stored ceiling (ACTIVATION_MAX_FAILED_ATTEMPTS) that these waits keep out of reach.
  const activation = {
    wrongPerIp: deps.rateLimits.failures('activate-wrong-ip', {
      free: 5,
      cap: 30,
      windowMs: HOUR,
      firstDelayMs: MINUTE,
      maxDelayMs: 15 * MINUTE,
      resetOnSuccess: false,
    }),
    wrongPerAccount: deps.rateLimits.failures('activate-wrong-account', {
      free: 5,
      cap: 30,
      windowMs: ACTIVATION_CODE_TTL_MS,
      firstDelayMs: 30_000,
      maxDelayMs: ACTIVATION_CODE_TTL_MS,
      resetOnSuccess: true,
    }),
  };
  const limits = {
    registerPerIp: limit('register-ip', 10, HOUR),
    activatePerIp: limit('activate-ip', 30, 15 * MINUTE),
    /** New activation codes, whether asked for or issued by signing in to a pending account. */
    resendPerAddress: limit('resend-address', 5, HOUR),
    resetPerIp: limit('reset-ip', 10, HOUR),
    resetPerAddress: limit('reset-address', 3, HOUR),
    /**
     * Password checks of a signed-in member (changing the password, deleting the account): a
     * stolen access token must not become a way to guess the password.
     */
    passwordChecksPerMember: limit('password-check-member', 10, HOUR),
  };

  /** A sign-in starts a family with its device; each rotation keeps the family's device. */
  const issueTokens = (userId: number, device: string | null, familyId?: string) =>
    startSession(deps, userId, device, now(), familyId);

  /**
   * Tells the member by e-mail, in their language, that something able to open their account
   * changed (decision 0031). The change is already stored; the mailer records a failed delivery
   * rather than throwing, so the member's action is not answered as failed.
   */
  async function sendSecurityNotice(
    userId: number,
    event: SecurityEvent,
    details: { label?: string; passkeysRemoved?: boolean } = {},
  ) {
    const user = await deps.repository.findUserById(userId);
    if (!user) return;
    await deps.mailer.send(
      securityNoticeEmail({
        to: user.email,
        userId: user.id,
        language: languageOf(user),
        event,
        at: now(),
        details,
        resetLink: new URL('/reset-password', deps.publicUrl).toString(),
        contact: deps.contactEmail,
        product: deps.productName,
      }),
    );
  }

  async function sendActivationCode(user: UserRow) {
    const code = newActivationCode();
    await deps.repository.replaceActivationCode(
      user.id,
      hashActivationCode(deps.secret, user.id, code),
      new Date(now().getTime() + ACTIVATION_CODE_TTL_MS),
    );
    await deps.mailer.send(
      activationEmail({
        to: user.email,
        userId: user.id,
        language: languageOf(user),
        code,
        minutes: ACTIVATION_CODE_TTL_MS / MINUTE,
        product: deps.productName,
      }),
    );
  }

  /**
   * Asks a signed-in member's password again before something a session left open must not do
   * alone. Slowed per member: a stolen access token must not become a way to guess the password.
   */
  async function confirmPassword(userId: number, password: string, field: string) {
    const user = await deps.repository.findUserById(userId);
    if (!user) throw new AppError(401, 'unauthorized', 'errors.unauthorized');
    await limits.passwordChecksPerMember.hit(String(userId));
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new AppError(403, 'wrong_password', 'errors.wrong_password', {
        fields: { [field]: 'errors.wrong_password' },
      });
    return user;
  }

  async function openSession(user: UserRow, userAgent: string | undefined): Promise<LoginResponse> {
    const tokens = await issueTokens(user.id, sessionDevice(userAgent));
    return {
      ...tokens,
      user: presentUser(user),
      is_active: true,
      profile_complete: user.profileCompletedAt !== null,
      activation_required: false,
    };
  }

  const rejectCommonPassword = (password: string, field: string) => {
    if (isCommonPassword(password))
      throw new AppError(400, 'validation_failed', 'password.common', {
        fields: { [field]: 'password.common' },
      });
  };

  return {
    async register(input: Registration, ip: string) {
      await limits.registerPerIp.hit(clientKey(ip));
      rejectCommonPassword(input.password, 'password');
      const { account, consents } = newAccount(
        input,
        await hashPassword(input.password, deps.passwordHashCost),
      );
      const user = await deps.repository.createUser(account, consents);
      if (!user)
        throw new AppError(409, 'email_taken', 'errors.email_taken', {
          fields: { email: 'errors.email_taken' },
        });
      await sendActivationCode(user);
      return user;
    },

    async activate(emailInput: string, code: string, ip: string, userAgent?: string) {
      const address = clientKey(ip);
      await limits.activatePerIp.hit(address);
      await activation.wrongPerIp.begin(address);
      const user = await deps.repository.findUserByEmail(normalizeEmail(emailInput));
      const pending = user && !user.isActive ? await deps.repository.findActivationCode(user.id) : undefined;
      if (!user || !pending) {
        await activation.wrongPerIp.failed(address);
        throw new AppError(400, 'invalid_code', 'errors.invalid_code', {
          fields: { code: 'errors.invalid_code' },
        });
      }
      const account = String(user.id);
      await activation.wrongPerAccount.begin(account);
      if (pending.failedAttempts >= ACTIVATION_MAX_FAILED_ATTEMPTS)
        throw new AppError(400, 'too_many_attempts', 'errors.too_many_attempts', {
          fields: { code: 'errors.too_many_attempts' },
        });
      if (pending.expiresAt.getTime() <= now().getTime())
        throw new AppError(400, 'code_expired', 'errors.code_expired', {
          fields: { code: 'errors.code_expired' },
        });
      if (pending.codeHash !== hashActivationCode(deps.secret, user.id, code)) {
        const failedAttempts = pending.failedAttempts + 1;
        await deps.repository.recordFailedActivation(user.id, failedAttempts);
        await Promise.all([
          activation.wrongPerIp.failed(address),
          activation.wrongPerAccount.failed(account),
        ]);
        const exhausted = failedAttempts >= ACTIVATION_MAX_FAILED_ATTEMPTS;
        throw new AppError(
          400,
          exhausted ? 'too_many_attempts' : 'invalid_code',
          exhausted ? 'errors.too_many_attempts' : 'errors.invalid_code',
          {
            fields: { code: exhausted ? 'errors.too_many_attempts' : 'errors.invalid_code' },
          },
        );
      }
      await deps.repository.deleteActivationCode(user.id);
      await deps.repository.activateUser(user.id);
      await activation.wrongPerAccount.succeeded(account);
      return { user, tokens: await issueTokens(user.id, sessionDevice(userAgent)) };
    },

    /** Answers the same whether or not the address has a pending account. */
    async resendActivationCode(emailInput: string) {
      const email = normalizeEmail(emailInput);
      await limits.resendPerAddress.hit(email);
      const user = await deps.repository.findUserByEmail(email);
      if (user && !user.isActive) await sendActivationCode(user);
    },

    async login(
      emailInput: string,
      password: string,
      ip: string,
      userAgent?: string,
    ): Promise<LoginResponse> {
      const email = normalizeEmail(emailInput);
      const client = clientKey(ip);
      const addressAndIp = `${email}\n${client}`;
      await login.perIp.begin(client);
      await login.perAddressAndIp.begin(addressAndIp);
      await login.perAccount.wait(email);
      const user = await deps.repository.findUserByEmail(email);
      const correct = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstNothing(password, deps.passwordHashCost).then(() => false);
      if (!user || !correct) {
        await Promise.all([
          login.perIp.failed(client),
          login.perAddressAndIp.failed(addressAndIp),
          login.perAccount.failed(email),
        ]);
        throw invalidCredentials();
      }
      await Promise.all([login.perIp.succeeded(client), login.perAddressAndIp.succeeded(addressAndIp)]);
      // Told only to someone who knows the password, so it reveals nothing to a stranger.
      if (user.suspendedAt) throw new AppError(403, 'account_suspended', 'errors.account_suspended');
      if (!user.isActive) {
        // A new code resets the count of wrong codes, so it is counted like any other new code.
        await limits.resendPerAddress.hit(email);
        await sendActivationCode(user);
        return { is_active: false, activation_required: true, profile_complete: false };
      }
      return openSession(user, userAgent);
    },

    /**
     * Opens a session for a member whose identity something other than the password proved (a
     * passkey, modules/passkeys). The same account checks as a password sign-in; a passkey is only
     * ever added to an active account, so a pending one has none.
     */
    async signInVerified(userId: number, userAgent?: string): Promise<LoginResponse> {
      const user = await deps.repository.findUserById(userId);
      if (!user || !user.isActive) throw invalidCredentials();
      if (user.suspendedAt) throw new AppError(403, 'account_suspended', 'errors.account_suspended');
      return openSession(user, userAgent);
    },

    /** The password asked again before adding a passkey (a borrowed session must not do it alone). */
    confirmPassword,

    /** Tells the member that a passkey was added to their account (modules/passkeys). */
    passkeyAdded: (userId: number, label: string) => sendSecurityNotice(userId, 'passkey_added', { label }),

    /** Rotates a refresh token; a token presented again after rotation revokes its family. */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const stored = await deps.repository.findRefreshToken(hashOpaqueToken(refreshToken));
      const invalid = () => new AppError(401, 'session_expired', 'errors.session_expired');
      if (!stored || stored.revokedAt) throw invalid();
      const reusedAfterGrace =
        stored.rotatedAt && now().getTime() - stored.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS;
      if (reusedAfterGrace) {
        await deps.repository.revokeRefreshFamily(stored.familyId);
        throw invalid();
      }
      if (stored.expiresAt.getTime() <= now().getTime()) throw invalid();
      // A suspended (or deleted) account renews nothing, whatever tokens it still holds.
      if (!(await deps.repository.accountUsable(stored.userId))) {
        await deps.repository.revokeRefreshFamily(stored.familyId);
        throw invalid();
      }
      if (!stored.rotatedAt && !(await deps.repository.markRefreshTokenRotated(stored.id))) {
        // Another request rotated it a moment ago (within the grace as well), or a sign-out
        // revoked it meanwhile, which a renewal must not undo.
        const current = await deps.repository.findRefreshToken(stored.tokenHash);
        if (!current || current.revokedAt) throw invalid();
      }
      return issueTokens(stored.userId, stored.device, stored.familyId);
    },

    /**
     * Ends the session of the refresh token, or of the access token when only that is given: its
     * family is revoked, so the session's access tokens stop at once too (decision 0031). Sockets
     * are addressed per member, so every socket of the member closes, not only this device's: the
     * others renew their own session and reconnect (docs/api.md).
     */
    async logout(refreshToken: string | undefined, accessToken: string | undefined) {
      const stored = refreshToken
        ? await deps.repository.findRefreshToken(hashOpaqueToken(refreshToken))
        : undefined;
      const claims = !stored && accessToken ? await deps.accessTokens.verify(accessToken) : undefined;
      const session = stored
        ? { userId: stored.userId, familyId: stored.familyId }
        : claims && { userId: claims.userId, familyId: claims.sessionId };
      if (!session) return;
      const revoked = await deps.repository.revokeRefreshFamily(session.familyId, session.userId);
      // An old, already revoked token must not let its holder disconnect the member again and again.
      if (revoked) await deps.endLiveSessions?.(session.userId, 'logged_out');
    },

    /** Answers the same whether or not the address exists (no account enumeration). */
    async requestPasswordReset(emailInput: string, language: Language, ip: string) {
      const email = normalizeEmail(emailInput);
      await limits.resetPerIp.hit(clientKey(ip));
      await limits.resetPerAddress.hit(email);
      const user = await deps.repository.findUserByEmail(email);
      if (!user) return;
      const token = newOpaqueToken();
      await deps.repository.createResetToken(
        user.id,
        hashOpaqueToken(token),
        new Date(now().getTime() + RESET_TOKEN_TTL_MS),
      );
      const link = new URL(`/reset-confirm?token=${encodeURIComponent(token)}`, deps.publicUrl).toString();
      await deps.mailer.send(
        passwordResetEmail({
          to: user.email,
          userId: user.id,
          language,
          link,
          minutes: RESET_TOKEN_TTL_MS / MINUTE,
          product: deps.productName,
        }),
      );
    },

    async confirmPasswordReset(token: string, newPassword: string) {
      const stored = await deps.repository.findResetToken(hashOpaqueToken(token));
      const invalid = () =>
        new AppError(400, 'invalid_reset_token', 'errors.invalid_reset_token', {
          fields: { token: 'errors.invalid_reset_token' },
        });
      if (!stored || stored.usedAt || stored.expiresAt.getTime() <= now().getTime()) throw invalid();
      rejectCommonPassword(newPassword, 'new_password');
      if (!(await deps.repository.consumeResetToken(stored.id))) throw invalid();
      await deps.repository.updatePassword(
        stored.userId,
        await hashPassword(newPassword, deps.passwordHashCost),
      );
      // Every session ends, with its access tokens (decision 0031).
      await deps.repository.revokeAllRefreshTokens(stored.userId);
      // Whoever asked for the reset may have lost a device: a passkey on it must not outlive the password.
      await deps.repository.deletePasskeys(stored.userId);
      await deps.endLiveSessions?.(stored.userId, 'password_changed');
      await sendSecurityNotice(stored.userId, 'password_reset');
      // Proving control of the mailbox also proves the address: a pending account becomes active.
      const user = await deps.repository.findUserById(stored.userId);
      if (user && !user.isActive) {
        await deps.repository.deleteActivationCode(user.id);
        await deps.repository.activateUser(user.id);
      }
    },

    /**
     * Changes the password of a signed-in member: every other session ends (with its access
     * tokens), the one that made the change goes on. Passkeys are removed unless the member asks
     * to keep them: whoever briefly had the session and the password may have added one.
     */
    async changePassword(
      session: { userId: number; sessionId: string },
      input: { currentPassword: string; newPassword: string; removePasskeys: boolean },
    ) {
      const { userId } = session;
      const { currentPassword, newPassword } = input;
      const user = await deps.repository.findUserById(userId);
      if (!user) throw new AppError(401, 'unauthorized', 'errors.unauthorized');
      await limits.passwordChecksPerMember.hit(String(userId));
      if (!(await verifyPassword(user.passwordHash, currentPassword)))
        throw new AppError(400, 'wrong_password', 'errors.wrong_password', {
          fields: { current_password: 'errors.wrong_password' },
        });
      rejectCommonPassword(newPassword, 'new_password');
      await deps.repository.updatePassword(userId, await hashPassword(newPassword, deps.passwordHashCost));
      await deps.repository.revokeOtherRefreshFamilies(userId, session.sessionId);
      if (input.removePasskeys) await deps.repository.deletePasskeys(userId);
      // Sockets are addressed per member: this device's close too, and reconnect with its own
      // session, which stays open.
      await deps.endLiveSessions?.(userId, 'password_changed');
      await sendSecurityNotice(userId, 'password_changed', { passkeysRemoved: input.removePasskeys });
    },

    async me(userId: number) {
      const user = await deps.repository.findUserById(userId);
      if (!user) throw new AppError(401, 'unauthorized', 'errors.unauthorized');
      return presentAccount(user);
    },

    /**
     * Erases the account (its rows, files and open sessions; the records the law requires are
     * kept pseudonymised). The current password is asked again: a session left open on a shared
     * or borrowed device must not be enough to erase a member and everything they wrote.
     */
    async deleteAccount(userId: number, password: string) {
      await confirmPassword(userId, password, 'password');
      if (!(await deps.eraseAccount(userId))) throw new AppError(401, 'unauthorized', 'errors.unauthorized');
      deps.onAccountDeleted?.();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
