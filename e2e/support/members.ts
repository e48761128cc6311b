import { expect } from 'vitest';
import { minorPayload } from '../../apps/api/src/test-support/payloads';
import { STRONG_PASSWORD, createActiveAccount, uniqueEmail, type Account } from './accounts';
import type { Browser } from 'playwright-core';
import { baseUrl, newContext } from './browser';
import { activationCodeFrom, waitForEmail } from './mail';

export async function api(account: Account, method: string, path: string, body?: FormData | object) {
  const isForm = body instanceof FormData;
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${account.access}`,
      'Accept-Language': 'en',
      ...(body && !isForm ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body ? { body: isForm ? body : JSON.stringify(body) } : {}),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return response.json().catch(() => undefined) as Promise<unknown>;
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** An active member with a saved profile, made through the API for journeys that start later. */
export async function createMember(prefix: string, profile: Record<string, string> = {}) {
  const account = await createActiveAccount(prefix);
  await api(
    account,
    'PUT',
    '/profile/',
    form({ nombre: 'Member', country: 'fr', date_of_birth: '1985-03-02', ...profile }),
  );
  const me = (await api(account, 'GET', '/me')) as { id: number };
  return { ...account, id: me.id };
}

export type Member = Awaited<ReturnType<typeof createMember>>;

export const publishPost = (member: Member, fields: Record<string, string>) =>
  api(member, 'POST', '/posts/', form(fields));

/** Two members made friends through a test-only route (friend requests have journeys of their own). */
export async function makeFriends(a: Member, b: Member) {
  const response = await fetch(`${baseUrl()}/api/__test__/friendship/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ a: a.id, b: b.id }),
  });
  expect(response.status).toBe(204);
}

/**
 * Two new members who are friends, named `<name><stamp>` so that a test finds them on pages other
 * runs' members share.
 */
export async function createFriends(prefix: string, firstName: string, secondName: string) {
  const stamp = String(Date.now()).slice(-6);
  const first = await createMember(`${prefix}-${firstName.toLowerCase()}`, {
    nombre: `${firstName}${stamp}`,
  });
  const second = await createMember(`${prefix}-${secondName.toLowerCase()}`, {
    nombre: `${secondName}${stamp}`,
  });
  await makeFriends(first, second);
  return { stamp, members: [first, second] as const };
}

/** Adds an image to a member's gallery through the API. */
export async function uploadGalleryImage(member: Member, title: string, image: Buffer) {
  const data = form({ title, description: `${title}, a photo` });
  data.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  return api(member, 'POST', '/gallery/images/', data);
}

/** A signed-in browser context for a member, opened at `path`. */
export async function openAs(
  browser: Browser,
  member: Member,
  path: string,
  options: {
    viewport?: { width: number; height: number };
    localStorage?: Record<string, string>;
    deviceTranslator?: string;
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
) {
  const context = await newContext(browser, {
    consent: { advertising: false },
    localStorage: { access: member.access, refresh: member.refresh, ...options.localStorage },
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {}),
    ...(options.deviceTranslator ? { deviceTranslator: options.deviceTranslator } : {}),
  });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/** Gives a member the administrator role through the test-only route (the CLI cannot reach the test server's database). */
export async function makeAdmin(member: Member) {
  const response = await fetch(`${baseUrl()}/api/__test__/admin/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: member.id }),
  });
  expect(response.status).toBe(204);
}

async function postAnonymous(path: string, body: unknown) {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as unknown };
}

/**
 * A guardian signs a child up (through the API: the sign-up screens have their own journey); the
 * account waits for an administrator's check. `profile` adds to or replaces the saved fields.
 */
export async function registerMinor(
  nombre: string,
  dateOfBirth: string,
  profile: Record<string, string> = {},
): Promise<Member> {
  const email = uniqueEmail('guardian');
  const since = Date.now();
  const registered = await postAnonymous(
    '/register/',
    minorPayload({ email, password: STRONG_PASSWORD, nombre_tutor: 'María López', language: 'en' }),
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const code = activationCodeFrom(await waitForEmail(email, since));
  const activated = await postAnonymous('/activate/', { email, code });
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  const tokens = activated.body as { access: string; refresh: string };
  const account = { email, password: STRONG_PASSWORD, access: tokens.access, refresh: tokens.refresh };
  await api(
    account,
    'PUT',
    '/profile/',
    form({
      nombre,
      // Not "Test": it would stand alone in `/api/__test__/…` addresses, and the log check flags it.
      apellidos: 'Ortega',
      country: 'es',
      ciudad: 'Granada',
      date_of_birth: dateOfBirth,
      ...profile,
    }),
  );
  const me = (await api(account, 'GET', '/me')) as { id: number; minor_review_pending: boolean };
  expect(me.minor_review_pending).toBe(true);
  return { ...account, id: me.id };
}

/**
 * Makes `member` a confirmed representative of a directory entry through the API, as the
 * invitation journey does (hosted-communities.e2e walks it on screen): invited by `admin`, the
 * link read from the real e-mail, accepted, confirmed.
 */
export async function makeRepresentative(
  admin: Member,
  member: Member,
  kind: 'asociaciones' | 'proyectos',
  entryId: number,
) {
  const since = Date.now();
  await api(admin, 'POST', `/recursos/${kind}/${entryId}/representantes/`, { email: member.email });
  const token = /representantes\/invitacion\/([\w-]+)/.exec(await waitForEmail(member.email, since))?.[1];
  expect(token).toBeDefined();
  const accepted = (await api(member, 'POST', `/representantes/invitacion/${token}/aceptar/`)) as {
    id: number;
  };
  await api(admin, 'POST', `/admin/representantes/${accepted.id}/confirmar/`);
}
