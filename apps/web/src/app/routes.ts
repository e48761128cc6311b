/**
 * Every path of the router, in one table with no screens attached, so that code which must know
 * the whole route list without rendering it (the reflow and layout-shift walk of issue 23,
 * e2e/tests/reflow.e2e.ts) reads the same list the router is built from. `router.tsx` maps each
 * path to its screen through a complete record, so a path cannot be added without a screen, nor
 * a screen without being walked.
 */

/** Reached without signing in. */
export const PUBLIC_PATHS = [
  '/',
  '/login',
  '/signup',
  '/signup/self',
  '/signup/menor',
  '/activate',
  '/reset-password',
  '/reset-confirm',
  '/politica/:document',
  '/ads-test',
  // The notification e-mails' unsubscribe link: works without signing in (issue 20).
  '/baja/:token',
] as const;

/** The login-protected paths of spec §2 and of the issues after it. */
export const PROTECTED_PATHS = [
  '/dashboard',
  '/edit-profile',
  '/logout',
  '/change-password',
  '/feed',
  '/new-post',
  '/profile',
  '/gallery',
  '/search',
  '/solicitudes',
  '/chat',
  '/buscar',
  '/buscar/perfil',
  '/buscar/enfermedad',
  '/buscar/amigos',
  '/perfil/:id',
  '/recursos',
  '/recursos/asociaciones',
  '/recursos/proyectos',
  '/recursos/centros',
  // Issue 35: research that matches the member's consented disease and places.
  '/recursos/para-ti',
  // Issue 35: an association's or research project's page, and the representatives' invitation.
  '/recursos/asociaciones/:id',
  '/recursos/proyectos/:id',
  '/representantes/invitacion/:token',
  '/recursos/nube-palabras',
  '/monetizacion',
  '/perfil-funcional',
  '/monetizacion/ganancias',
  '/perfil/metodo-pago',
  '/perfil/metodo-pago/:metodo',
  '/monetizacion/historial-retiros',
  '/info',
  // Issue 18: communities (a disease one is also reached by its ORPHA code).
  '/comunidades',
  '/comunidades/:id',
  '/comunidades/enfermedad/:orphacode',
  // Issue 20: the notification centre and its settings.
  '/notificaciones',
  '/ajustes/notificaciones',
  // Issue 37: the people who help the member, and those the member helps (decision 0047).
  '/ajustes/apoyo',
] as const;

/** The operators' area (not in the spec): signed in, and each screen checks the role it needs. */
export const ADMIN_PATHS = [
  '/admin',
  '/admin/moderacion',
  '/admin/menores',
  '/admin/retiros',
  '/admin/recursos',
  '/admin/anuncios',
  '/admin/auditoria',
  '/admin/comunidades',
  '/admin/representantes',
] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];
export type ProtectedPath = (typeof PROTECTED_PATHS)[number];
export type AdminPath = (typeof ADMIN_PATHS)[number];
export type AppPath = PublicPath | ProtectedPath | AdminPath;

/**
 * How a screen sits in the frame: `standard` scrolls under the bars; `full-height` takes the
 * whole height of a phone, so the members' bottom bar is not drawn there (spec §2: the
 * conversation needs the height) and the language and display settings stay in the top bar.
 */
export type RouteLayout = 'standard' | 'full-height';

/** The screens whose layout is not `standard`; the router puts it in their route's `handle`. */
export const ROUTE_LAYOUTS: Partial<Record<AppPath, RouteLayout>> = {
  '/chat': 'full-height',
};

/** What the router keeps with a route (react-router's `handle`), read from the matched route. */
export type RouteHandle = { layout: RouteLayout };

export const routeHandle = (path: AppPath): RouteHandle => ({ layout: ROUTE_LAYOUTS[path] ?? 'standard' });
