import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationRoutes, type PushDevice } from '@juntos/domain';
import { RemovableList } from '../../components/removable-list';
import { Button } from '../../components/ui/button';
import { ApiRequestError, apiCall } from '../../lib/api-client';
import '../../components/ui/form-message.css';
import { notificationKeys } from './notifications-api';
import './notifications.css';
import { dateTimeFormat } from '../../lib/intl-formats';

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

/** The ways turning push on can fail, each told to the member in its own words (issue 34). */
type PushFailure = 'denied' | 'unsupported' | 'unreachable';

class PushRefused extends Error {
  constructor(readonly failure: PushFailure) {
    super(`Push notifications could not be turned on: ${failure}`);
    this.name = 'PushRefused';
  }
}

/**
 * How long the browser's push service may take to subscribe: Chromium waits on it without limit
 * when it cannot be reached, which left the button doing nothing visible.
 */
const PUSH_SERVICE_TIMEOUT_MS = 20_000;

function withinPushTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new PushRefused('unreachable')), PUSH_SERVICE_TIMEOUT_MS);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The browser's subscription, asked of its push service; a refusal there is told apart from a fault. */
async function subscribe(publicKey: string): Promise<PushSubscription> {
  // No worker (never registered, or the browser keeps none here): nothing could receive a push.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) throw new PushRefused('unsupported');
  const ready = await withinPushTimeout(navigator.serviceWorker.ready);
  try {
    return (
      (await ready.pushManager.getSubscription()) ??
      (await withinPushTimeout(
        ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
      ))
    );
  } catch (error) {
    if (error instanceof PushRefused) throw error;
    // NotAllowedError: the permission was taken back meanwhile; anything else (AbortError "push
    // service error", a network failure) is the push service out of reach.
    throw new PushRefused(
      error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unreachable',
    );
  }
}

/** What a failed attempt tells the member: the server's own words, or which of the failures it was. */
function failureText(t: (key: string) => string, error: unknown): string {
  if (error instanceof PushRefused) return t(`push_devices.outcome_${error.failure}`);
  if (error instanceof ApiRequestError && error.body?.error) return error.body.error;
  // No answer from our own server (offline, or a renewal without answer): a connection problem too.
  return t('push_devices.outcome_unreachable');
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
  // Two regions that are always there, so a screen reader says what fills them: a success
  // politely, a failure at once.
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  useEffect(() => {
    void currentSubscription().then((subscription) => setThisEndpoint(subscription?.endpoint ?? null));
  }, []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesKey });
  const turnOn = useMutation({
    mutationFn: async () => {
      if (!pushSupported()) throw new PushRefused('unsupported');
      // The browser asks only now, at the member's press (never on its own).
      if ((await Notification.requestPermission()) !== 'granted') throw new PushRefused('denied');
      const { public_key: publicKey } = await apiCall(notificationRoutes.pushKey);
      const subscription = await subscribe(publicKey);
      // The browser's JSON leaves its parts optional; a subscription always has them (the server checks).
      const { endpoint = subscription.endpoint, keys = {} } = subscription.toJSON();
      await apiCall(notificationRoutes.addDevice, {
        body: { endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } },
      });
      setThisEndpoint(subscription.endpoint);
    },
    onMutate: () => setMessage(undefined),
    onSuccess: async () => {
      setMessage({ text: t('push_devices.outcome_on'), tone: 'success' });
      await refresh();
    },
    onError: (error) => setMessage({ text: failureText(t, error), tone: 'error' }),
  });
  const remove = useMutation({
    mutationFn: async (device: PushDevice) => {
      await apiCall(notificationRoutes.removeDevice, { params: { id: device.id } });
      if (device.endpoint === thisEndpoint) {
        await (await currentSubscription())?.unsubscribe();
        setThisEndpoint(null);
      }
    },
    onMutate: () => setMessage(undefined),
    onSuccess: async () => {
      setMessage({ text: t('push_devices.removed'), tone: 'success' });
      await refresh();
    },
    onError: () => setMessage({ text: t('push_devices.error'), tone: 'error' }),
  });

  const date = dateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });
  const list = devices.data ?? [];
  const onHere = thisEndpoint !== null && list.some((device) => device.endpoint === thisEndpoint);

  return (
    <section aria-labelledby={headingId} className="push-devices">
      <h2 id={headingId}>{t('push_devices.title')}</h2>
      <p>{t('push_devices.intro')}</p>
      {/* Shown even where push cannot work: pressing it says why, in words (issue 34). */}
      {!onHere && (
        <Button onClick={() => turnOn.mutate()} disabled={turnOn.isPending}>
          {t('push_devices.turn_on')}
        </Button>
      )}
      <div role="status">
        {message?.tone === 'success' && <p className="message message--success">{message.text}</p>}
      </div>
      <div role="alert">
        {message?.tone === 'error' && <p className="message message--error">{message.text}</p>}
      </div>
      {list.length === 0 ? (
        <p>{t('push_devices.none')}</p>
      ) : (
        <RemovableList
          items={list}
          details={(device) => (
            <>
              {device.label}
              {device.endpoint === thisEndpoint && ` (${t('push_devices.this_device')})`}
              {' · '}
              {t('push_devices.added', { date: date.format(new Date(device.created_at)) })}
            </>
          )}
          nameOf={(device) => device.label}
          removeLabel={t('push_devices.remove')}
          removing={remove.isPending}
          onRemove={(device) => remove.mutate(device)}
        />
      )}
    </section>
  );
}
