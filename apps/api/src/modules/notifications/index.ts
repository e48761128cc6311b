import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerNotificationRoutes } from './notifications.routes';
import type { NotificationsService } from './notifications.service';

export { createNotificationsRepository, type NotificationEvent } from './notifications.repository';
import type { NotificationEvent } from './notifications.repository';

/** How another module tells a member something (never throws: the action it follows is done). */
export type Notify = (event: NotificationEvent) => Promise<void>;
export { createPushDevicesRepository } from './push-devices.repository';
export { createPushSender } from './push-sender';
export {
  createNotificationsService,
  NOTIFICATION_JOBS,
  type NotificationsService,
} from './notifications.service';

export type NotificationsModuleOptions = { service: NotificationsService; requireAuth: RequireAuth };

/** The notification centre, its settings and the e-mails sent while members are away (issue 20). */
export const notificationsModule = fp<NotificationsModuleOptions>(
  async (app, { service, requireAuth }) => registerNotificationRoutes(app, service, requireAuth),
  { name: 'notifications' },
);
