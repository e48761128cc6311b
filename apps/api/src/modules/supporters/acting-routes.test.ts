import { describe, expect, it } from 'vitest';
import {
  authRoutes,
  dataExportRoutes,
  monetizationRoutes,
  notificationRoutes,
  passkeyRoutes,
  researchRoutes,
  supporterMay,
  supporterRoutes,
  SUPPORTER_PERMISSIONS,
  type ActingSession,
  type RouteDefinition,
  type Supporter,
  type SupporterPermission,
} from '@juntos/domain';
import type { RouteEntry } from '../../plugins/route-table';
import type { Member } from '../../test-support/profiles';
import { requestAs, type Method } from '../../test-support/requests';
import { testAppWithMembers } from '../../test-support/test-app-with-members';

/**
 * Decision 0047, "deny by default, in the route table": every signed-in route is walked with an
 * acting token of each permission, and must refuse it exactly where its declared scope says. A
 * route nobody classified fails here until it is given a scope or named below as closed.
 */

/** Closed to supporters on purpose: the account's keys, its earnings, consents and everything else here. */
const CLOSED = new Set([
  // Moderators, representatives, hosts and researchers act in a role, not as a member
  // (administration, under /api/admin/, is closed as a whole: closedOnPurpose).
  'POST /api/recursos/:kind/:id/representantes/',
  'GET /api/representantes/invitacion/:token/',
  'POST /api/representantes/invitacion/:token/aceptar/',
  'POST /api/representantes/:id/renunciar/',
  'PUT /api/comunidades/:id/normas/',
  'POST /api/comunidades/:id/publicaciones/:postId/fijar/',
  'POST /api/comunidades/:id/publicaciones/:postId/desfijar/',
  'POST /api/comunidades/:id/normas/aceptar/',
  'GET /api/investigacion/proyectos/:id/alcance/',
  'POST /api/investigacion/proyectos/:id/llamada/',
  'DELETE /api/investigacion/proyectos/:id/llamada/',
  // Earnings and the ads counted for them.
  'GET /api/monetizacion/status/',
  'POST /api/monetizacion/activate/',
  'DELETE /api/monetizacion/activate/',
  'GET /api/monetizacion/profile/',
  'POST /api/monetizacion/profile/',
  'POST /api/monetizacion/withdrawals/',
  'GET /api/monetizacion/withdrawals/history/',
  'GET /api/ads/stats/',
  'GET /api/ads/slot/',
  'POST /api/ads/impressions/',
  // Consents, the copy of all data, this device's push, the account's keys and its supporters.
  'GET /api/investigacion/consentimiento/',
  'PUT /api/investigacion/consentimiento/',
  'DELETE /api/investigacion/consentimiento/',
  'GET /api/mis-datos/exportacion/',
  'POST /api/mis-datos/exportacion/',
  'GET /api/mis-datos/exportacion/:id/archivo/',
  'GET /api/notificaciones/push/clave/',
  'GET /api/notificaciones/dispositivos/',
  'POST /api/notificaciones/dispositivos/',
  'DELETE /api/notificaciones/dispositivos/:id/',
  'POST /api/change-password/',
  'DELETE /api/delete-account/',
  'GET /api/passkeys/',
  'POST /api/passkeys/options/',
  'POST /api/passkeys/',
  'DELETE /api/passkeys/:id/',
  'GET /api/supporters/',
  'GET /api/supporters/activity/',
  'POST /api/supporters/',
  'PATCH /api/supporters/:id/',
  'DELETE /api/supporters/:id/',
  'GET /api/supporting/',
  'POST /api/supporting/:id/accept/',
  'POST /api/supporting/:id/session/',
  'DELETE /api/supporting/:id/',
]);

/** The routes decision 0047 names as never open to a supporter, by their definitions. */
const NEVER: RouteDefinition[] = [
  authRoutes.changePassword,
  authRoutes.deleteAccount,
  ...Object.values(passkeyRoutes),
  ...Object.values(supporterRoutes),
  monetizationRoutes.withdraw,
  monetizationRoutes.activate,
  researchRoutes.giveConsent,
  dataExportRoutes.request,
  notificationRoutes.addDevice,
];

const key = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;
const closedOnPurpose = (route: RouteEntry) => CLOSED.has(key(route)) || route.url.startsWith('/api/admin/');

describe('supporters on every route', () => {
  const world = testAppWithMembers({
    members: {
      member: { nombre: 'Ana' },
      posts: { nombre: 'Bruno' },
      messages: { nombre: 'Carla' },
      profile: { nombre: 'Dora' },
    },
  });
  const call = (access: string | undefined, method: string, url: string) =>
    requestAs(
      world.app,
      access,
      method as Method,
      url,
      method === 'GET' || method === 'DELETE' ? undefined : {},
    );

  async function actingToken(supporter: Member, permission: SupporterPermission) {
    const invited = await requestAs(world.app, world.member.access, 'POST', '/api/supporters/', {
      email: supporter.email,
      permissions: [permission],
    });
    const { id } = invited.json<Supporter>();
    await requestAs(world.app, supporter.access, 'POST', `/api/supporting/${id}/accept/`);
    const session = await requestAs(world.app, supporter.access, 'POST', `/api/supporting/${id}/session/`);
    expect(session.statusCode, session.body).toBe(200);
    return session.json<ActingSession>().access;
  }

  const signedInRoutes = () =>
    world.app.routeTable.filter(
      (route) =>
        route.signedIn && !route.websocket && route.method !== 'HEAD' && !route.url.includes('/__test__/'),
    );

  it('classifies every signed-in route: a scope, or closed on purpose', () => {
    const unclassified = signedInRoutes()
      .filter((route) => route.supporterScope === undefined && !closedOnPurpose(route))
      .map(key);
    expect(unclassified, 'give these routes a supporterScope, or add them to CLOSED').toEqual([]);
    const openedByMistake = signedInRoutes()
      .filter((route) => route.supporterScope !== undefined && closedOnPurpose(route))
      .map(key);
    expect(openedByMistake).toEqual([]);
    // The account's keys are never opened, whatever anyone adds to the table.
    expect(NEVER.filter((route) => route.supporterScope !== undefined).map((route) => route.path)).toEqual(
      [],
    );
  });

  it('answers each acting token exactly as the route’s scope says', async () => {
    const tokens = {
      posts: await actingToken(world.posts, 'posts'),
      messages: await actingToken(world.messages, 'messages'),
      profile: await actingToken(world.profile, 'profile'),
    } satisfies Record<SupporterPermission, string>;
    const wrong: string[] = [];
    for (const route of signedInRoutes()) {
      // Unknown ids: a route that lets the supporter in answers 404 or 400, and changes nothing.
      const url = route.url.replace(/:[A-Za-z_]\w*/g, '999999999');
      for (const permission of SUPPORTER_PERMISSIONS) {
        const answer = await call(tokens[permission], route.method, url);
        const refused =
          answer.statusCode === 403 && answer.json<{ code?: string }>().code === 'supporter_not_allowed';
        const allowed = supporterMay([permission], route.supporterScope);
        if (refused === allowed || answer.statusCode === 401 || answer.statusCode >= 500)
          wrong.push(`${key(route)} with ${permission}: ${answer.statusCode} ${answer.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
