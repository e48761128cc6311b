import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { textOf } from '../realtime/socket-connection';

export type Frame = Record<string, unknown> & { type: string };

/** A real `ws` client on /ws/chat/ that keeps every frame it receives, for the chat tests. */
export type ChatClient = {
  socket: WebSocket;
  frames: Frame[];
  send(frame: object): void;
  /** The first frame (already received or still to come) that matches; fails after `timeoutMs`. */
  waitFor(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
};

export function chatUrl(app: FastifyInstance, token?: string) {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening on a port');
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return `ws://127.0.0.1:${address.port}/ws/chat/${query}`;
}

export async function connectChat(
  app: FastifyInstance,
  token: string | undefined,
  options: { origin?: string } = {},
): Promise<ChatClient> {
  const socket = new WebSocket(chatUrl(app, token), options.origin ? { origin: options.origin } : {});
  const frames: Frame[] = [];
  const waiters = new Set<{ match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }>();
  socket.on('message', (data) => {
    const frame = JSON.parse(textOf(data)) as Frame;
    frames.push(frame);
    for (const waiter of waiters)
      if (waiter.match(frame)) {
        waiters.delete(waiter);
        waiter.resolve(frame);
      }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    send: (frame) => socket.send(JSON.stringify(frame)),
    // A wait for something that must happen: long enough for a machine running two suites (one
    // run met 46 of 50 messages in 4 s), never a measure of speed. Checks that something does
    // not happen use settle() below.
    waitFor(match, timeoutMs = 20_000) {
      const seen = frames.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (!waiters.delete(waiter)) return;
          reject(new Error(`No matching frame within ${timeoutMs} ms; received ${JSON.stringify(frames)}`));
        }, timeoutMs);
      });
    },
    closed,
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/** Lets frames in flight arrive, for checks that something did *not* happen. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens chat sockets for a test file and closes every one it opened when the file ends. */
export function chatSockets() {
  const opened: ChatClient[] = [];
  return {
    async open(app: FastifyInstance, token: string | undefined, options: { origin?: string } = {}) {
      const socket = await connectChat(app, token, options);
      opened.push(socket);
      return socket;
    },
    closeAll: () => Promise.all(opened.map((socket) => socket.close())),
  };
}
