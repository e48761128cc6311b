import { z } from 'zod';
import {
  NotificationPageQuery,
  NotificationPageSchema,
  NotificationSettingsAnswerSchema,
  NotificationSettingsSchema,
  PushDeviceSchema,
  PushKeySchema,
  PushSubscriptionInput,
  UnreadNotificationsSchema,
} from '../notifications';
import { DetailSchema, IdParams } from '../route-parts';
import { defineRoute } from './define-route';

const tags = ['notifications'];

/** The notification centre, its settings, push devices and the e-mails' one-click unsubscribe (issue 20). */
export const notificationRoutes = {
  page: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/notificaciones/',
    tags,
    summary: 'Your notifications, newest event first; repeats on one thing grouped while unread',
    query: NotificationPageQuery,
    responses: { 200: NotificationPageSchema },
  }),
  unread: defineRoute({
    method: 'GET',
    supporterScope: 'posts',
    path: '/api/notificaciones/sin-leer/',
    tags,
    summary: 'How many of your notifications are unread (the bell)',
    responses: { 200: UnreadNotificationsSchema },
  }),
  markRead: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/notificaciones/:id/leida/',
    tags,
    summary: 'Mark one notification read',
    params: IdParams,
    responses: { 204: z.null().describe('Marked as read') },
  }),
  markAllRead: defineRoute({
    method: 'POST',
    supporterScope: 'posts',
    path: '/api/notificaciones/leidas/',
    tags,
    summary: 'Mark all your notifications read',
    responses: { 204: z.null().describe('All marked as read') },
  }),
  settings: defineRoute({
    method: 'GET',
    supporterScope: 'profile',
    path: '/api/notificaciones/ajustes/',
    tags,
    summary: 'Your notification settings: channels per kind, e-mail frequency, quiet hours',
    responses: { 200: NotificationSettingsAnswerSchema },
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    supporterScope: 'profile',
    path: '/api/notificaciones/ajustes/',
    tags,
    summary: 'Save your notification settings (all of them)',
    body: NotificationSettingsSchema,
    responses: { 200: NotificationSettingsAnswerSchema },
  }),
  pushKey: defineRoute({
    method: 'GET',
    path: '/api/notificaciones/push/clave/',
    tags,
    summary: 'The public VAPID key a browser subscribes to push notifications with',
    responses: { 200: PushKeySchema },
  }),
  devices: defineRoute({
    method: 'GET',
    path: '/api/notificaciones/dispositivos/',
    tags,
    summary: 'Your devices with push notifications on, newest first',
    responses: { 200: z.array(PushDeviceSchema) },
  }),
  addDevice: defineRoute({
    method: 'POST',
    path: '/api/notificaciones/dispositivos/',
    tags,
    summary: 'Turn push notifications on for this device (the browser’s push subscription)',
    body: PushSubscriptionInput,
    responses: { 201: PushDeviceSchema },
  }),
  removeDevice: defineRoute({
    method: 'DELETE',
    path: '/api/notificaciones/dispositivos/:id/',
    tags,
    summary: 'Turn push notifications off for one of your devices',
    params: IdParams,
    responses: { 204: z.null().describe('Removed') },
  }),
  /**
   * RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form,
   * without any session; the body is not read.
   */
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/notificaciones/baja/:token/',
    tags,
    summary: 'Stop notification e-mails (the link in every one of them; no sign-in needed)',
    params: z.object({ token: z.string().min(3).max(200) }),
    responses: { 200: DetailSchema },
  }),
};
