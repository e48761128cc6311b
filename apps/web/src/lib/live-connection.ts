import {
  WEBSOCKET_CLOSE,
  WEBSOCKET_HEARTBEAT_MS,
  WEBSOCKET_RECONNECT_MS,
  type ClientFrame,
  type ServerFrame,
} from '@juntos/domain';
import { refreshTokens } from './api-client';
import { i18n } from './i18n';
import { STORAGE_KEYS, readStoredToken } from './storage-keys';

type Listener = (frame: ServerFrame) => void;
type StateListener = (open: boolean) => void;

/**
 * The one live connection of a signed-in member (spec §4 "WebSocket"): opened when the member
 * is signed in, never twice (not while open or connecting), reopened 5 s after it closes, a
 * heartbeat every 30 s, closed on error (which then reopens it). No token means no socket. A token
 * refused by the server (4401) is renewed with the refresh token before the next attempt.
 */
export function createLiveConnection() {
  let socket: WebSocket | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
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

  function scheduleReconnect() {
    if (!wanted || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      connect();
    }, WEBSOCKET_RECONNECT_MS);
  }

  function connect() {
    wanted = true;
    if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING))
      return;
    const token = readStoredToken(STORAGE_KEYS.accessToken);
    if (!token) return;
    const opened = new WebSocket(url(token));
    socket = opened;
    opened.addEventListener('open', () => {
      setState(true);
      clearInterval(heartbeat);
      heartbeat = setInterval(() => send({ action: 'heartbeat' }), WEBSOCKET_HEARTBEAT_MS);
    });
    opened.addEventListener('message', (event: MessageEvent<string>) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(event.data) as ServerFrame;
      } catch {
        console.warn('Ignored a live message that is not JSON');
        return;
      }
      listeners.forEach((listener) => listener(frame));
    });
    opened.addEventListener('error', () => opened.close());
    opened.addEventListener('close', (event) => {
      if (socket === opened) socket = undefined;
      clearInterval(heartbeat);
      setState(false);
      if (event.code === WEBSOCKET_CLOSE.loggedOut) return;
      if (event.code === WEBSOCKET_CLOSE.unauthorized) {
        // A request may have renewed the tokens meanwhile (as apiRequest does): use them as they are.
        const current = readStoredToken(STORAGE_KEYS.accessToken);
        if (current && current !== token) scheduleReconnect();
        else void refreshTokens().then((renewed) => (renewed ? scheduleReconnect() : undefined));
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
    socket?.close(1000, 'signed out');
    socket = undefined;
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
