import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createRegistrationSchema } from '@juntos/domain';
import { emailOutbox, refreshTokens } from '../db/schema';
import { createAccessTokens } from '../lib/access-tokens';
import { createAuthRepository } from '../modules/auth';
import { newAccount, startSession } from '../modules/auth/auth.service';
import { REFRESH_REUSE_GRACE_MS, hashOpaqueToken } from '../modules/auth/tokens';
import { hashPassword, type PasswordHashCost } from '../modules/auth/passwords';

export { STRONG_PASSWORD, adultPayload, minorPayload, uniqueEmail } from './payloads';
import { adultPayload } from './payloads';

/** The newest e-mail sent to `to`, from the outbox every message is written to. */
export async function lastEmailTo(app: FastifyInstance, to: string) {
  const [row] = await app.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.recipient, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!row) throw new Error(`no e-mail to ${to}`);
  return row;
}

export const codeFrom = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
export const resetTokenFrom = (text: string) => /reset-confirm\?token=([\w-]+)/.exec(text)?.[1] ?? '';

/** Registers and activates an adult through the API, as a person does; for the sign-up tests. */
export async function signUpThroughApi(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const payload = adultPayload(overrides);
  const registered = await app.inject({ method: 'POST', url: '/api/register/', payload });
  if (registered.statusCode !== 201) throw new Error(registered.body);
  const code = codeFrom((await lastEmailTo(app, payload.email)).textBody);
  const activated = await app.inject({
    method: 'POST',
    url: '/api/activate/',
    payload: { email: payload.email, code },
  });
  if (activated.statusCode !== 200) throw new Error(activated.body);
  const body = activated.json<{ access: string; refresh: string; user: { id: number } }>();
  return { email: payload.email, password: payload.password, ...body };
}

const registration = createRegistrationSchema(() => false);
/** One hash per password and cost: hashing is most of a sign-up's time, and tests share passwords. */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string, cost: PasswordHashCost) => {
  const key = `${cost}:${password}`;
  if (!hashes.has(key)) hashes.set(key, hashPassword(password, cost));
  return hashes.get(key)!;
};

/**
 * An activated adult (or, with `minorPayload()`, a guardian's account for a minor), stored as a
 * sign-up and its activation store it (the same rows, through `newAccount`) without the e-mail
 * round trip, and signed in: what most tests need before they start (issue 33: sign-up through
 * HTTP cost ~160 ms of CPU per member). Sign-up itself is tested through the API
 * (`signUpThroughApi`, auth tests).
 */
export async function createActiveMember(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  // A sign-up is a request, which readies the app (its schedules and queues start on ready):
  // a member stored directly must find the app in the same state.
  await app.ready();
  const input = registration.parse(adultPayload(overrides));
  const repository = createAuthRepository(app.database.db);
  const { account, consents } = newAccount(input, await hashOf(input.password, app.config.passwordHashCost));
  const user = await repository.createUser(account, consents);
  if (!user) throw new Error(`${input.email} is taken`);
  await repository.activateUser(user.id);
  const tokens = await startSession(
    { repository, accessTokens: createAccessTokens(app.config.jwtSecret) },
    user.id,
    null,
    new Date(),
  );
  return { email: input.email, password: input.password, ...tokens, user: { id: user.id } };
}

/**
 * Moves a refresh token's rotation back past the reuse grace (auth/tokens.ts): the next use of
 * it is then a reuse the server treats as theft, as it would a minute later.
 */
export async function rotatedLongAgo(app: FastifyInstance, refreshToken: string) {
  await app.database.db
    .update(refreshTokens)
    .set({ rotatedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
}
