import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationRoutes, type PushDevice } from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { ApiRequestError, apiCall } from '../../lib/api-client';
import { notificationKeys } from './notifications-api';
import './notifications.css';

const devicesKey = [...notificationKeys.all, 'devices'] as const;
const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The browser's push subscription on this device, if it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key as the Push API wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(
    base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4),
  );
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/**
 * Push notifications on this device, and the list of every device that has them (issue 20). The
 * browser asks for permission only when the member presses the button, never on its own.
 */
export function PushDevices() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const devices = useQuery({
    queryKey: devicesKey,
    queryFn: () => apiCall(notificationRoutes.devices),
  });
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  useEffect(() => {
    void currentSubscription().then((subscription) => setThisEndpoint(subscription?.endpoint ?? null));
  }, []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesKey });
  const turnOn = useMutation({
    mutationFn: async () => {
      if ((await Notification.requestPermission()) !== 'granted') throw new Error('permission');
      const { public_key: publicKey } = await apiCall(notificationRoutes.pushKey);
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        }));
      // The browser's JSON leaves its parts optional; a subscription always has them (the server checks).
      const { endpoint = subscription.endpoint, keys = {} } = subscription.toJSON();
      await apiCall(notificationRoutes.addDevice, {
        body: { endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } },
      });
      setThisEndpoint(subscription.endpoint);
    },
    onSuccess: async () => {
      setMessage({ text: t('push_devices.turned_on'), tone: 'success' });
      await refresh();
    },
    onError: (error) =>
      setMessage({
        text:
          error instanceof ApiRequestError && error.body?.error
            ? error.body.error
            : error instanceof Error && error.message === 'permission'
              ? t('push_devices.permission_refused')
              : t('push_devices.error'),
        tone: 'error',
      }),
  });
  const remove = useMutation({
    mutationFn: async (device: PushDevice) => {
      await apiCall(notificationRoutes.removeDevice, { params: { id: device.id } });
      if (device.endpoint === thisEndpoint) {
        await (await currentSubscription())?.unsubscribe();
        setThisEndpoint(null);
      }
    },
    onSuccess: async () => {
      setMessage({ text: t('push_devices.removed'), tone: 'success' });
      await refresh();
    },
    onError: () => setMessage({ text: t('push_devices.error'), tone: 'error' }),
  });

  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });
  const list = devices.data ?? [];
  const onHere = thisEndpoint !== null && list.some((device) => device.endpoint === thisEndpoint);

  return (
    <section aria-labelledby={headingId} className="push-devices">
      <h2 id={headingId}>{t('push_devices.title')}</h2>
      <p>{t('push_devices.intro')}</p>
      {!pushSupported() ? (
        <p>{t('push_devices.unsupported')}</p>
      ) : typeof Notification !== 'undefined' && Notification.permission === 'denied' ? (
        <p>{t('push_devices.blocked')}</p>
      ) : (
        !onHere && (
          <Button onClick={() => turnOn.mutate()} disabled={turnOn.isPending}>
            {t('push_devices.turn_on')}
          </Button>
        )
      )}
      <FormMessage text={message?.text} tone={message?.tone} />
      {list.length === 0 ? (
        <p>{t('push_devices.none')}</p>
      ) : (
        <ul className="push-devices__list">
          {list.map((device) => (
            <li key={device.id} className="push-devices__item">
              <span>
                {device.label}
                {device.endpoint === thisEndpoint && ` (${t('push_devices.this_device')})`}
                {' · '}
                {t('push_devices.added', { date: date.format(new Date(device.created_at)) })}
              </span>
              <Button size="small" onClick={() => remove.mutate(device)} disabled={remove.isPending}>
                {t('push_devices.remove')} <span className="visually-hidden">{device.label}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
