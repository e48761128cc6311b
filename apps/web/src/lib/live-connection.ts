import {
  ServerFrameSchema,
  WEBSOCKET_CLOSE,
  WEBSOCKET_HEARTBEAT_MS,
  WEBSOCKET_POLICY_RETRY_MS,
  WEBSOCKET_RECONNECT_MS,
  type ClientFrame,
  type ServerFrame,
} from '@juntos/domain';
import { renewCurrentSession } from './api-client';
import { actingMay, currentAccessToken } from './acting-session';
import { i18n } from './i18n';

type Listener = (frame: ServerFrame) => void;
type StateListener = (open: boolean) => void;

/** The server closes a socket when its token expires: it is renewed on the socket before that. */
const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** Tabs share one token, so each waits a little differently before renewing it (see below). */
const RENEW_JITTER_MS = 20_000;

/** When an access token expires (ms), read from its payload; undefined when it cannot be read. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every tab holds the same refresh token, and using one twice revokes the whole session: the tabs
 * take turns (Web Locks), and a tab that gets the lock after another renewed uses the new token.
 */
async function inTokenLock(work: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator)
    await navigator.locks.request('juntos-token-renewal', work);
  else await work();
}

/**
 * What the server sent, read with the socket contract (`ServerFrameSchema`, packages/domain):
 * undefined, with a warning, for text that is not JSON or not a frame this client knows (a newer
 * server's frame, a notification type added later): such a frame is ignored, never thrown.
 */
export function readServerFrame(text: string): ServerFrame | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    console.warn('Ignored a live message that is not JSON');
    return undefined;
  }
  const frame = ServerFrameSchema.safeParse(data);
  if (frame.success) return frame.data;
  console.warn('Ignored a live message that is not a known frame', frame.error.issues);
  return undefined;
}

/** Frames about the socket's own session: the close that follows them is what the client acts on. */
const sessionFrame = (frame: ServerFrame) =>
  frame.type === 'session_renewed' ||
  (frame.type === 'error' && (frame.code === 'session_ended' || frame.code === 'token_expired'));

/**
 * The one live connection of a signed-in member (spec §4 "WebSocket"): opened when the member
 * is signed in, never twice (not while open or connecting), reopened 5 s after it closes, a
 * heartbeat every 30 s, closed on error (which then reopens it). No token means no socket. A token
 * refused by the server (4401) is renewed with the refresh token before the next attempt.
 *
 * The server closes the socket when its access token expires, so the connection hands it every
 * newer token it sees (at each heartbeat), and shortly before the expiry renews the tokens itself
 * and sends the new one (`{action: "renew"}`), so an open chat never drops.
 */
export function createLiveConnection() {
  let socket: WebSocket | undefined;
  /** The token the open socket runs on: the one it opened with, or the last one sent to renew it. */
  let socketToken: string | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  let renewal: ReturnType<typeof setTimeout> | undefined;
  /** False once the member signs out or the page no longer wants the connection. */
  let wanted = false;
  const listeners = new Set<Listener>();
  const stateListeners = new Set<StateListener>();
  const setState = (open: boolean) => stateListeners.forEach((listener) => listener(open));

  function url(token: string) {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const language = i18n.resolvedLanguage ?? 'es';
    return `${scheme}://${window.location.host}/ws/chat/?token=${encodeURIComponent(token)}&lang=${language}`;
  }

  function scheduleReconnect(delayMs: number = WEBSOCKET_RECONNECT_MS) {
    if (!wanted || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      connect();
    }, delayMs);
  }

  function renewWith(token: string) {
    if (!socket || socket.readyState !== WebSocket.OPEN || token === socketToken) return;
    socketToken = token;
    socket.send(JSON.stringify({ action: 'renew', token } satisfies ClientFrame));
    scheduleRenewal();
  }

  /** Another request (or tab) renewed the tokens: the socket takes the new one. */
  function takeNewerToken() {
    const stored = currentAccessToken();
    if (stored) renewWith(stored);
  }

  function scheduleRenewal() {
    clearTimeout(renewal);
    const expiry = socketToken ? tokenExpiry(socketToken) : undefined;
    if (expiry === undefined) return;
    const delay = expiry - Date.now() - RENEW_BEFORE_EXPIRY_MS + Math.random() * RENEW_JITTER_MS;
    renewal = setTimeout(() => void renewBeforeExpiry(), Math.max(delay, 0));
  }

  function renewBeforeExpiry() {
    return inTokenLock(async () => {
      const stored = currentAccessToken();
      const storedExpiry = stored ? tokenExpiry(stored) : undefined;
      const storedIsFresh = storedExpiry !== undefined && storedExpiry - Date.now() > RENEW_BEFORE_EXPIRY_MS;
      if (stored && stored !== socketToken && storedIsFresh) {
        renewWith(stored);
        return;
      }
      // A refused renewal changes nothing here: the server closes the socket at the expiry with
      // 4401, and the close handler below decides what follows.
      if ((await renewCurrentSession()) === 'renewed') takeNewerToken();
    });
  }

  function connect() {
    wanted = true;
    if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING))
      return;
    const token = currentAccessToken();
    // A supporter whose grant leaves out messages has no chat to listen to for the member.
    if (!token || !actingMay('messages')) return;
    const opened = new WebSocket(url(token));
    socket = opened;
    socketToken = token;
    opened.addEventListener('open', () => {
      setState(true);
      clearInterval(heartbeat);
      heartbeat = setInterval(() => {
        send({ action: 'heartbeat' });
        takeNewerToken();
      }, WEBSOCKET_HEARTBEAT_MS);
      scheduleRenewal();
    });
    opened.addEventListener('message', (event: MessageEvent<string>) => {
      const frame = readServerFrame(event.data);
      if (!frame || sessionFrame(frame)) return;
      // The server may have missed messages for us (issue 36): catch up as after a reopening.
      if (frame.type === 'resync') setState(true);
      else listeners.forEach((listener) => listener(frame));
    });
    opened.addEventListener('error', () => opened.close());
    opened.addEventListener('close', (event) => {
      const lastToken = socket === opened ? socketToken : token;
      if (socket === opened) {
        socket = undefined;
        socketToken = undefined;
      }
      clearInterval(heartbeat);
      clearTimeout(renewal);
      setState(false);
      if (event.code === WEBSOCKET_CLOSE.loggedOut) return;
      if (event.code === WEBSOCKET_CLOSE.unauthorized) {
        // A request may have renewed the tokens meanwhile (as apiRequest does): use them as they are.
        const current = currentAccessToken();
        if (current && current !== lastToken) scheduleReconnect();
        // Without an answer (offline) the session stays and the socket tries again later; only a
        // refusal leaves it closed (the next request then ends the session).
        else
          void renewCurrentSession().then((renewal) =>
            renewal === 'refused' ? undefined : scheduleReconnect(),
          );
        return;
      }
      // An eleventh tab (or a flooding one) would be refused again at once: it waits longer.
      if (event.code === WEBSOCKET_CLOSE.policyViolation) {
        scheduleReconnect(WEBSOCKET_POLICY_RETRY_MS);
        return;
      }
      scheduleReconnect();
    });
  }

  /** Sends a frame; false (with a console warning) when the socket is not open (spec §8). */
  function send(frame: ClientFrame): boolean {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      console.warn('The live connection is not open; the message was not sent.', frame);
      return false;
    }
    socket.send(JSON.stringify(frame));
    return true;
  }

  function disconnect() {
    wanted = false;
    clearTimeout(reconnect);
    reconnect = undefined;
    clearInterval(heartbeat);
    clearTimeout(renewal);
    socket?.close(1000, 'signed out');
    socket = undefined;
    socketToken = undefined;
  }

  return {
    connect,
    disconnect,
    send,
    isOpen: () => socket?.readyState === WebSocket.OPEN,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onStateChange(listener: StateListener) {
      stateListeners.add(listener);
      return () => void stateListeners.delete(listener);
    },
  };
}

export const liveConnection = createLiveConnection();
