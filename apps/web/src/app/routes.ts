/**
 * The login-protected paths of spec §2. The auth guard covers all of them; each feature adds its
 * screen to the route table as it is built, and until then the path answers "page not found".
 */
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
] as const;
