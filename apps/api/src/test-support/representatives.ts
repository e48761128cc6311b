import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RepresentedEntryKind } from '@juntos/domain';
import { lastEmailTo } from './accounts';

type Signed = { access: string };

const post = (app: FastifyInstance, url: string, who: Signed, payload?: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${who.access}`, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

/** Invites `email` (as `by`) to represent a directory entry; the token of the link the e-mail carries. */
export async function inviteRepresentative(
  app: FastifyInstance,
  by: Signed,
  kind: RepresentedEntryKind,
  entryId: number,
  email: string,
) {
  const response = await post(app, `/api/recursos/${kind}/${entryId}/representantes/`, by, { email });
  expect(response.statusCode, response.body).toBe(201);
  const mail = await lastEmailTo(app, email.toLowerCase());
  const token = /representantes\/invitacion\/([\w-]+)/.exec(mail.textBody)?.[1];
  if (!token) throw new Error('no link in the invitation');
  return { id: response.json<{ id: number }>().id, token, mail };
}

/** Makes `member` a confirmed representative of the entry, through the three steps of the API. */
export async function confirmRepresentative(
  app: FastifyInstance,
  admin: Signed,
  kind: RepresentedEntryKind,
  entryId: number,
  member: Signed & { email: string },
) {
  const { id, token } = await inviteRepresentative(app, admin, kind, entryId, member.email);
  expect((await post(app, `/api/representantes/invitacion/${token}/aceptar/`, member)).statusCode).toBe(200);
  expect((await post(app, `/api/admin/representantes/${id}/confirmar/`, admin)).statusCode).toBe(200);
  return id;
}
