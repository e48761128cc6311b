import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailOutbox } from '../db/schema';

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

/** Registers and activates an adult; returns the address, password and tokens. */
export async function createActiveMember(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
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
