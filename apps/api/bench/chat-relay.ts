/**
 * The bare baseline of `npm run bench:chat`: a `ws` server that stores each message with one
 * `INSERT … RETURNING` into the same `chat_messages` table and forwards the stored row to the
 * recipient's sockets. No tokens, no checks, no presence, no rate limits: the least any chat that
 * stores before it delivers must do, so the project's latency can be read against it on any machine.
 *
 * With RELAY_REDIS_URL it is the bare baseline of two instances: every stored row is published
 * to the recipient's channel (`<RELAY_REDIS_PREFIX>relay:<id>`, one per member, subscribed while the
 * member has a socket here) and forwarded by whichever relay holds the recipient's sockets. No
 * local-first delivery, no outbox, no catching up: the least a chat spread over instances must do.
 *
 * bench/chat.ts bundles it with esbuild and runs it as plain JavaScript in a process of its own
 * (as the server runs), with RELAY_DATABASE_URL; the member is `?user=<id>`. It prints
 * `Relay listening at http://127.0.0.1:<port>` once it listens and its pid in the same line.
 */
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

const pool = new pg.Pool({ connectionString: process.env.RELAY_DATABASE_URL, max: 10 });
pool.on('error', () => undefined);
const sockets = new Map<number, Set<WebSocket>>();
const forward = (receiverId: number, payload: string) => {
  for (const target of sockets.get(receiverId) ?? []) target.send(payload);
};

const redisUrl = process.env.RELAY_REDIS_URL;
const channelPrefix = `${process.env.RELAY_REDIS_PREFIX ?? ''}relay:`;
const publisher = redisUrl ? new Redis(redisUrl) : undefined;
const subscriber = redisUrl ? new Redis(redisUrl) : undefined;
subscriber?.on('message', (channel: string, payload: string) =>
  forward(Number(channel.slice(channelPrefix.length)), payload),
);
// Said on the output, where bench/chat.ts counts it among the warnings, instead of ending the process.
const redisFailed = (error: unknown) => console.error(`relay redis failed: ${String(error)}`);
// A prepared statement, as the project's send path should be: the cheapest way to run it.
const insert = {
  name: 'relay_insert_message',
  text: 'insert into chat_messages (sender_id, receiver_id, message, temp_id) values ($1, $2, $3, $4) returning id, sender_id, receiver_id, message, temp_id, created_at',
};

type Frame = { receiver_id?: unknown; message?: unknown; temp_id?: unknown };
type Row = {
  id: string;
  sender_id: string;
  receiver_id: string;
  message: string;
  temp_id: string | null;
  created_at: Date;
};

const server = createServer((_request, response) => response.writeHead(404).end());
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (socket, request) => {
  const userId = Number(new URL(request.url ?? '/', 'http://relay').searchParams.get('user'));
  let own = sockets.get(userId);
  if (!own) {
    sockets.set(userId, (own = new Set()));
    subscriber?.subscribe(`${channelPrefix}${userId}`).catch(redisFailed);
  }
  own.add(socket);
  socket.on('close', () => {
    own.delete(socket);
    if (own.size > 0) return;
    sockets.delete(userId);
    subscriber?.unsubscribe(`${channelPrefix}${userId}`).catch(redisFailed);
  });
  socket.on('message', (data) => {
    let frame: Frame;
    try {
      // binaryType is the default 'nodebuffer': every message, fragmented or not, is one Buffer.
      frame = JSON.parse((data as Buffer).toString('utf8')) as Frame;
    } catch {
      return;
    }
    // Heartbeats and anything else that is not a message.
    if (typeof frame.receiver_id !== 'number' || typeof frame.message !== 'string') return;
    const tempId = typeof frame.temp_id === 'string' ? frame.temp_id : null;
    pool
      .query<Row>({ ...insert, values: [userId, frame.receiver_id, frame.message, tempId] })
      .then(({ rows: [row] }) => {
        if (!row) return;
        const payload = JSON.stringify({
          type: 'chat_message',
          id: Number(row.id),
          temp_id: row.temp_id,
          sender_id: Number(row.sender_id),
          receiver_id: Number(row.receiver_id),
          message: row.message,
          timestamp: row.created_at.toISOString(),
        });
        const receiverId = Number(row.receiver_id);
        if (publisher) publisher.publish(`${channelPrefix}${receiverId}`, payload).catch(redisFailed);
        else forward(receiverId, payload);
      })
      .catch((error: unknown) => console.error(`relay insert failed: ${String(error)}`));
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`{"pid":${process.pid}} Relay listening at http://127.0.0.1:${port}`);
});
process.once('SIGTERM', () => {
  for (const client of wss.clients) client.terminate();
  server.close();
  publisher?.disconnect();
  subscriber?.disconnect();
  void pool.end().then(() => process.exit(0));
});
