import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DetailSchema,
  IdParams,
  NotificationPageQuery,
  NotificationPageSchema,
  NotificationSettingsAnswerSchema,
  NotificationSettingsSchema,
  PushDeviceSchema,
  PushKeySchema,
  PushSubscriptionInput,
  UnreadNotificationsSchema,
} from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import type { RequireAuth } from '../../plugins/authenticate';
import type { NotificationsService } from './notifications.service';

const UnsubscribeParams = z.object({ token: z.string().min(3).max(200) });

/** The notification centre, its settings, and the e-mails' one-click unsubscribe (issue 20). */
export function registerNotificationRoutes(
  app: FastifyInstance,
  service: NotificationsService,
  requireAuth: RequireAuth,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };
  const tags = ['notifications'];

  routes.get(
    '/api/notificaciones/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Your notifications, newest event first; repeats on one thing grouped while unread',
        querystring: NotificationPageQuery,
        response: { 200: NotificationPageSchema },
      },
    },
    async (request) => service.page(request.userId, request.query.before),
  );
  routes.get(
    '/api/notificaciones/sin-leer/',
    {
      ...member,
      schema: {
        tags,
        summary: 'How many of your notifications are unread (the bell)',
        response: { 200: UnreadNotificationsSchema },
      },
    },
    async (request) => service.unread(request.userId),
  );
  routes.post(
    '/api/notificaciones/:id/leida/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: IdParams,
        response: { 204: z.null().describe('Marked as read') },
      },
    },
    async (request, reply) => {
      await service.markRead(request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
  routes.post(
    '/api/notificaciones/leidas/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Mark all your notifications read',
        response: { 204: z.null().describe('All marked as read') },
      },
    },
    async (request, reply) => {
      await service.markAllRead(request.userId);
      return reply.status(204).send(null);
    },
  );
  routes.get(
    '/api/notificaciones/ajustes/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Your notification settings: channels per kind, e-mail frequency, quiet hours',
        response: { 200: NotificationSettingsAnswerSchema },
      },
    },
    async (request) => service.settings(request.userId),
  );
  routes.put(
    '/api/notificaciones/ajustes/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Save your notification settings (all of them)',
        body: NotificationSettingsSchema,
        response: { 200: NotificationSettingsAnswerSchema },
      },
    },
    async (request) => service.saveSettings(request.userId, request.body),
  );

  routes.get(
    '/api/notificaciones/push/clave/',
    {
      ...member,
      schema: {
        tags,
        summary: 'The public VAPID key a browser subscribes to push notifications with',
        response: { 200: PushKeySchema },
      },
    },
    async () => service.pushKey(),
  );
  routes.get(
    '/api/notificaciones/dispositivos/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Your devices with push notifications on, newest first',
        response: { 200: z.array(PushDeviceSchema) },
      },
    },
    async (request) => service.devices(request.userId),
  );
  routes.post(
    '/api/notificaciones/dispositivos/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Turn push notifications on for this device (the browser’s push subscription)',
        body: PushSubscriptionInput,
        response: { 201: PushDeviceSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addDevice(request.userId, request.body, request.headers['user-agent'])),
  );
  routes.delete(
    '/api/notificaciones/dispositivos/:id/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Turn push notifications off for one of your devices',
        params: IdParams,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await service.removeDevice(request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form,
  // without any session. The form parser lives in this context only; the body is not needed.
  app.register(async (unsubscribe) => {
    unsubscribe.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_r, _b, done) => done(null, {}),
    );
    unsubscribe.withTypeProvider<ZodTypeProvider>().post(
      '/api/notificaciones/baja/:token/',
      {
        schema: {
          tags,
          summary: 'Stop notification e-mails (the link in every one of them; no sign-in needed)',
          params: UnsubscribeParams,
          response: { 200: DetailSchema },
        },
      },
      async (request) => {
        await service.unsubscribe(request.params.token);
        return { detail: translate(requestLanguage(request.headers), 'notifications.unsubscribed') };
      },
    );
  });
}
