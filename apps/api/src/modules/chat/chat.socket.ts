import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_TEMP_ID_MAX_LENGTH,
  MESSAGE_PREVIEW_LENGTH,
  WEBSOCKET_CLOSE,
  WEBSOCKET_MAX_FRAME_BYTES,
  negotiateLanguage,
  type Language,
} from '@juntos/domain';
import { AppError } from '../../lib/app-error';
import { SESSION_ENDED_FRAME, type FanOut, type LiveMessage } from '../../lib/fan-out';
import { translate } from '../../i18n/messages';
import { shortened } from '../../lib/text';
import type { ChatService } from './chat.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member of a /ws/chat/ upgrade whose token was valid. */
    chatUserId?: number | undefined;
  }
}

const memberId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The frames a client sends (spec §7); anything else is answered with an `error` frame. */
const ClientFrameSchema = z.union([
  z.object({ action: z.literal('heartbeat') }),
  z.object({ action: z.literal('logout') }),
  z.object({ action: z.literal('mark_read'), sender_id: memberId }),
  z.object({
    action: z.undefined().optional(),
    receiver_id: memberId,
    message: z.string(),
    temp_id: z.string().max(CHAT_TEMP_ID_MAX_LENGTH).nullish(),
    active_conversation_with: memberId.nullish(),
  }),
]);

export const textOf = (data: RawData) =>
  (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString(
    'utf8',
  );

export type ChatSocketOptions = {
  /** A socket with no heartbeat for this long is closed and its member may go offline. */
  heartbeatTimeoutMs: number;
  /** How often stale sockets are looked for, here and (through the presence store) anywhere. */
  sweepIntervalMs: number;
};

type Connection = {
  socket: WebSocket;
  userId: number;
  socketId: string;
  language: Language;
  lastSeen: number;
  /** The friend whose conversation this tab shows: their messages need no notification. */
  activeConversation: number | null;
  stopListening: () => void;
};

/**
 * `/ws/chat/?token=ACCESS` (spec §7, DESIGN.md: same port as the API). A missing, invalid or
 * expired token closes the socket with 4401; a foreign Origin is refused before the upgrade;
 * frames above 64 KiB close it with 1009. Each socket hears everything published for its member
 * (lib/fan-out.ts), so a member's tabs and devices all stay in step. Frames from one socket are
 * handled one after the other, in the order they arrived.
 */
export async function registerChatSocket(
  app: FastifyInstance,
  deps: {
    service: ChatService;
    fanOut: FanOut;
    /** The member behind an access token (undefined: refused with 4401). */
    verifySession: (token: string) => Promise<number | undefined>;
    options: ChatSocketOptions;
  },
) {
  const { service, fanOut, verifySession, options } = deps;
  const instanceId = randomUUID();
  let sequence = 0;
  const connections = new Set<Connection>();
  const cleanups = new Set<Promise<unknown>>();
  const allowedOrigins = new Set([new URL(app.config.publicUrl).origin]);

  await app.register(websocket, {
    options: { maxPayload: WEBSOCKET_MAX_FRAME_BYTES },
  });

  /** Browsers always send Origin; a page of another site must not act with a member's token. */
  function originAllowed(request: FastifyRequest) {
    const origin = request.headers.origin;
    if (!origin) return true;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return false;
    }
    if (allowedOrigins.has(parsed.origin) || parsed.host === request.headers.host) return true;
    // The Vite dev server runs on its own port and proxies /ws here.
    return app.config.env === 'development' && parsed.hostname === 'localhost';
  }

  const sendFrame = (socket: WebSocket, frame: LiveMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const sendError = (
    connection: Pick<Connection, 'socket' | 'language'>,
    error: AppError,
    tempId?: string | null,
  ) =>
    sendFrame(connection.socket, {
      type: 'error',
      code: error.code,
      error: translate(connection.language, error.messageKey, error.options.values),
      ...(tempId !== undefined ? { temp_id: tempId } : {}),
    });

  function deliver(connection: Connection, frame: LiveMessage) {
    // A moderator suspended the member: every socket of theirs, on every instance, ends now.
    // 4401 sends the client to renew its session, which fails, so it signs out.
    if (frame.type === SESSION_ENDED_FRAME) {
      sendError(connection, new AppError(401, 'account_suspended', 'errors.account_suspended'));
      connection.socket.close(WEBSOCKET_CLOSE.unauthorized, 'account suspended');
      return;
    }
    sendFrame(connection.socket, frame);
    const isIncoming = frame.type === 'chat_message' && frame.receiver_id === connection.userId;
    if (isIncoming && frame.sender_id !== connection.activeConversation) {
      const text = String(frame.message);
      sendFrame(connection.socket, {
        type: 'notification',
        data: {
          type: 'new_message',
          from: typeof frame.sender_nombre === 'string' ? frame.sender_nombre : '',
          sender_id: Number(frame.sender_id),
          message_preview: shortened(text, MESSAGE_PREVIEW_LENGTH),
        },
      });
    }
  }

  async function handleFrame(connection: Connection, raw: string) {
    let frame: z.infer<typeof ClientFrameSchema>;
    try {
      frame = ClientFrameSchema.parse(JSON.parse(raw));
    } catch {
      sendError(connection, new AppError(400, 'invalid_frame', 'chat.errors.invalid_frame'));
      return;
    }
    connection.lastSeen = Date.now();
    if (frame.action === 'heartbeat') {
      await service.socketAlive(connection.userId, connection.socketId);
      return;
    }
    if (frame.action === 'logout') {
      await service.loggedOut(connection.userId);
      connection.socket.close(WEBSOCKET_CLOSE.loggedOut, 'logged out');
      return;
    }
    if (frame.action === 'mark_read') {
      connection.activeConversation = frame.sender_id;
      await service.markRead(connection.userId, frame.sender_id);
      return;
    }
    connection.activeConversation = frame.active_conversation_with ?? null;
    const tempId = frame.temp_id ?? null;
    const text = frame.message.trim();
    if (!text) {
      sendError(connection, new AppError(400, 'empty_message', 'chat.errors.empty'), tempId);
      return;
    }
    if (text.length > CHAT_MESSAGE_MAX_LENGTH) {
      sendError(
        connection,
        new AppError(400, 'message_too_long', 'chat.errors.too_long', {
          values: { max: CHAT_MESSAGE_MAX_LENGTH },
        }),
        tempId,
      );
      return;
    }
    try {
      await service.send(connection.userId, { receiverId: frame.receiver_id, message: text, tempId });
    } catch (error) {
      if (error instanceof AppError) sendError(connection, error, tempId);
      else throw error;
    }
  }

  app.get(
    '/ws/chat/',
    {
      websocket: true,
      // The token is checked before the upgrade, so the socket listens from its first moment:
      // nothing published after the client sees `open` can be missed.
      preValidation: async (request, reply) => {
        if (!originAllowed(request)) {
          request.log.warn({ origin: request.headers.origin }, 'WebSocket from a foreign origin refused');
          await reply.status(403).send({ error: 'Forbidden', code: 'forbidden_origin' });
          return;
        }
        const token = (request.query as Record<string, unknown>).token;
        request.chatUserId = typeof token === 'string' && token ? await verifySession(token) : undefined;
      },
    },
    (socket, request) => {
      const query = request.query as Record<string, unknown>;
      const language = negotiateLanguage(
        typeof query.lang === 'string' ? query.lang : request.headers['accept-language'],
      );
      const userId = request.chatUserId;
      // Refused with a close code rather than an HTTP status: browsers hide the status of a
      // failed upgrade from the page, but show it the close code and reason.
      if (!userId) {
        const hasToken = typeof query.token === 'string' && query.token !== '';
        sendError(
          { socket, language },
          new AppError(
            401,
            'unauthorized',
            hasToken ? 'chat.errors.token_invalid' : 'chat.errors.token_missing',
          ),
        );
        socket.close(WEBSOCKET_CLOSE.unauthorized, hasToken ? 'invalid or expired token' : 'token required');
        return;
      }
      const connection: Connection = {
        socket,
        userId,
        socketId: `${instanceId}:${(sequence += 1)}`,
        language,
        lastSeen: Date.now(),
        activeConversation: null,
        stopListening: () => undefined,
      };
      connection.stopListening = fanOut.subscribe(userId, (frame) => deliver(connection, frame));
      connections.add(connection);
      // Frames wait behind the presence update, then run one at a time in arrival order.
      const ready = service.socketAlive(userId, connection.socketId).catch((error: unknown) => {
        request.log.error({ err: error }, 'Presence could not be recorded');
      });
      let chain: Promise<unknown> = ready;

      socket.on('message', (data, isBinary) => {
        const raw = isBinary ? '' : textOf(data);
        chain = chain
          .then(async () => {
            if (socket.readyState === socket.OPEN) await handleFrame(connection, raw);
          })
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'A chat frame could not be handled');
            sendError({ socket, language }, new AppError(500, 'internal_error', 'errors.internal'));
          });
      });
      socket.on('error', (error) => request.log.warn({ err: error }, 'Chat socket error'));
      socket.on('close', () => {
        connection.stopListening();
        connections.delete(connection);
        const cleanup = ready
          .then(() => service.socketGone(connection.userId, connection.socketId))
          .catch((error: unknown) => request.log.error({ err: error }, 'Chat socket clean-up failed'));
        cleanups.add(cleanup);
        void cleanup.finally(() => cleanups.delete(cleanup));
      });
    },
  );

  // Sockets that stopped sending heartbeats are closed here; the presence sweep also catches
  // sockets of an instance that died without closing them.
  const sweeper = setInterval(() => {
    const staleBefore = Date.now() - options.heartbeatTimeoutMs;
    for (const connection of connections)
      if (connection.lastSeen < staleBefore) {
        connection.socket.close(WEBSOCKET_CLOSE.timedOut, 'heartbeat timeout');
        connection.socket.terminate();
      }
    service.sweepPresence().catch((error: unknown) => app.log.error({ err: error }, 'Presence sweep failed'));
  }, options.sweepIntervalMs);
  sweeper.unref();

  return {
    connectionCount: () => connections.size,
    /** After the plugin's preClose closed every socket: waits for their presence clean-up. */
    async close() {
      clearInterval(sweeper);
      await Promise.allSettled([...cleanups]);
    },
  };
}
