import type { FastifyInstance } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A request as the web app sends it: with the session of `access` (none when undefined) and in
 * English unless told otherwise, the language of the messages the tests expect.
 */
export const requestAs = (
  app: FastifyInstance,
  access: string | undefined,
  method: Method,
  url: string,
  payload?: object,
  language = 'en',
) =>
  app.inject({
    method,
    url,
    headers: { ...(access ? { authorization: `Bearer ${access}` } : {}), 'accept-language': language },
    ...(payload ? { payload } : {}),
  });

/** Deletes the member's account as the profile's "Delete account" does, with their password. */
export const deleteAccount = (app: FastifyInstance, member: { access: string; password: string }) =>
  app.inject({
    method: 'DELETE',
    url: '/api/delete-account/',
    headers: { authorization: `Bearer ${member.access}` },
    payload: { password: member.password },
  });
