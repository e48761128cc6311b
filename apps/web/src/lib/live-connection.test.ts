import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  WEBSOCKET_CLOSE,
  WEBSOCKET_HEARTBEAT_MS,
  WEBSOCKET_POLICY_RETRY_MS,
  WEBSOCKET_RECONNECT_MS,
} from '@juntos/domain';

vi.mock('./i18n', () => ({ i18n: { resolvedLanguage: 'fr' } }));
const refreshTokens = vi.fn(async (): Promise<'renewed' | 'refused' | 'unavailable'> => 'renewed');
vi.mock('./api-client', () => ({ renewCurrentSession: () => refreshTokens() }));

/** A stand-in for the browser's WebSocket that the test opens, feeds and closes by hand. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static created: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  private listeners = new Map<string, ((event: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeSocket.created.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private emit(type: string, event: unknown) {
    (this.listeners.get(type) ?? []).forEach((listener) => listener(event));
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.emit('close', { code });
  }
  // Test controls
  open() {
    this.readyState = FakeSocket.OPEN;
    this.emit('open', {});
  }
  receive(frame: unknown) {
    this.receiveText(JSON.stringify(frame));
  }
  receiveText(data: string) {
    this.emit('message', { data });
  }
  fail() {
    this.emit('error', {});
  }
}

const storage = new Map<string, string>();
const tabStorage = new Map<string, string>();
const storageOf = (map: Map<string, string>) => ({
  getItem: (key: string) => map.get(key) ?? null,
  setItem: (key: string, value: string) => void map.set(key, value),
  removeItem: (key: string) => void map.delete(key),
});

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.created = [];
  storage.clear();
  tabStorage.clear();
  storage.set('access', 'token-1');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', {
    location: { protocol: 'https:', host: 'juntos.example.org' },
    localStorage: storageOf(storage),
    sessionStorage: storageOf(tabStorage),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  refreshTokens.mockClear();
});

async function freshConnection() {
  const { createLiveConnection } = await import('./live-connection');
  return createLiveConnection();
}

/** A fresh connection with a listener that keeps every frame, its socket opened. */
async function openWithListener() {
  const connection = await freshConnection();
  const frames: unknown[] = [];
  connection.subscribe((frame) => frames.push(frame));
  connection.connect();
  const socket = FakeSocket.created[0]!;
  socket.open();
  return { connection, frames, socket };
}

/** After the first socket closed: no second one until `ms` have passed, then exactly one. */
function expectReopenedAfter(ms: number) {
  vi.advanceTimersByTime(ms - 1);
  expect(FakeSocket.created).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(FakeSocket.created).toHaveLength(2);
}

describe('the live connection (spec §4 "WebSocket")', () => {
  it('opens one socket with the token and language, and never a second while open or connecting', async () => {
    const connection = await freshConnection();
    connection.connect();
    connection.connect();
    expect(FakeSocket.created).toHaveLength(1);
    expect(FakeSocket.created[0]?.url).toBe('wss://juntos.example.org/ws/chat/?token=token-1&lang=fr');
    FakeSocket.created[0]?.open();
    connection.connect();
    expect(FakeSocket.created).toHaveLength(1);
  });

  it('goes with the acting token while a supporter helps someone, only when the grant covers messages', async () => {
    const acting = (permissions: string[]) =>
      JSON.stringify({
        grantId: 4,
        member: { id: 9, nombre: 'Ana' },
        permissions,
        access: 'acting-token',
        expiresAt: Date.now() + 60_000,
      });
    tabStorage.set('acting', acting(['posts']));
    const withoutMessages = await freshConnection();
    withoutMessages.connect();
    expect(FakeSocket.created).toHaveLength(0);
    tabStorage.set('acting', acting(['posts', 'messages']));
    const withMessages = await freshConnection();
    withMessages.connect();
    expect(FakeSocket.created[0]?.url).toBe('wss://juntos.example.org/ws/chat/?token=acting-token&lang=fr');
  });

  it('opens no socket without a token', async () => {
    storage.clear();
    const connection = await freshConnection();
    connection.connect();
    expect(FakeSocket.created).toHaveLength(0);
  });

  it('sends a heartbeat every 30 s while open', async () => {
    const connection = await freshConnection();
    connection.connect();
    const socket = FakeSocket.created[0]!;
    socket.open();
    vi.advanceTimersByTime(WEBSOCKET_HEARTBEAT_MS * 2);
    expect(socket.sent).toEqual([{ action: 'heartbeat' }, { action: 'heartbeat' }]);
  });

  it('closes on error and opens again 5 s after a close', async () => {
    const connection = await freshConnection();
    connection.connect();
    FakeSocket.created[0]!.open();
    FakeSocket.created[0]!.fail();
    expect(FakeSocket.created[0]!.readyState).toBe(FakeSocket.CLOSED);
    expectReopenedAfter(WEBSOCKET_RECONNECT_MS);
  });

  it('waits a minute after a refusal for too many sockets or frames (1008), not 5 s', async () => {
    const connection = await freshConnection();
    connection.connect();
    FakeSocket.created[0]!.open();
    FakeSocket.created[0]!.close(WEBSOCKET_CLOSE.policyViolation);
    expectReopenedAfter(WEBSOCKET_POLICY_RETRY_MS);
  });

  it('renews a refused token before opening again, and stays closed after a logout', async () => {
    const connection = await freshConnection();
    connection.connect();
    FakeSocket.created[0]!.close(WEBSOCKET_CLOSE.unauthorized);
    await vi.advanceTimersByTimeAsync(WEBSOCKET_RECONNECT_MS);
    expect(refreshTokens).toHaveBeenCalledOnce();
    expect(FakeSocket.created).toHaveLength(2);

    // Tokens renewed elsewhere in the meantime: no second renewal.
    storage.set('access', 'token-2');
    FakeSocket.created[1]!.close(WEBSOCKET_CLOSE.unauthorized);
    await vi.advanceTimersByTimeAsync(WEBSOCKET_RECONNECT_MS);
    expect(refreshTokens).toHaveBeenCalledOnce();
    expect(FakeSocket.created).toHaveLength(3);
    expect(FakeSocket.created[2]?.url).toContain('token=token-2');

    FakeSocket.created[2]!.close(WEBSOCKET_CLOSE.loggedOut);
    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_MS * 3);
    expect(FakeSocket.created).toHaveLength(3);
  });

  it('catches up as after a reopening when the server says it may have missed messages', async () => {
    const { connection, frames, socket } = await openWithListener();
    const openings: boolean[] = [];
    connection.onStateChange((open) => openings.push(open));
    socket.receive({ type: 'resync' });
    // The features read again what they show; the frame itself is no one's to handle.
    expect(openings).toEqual([true]);
    expect(frames).toEqual([]);
    expect(FakeSocket.created).toHaveLength(1);
  });

  it('drops a message with a console warning when the socket is not open', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connection = await freshConnection();
    connection.connect();
    const frame = { receiver_id: 2, message: 'hola', temp_id: 't', active_conversation_with: 2 };
    expect(connection.send(frame)).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    FakeSocket.created[0]!.open();
    expect(connection.send(frame)).toBe(true);
    expect(FakeSocket.created[0]!.sent).toEqual([frame]);
    warn.mockRestore();
  });

  /** An access token as the server signs it, as far as the client reads it: its expiry. */
  const tokenExpiringIn = (ms: number, id: string) =>
    `header.${btoa(JSON.stringify({ exp: Math.floor((Date.now() + ms) / 1000), id }))}.signature`;

  it('hands a token renewed elsewhere to the open socket at the next heartbeat', async () => {
    const first = tokenExpiringIn(15 * 60_000, 'first');
    storage.set('access', first);
    const connection = await freshConnection();
    connection.connect();
    const socket = FakeSocket.created[0]!;
    socket.open();
    vi.advanceTimersByTime(WEBSOCKET_HEARTBEAT_MS);
    expect(socket.sent).toEqual([{ action: 'heartbeat' }]);
    const second = tokenExpiringIn(15 * 60_000, 'second');
    storage.set('access', second);
    vi.advanceTimersByTime(WEBSOCKET_HEARTBEAT_MS);
    expect(socket.sent).toEqual([
      { action: 'heartbeat' },
      { action: 'heartbeat' },
      { action: 'renew', token: second },
    ]);
    expect(FakeSocket.created).toHaveLength(1);
  });

  it('renews the tokens itself before the socket’s token expires, and sends the new one', async () => {
    storage.set('access', tokenExpiringIn(3 * 60_000, 'old'));
    const renewed = tokenExpiringIn(15 * 60_000, 'renewed');
    refreshTokens.mockImplementationOnce(async () => {
      storage.set('access', renewed);
      return 'renewed';
    });
    const connection = await freshConnection();
    connection.connect();
    const socket = FakeSocket.created[0]!;
    socket.open();
    // Renewal is due 60 s before the expiry, plus up to 20 s of jitter between tabs.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refreshTokens).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(81_000);
    expect(refreshTokens).toHaveBeenCalledOnce();
    expect(socket.sent).toContainEqual({ action: 'renew', token: renewed });
    expect(FakeSocket.created).toHaveLength(1);
  });

  it('keeps the session’s own frames from the listeners (the close that follows is acted on)', async () => {
    const { frames, socket } = await openWithListener();
    socket.receive({ type: 'session_renewed', expires_at: Date.now() + 900_000 });
    socket.receive({ type: 'error', code: 'token_expired', error: 'Your session has expired.' });
    socket.receive({ type: 'error', code: 'account_suspended', error: 'Suspended.' });
    expect(frames).toEqual([{ type: 'error', code: 'account_suspended', error: 'Suspended.' }]);
  });

  it('hands every frame to the listeners, and stops reconnecting once disconnected', async () => {
    const { connection, frames, socket } = await openWithListener();
    socket.receive({ type: 'read_receipt', reader_id: 4 });
    expect(frames).toEqual([{ type: 'read_receipt', reader_id: 4 }]);
    connection.disconnect();
    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_MS * 2);
    expect(FakeSocket.created).toHaveLength(1);
  });
});

describe('reading what the server sends', () => {
  it('hands on a frame of the contract, and ignores with a warning what is not one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { frames, socket } = await openWithListener();
      socket.receive({ type: 'status_update', user_id: '4', online: true });
      socket.receive({ type: 'typing', user_id: 4 });
      socket.receive({ type: 'notification', data: { type: 'something_new', from: '', sender_id: 4 } });
      socket.receive({ type: 'status_update', user_id: 4, online: true, extra: 'dropped' });
      socket.receiveText('{not json');
      expect(frames).toEqual([{ type: 'status_update', user_id: 4, online: true }]);
      expect(warn).toHaveBeenCalledTimes(4);
    } finally {
      warn.mockRestore();
    }
  });
});
