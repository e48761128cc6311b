import type { FastifyInstance } from 'fastify';
import { notificationRoutes as routes } from '@juntos/domain';
import { requestLanguage, translate } from '../../i18n/messages';
import { routeServer } from '../../lib/serve-route';
import type { RequireAuth } from '../../plugins/authenticate';
import type { NotificationsService } from './notifications.service';

/** The notification centre, its settings, and the e-mails' one-click unsubscribe (issue 20). */
export function registerNotificationRoutes(
  app: FastifyInstance,
  service: NotificationsService,
  requireAuth: RequireAuth,
) {
  const serve = routeServer(app);
  const member = { preValidation: requireAuth };

  serve(routes.page, member, async (request) => service.page(request.userId, request.query.before));
  serve(routes.unread, member, async (request) => service.unread(request.userId));
  serve(routes.markRead, member, async (request, reply) => {
    await service.markRead(request.userId, request.params.id);
    return reply.status(204).send(null);
  });
  serve(routes.markAllRead, member, async (request, reply) => {
    await service.markAllRead(request.userId);
    return reply.status(204).send(null);
  });
  serve(routes.settings, member, async (request) => service.settings(request.userId));
  serve(routes.saveSettings, member, async (request) => service.saveSettings(request.userId, request.body));

  serve(routes.pushKey, member, async () => service.pushKey());
  serve(routes.devices, member, async (request) => service.devices(request.userId));
  serve(routes.addDevice, member, async (request, reply) =>
    reply
      .status(201)
      .send(await service.addDevice(request.userId, request.body, request.headers['user-agent'])),
  );
  serve(routes.removeDevice, member, async (request, reply) => {
    await service.removeDevice(request.userId, request.params.id);
    return reply.status(204).send(null);
  });

  // RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form,
  // without any session. The form parser lives in this context only; the body is not needed.
  app.register(async (unsubscribe) => {
    unsubscribe.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_r, _b, done) => done(null, {}),
    );
    routeServer(unsubscribe)(routes.unsubscribe, {}, async (request) => {
      await service.unsubscribe(request.params.token);
      return { detail: translate(requestLanguage(request.headers), 'notifications.unsubscribed') };
    });
  });
}
