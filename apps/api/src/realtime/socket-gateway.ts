import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_TEMP_ID_MAX_LENGTH,
  MESSAGE_PREVIEW_LENGTH,
  SYMBOL_LIMITS,
  SymbolIdsSchema,
  WEBSOCKET_CLOSE,
  WEBSOCKET_MAX_FRAME_BYTES,
  negotiateLanguage,
  type Language,
} from '@juntos/domain';
import { AppError } from '../lib/app-error';
import type { AccessClaims } from '../lib/access-tokens';
import { clientKey, type RateLimits } from '../lib/rate-limiter';
import { SESSION_ENDED_FRAME, type FanOut, type LiveMessage } from './fan-out';
import { translate } from '../i18n/messages';
import { shortened } from '../lib/text';
import type { VerifySession } from '../plugins/authenticate';
import { invalidTextError, invalidTextFields } from '../plugins/input-gate';
import type { PresenceTracker } from './presence';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member of a /ws/chat/ upgrade whose token was valid, and when that token expires. */
    chatSession?: { userId: number; expiresAt: number } | undefined;
  }
}

const memberId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The frames a client sends (spec §7); anything else is answered with an `error` frame. */
const ClientFrameSchema = z.union([
  z.object({ action: z.literal('heartbeat') }),
  z.object({ action: z.literal('logout') }),
  z.object({ action: z.literal('mark_read'), sender_id: memberId }),
  z.object({ action: z.literal('renew'), token: z.string().min(1).max(4096) }),
  z.object({
    action: z.undefined().optional(),
    receiver_id: memberId,
    message: z.string(),
    temp_id: z.string().max(CHAT_TEMP_ID_MAX_LENGTH).nullish(),
    active_conversation_with: memberId.nullish(),
    // Checked against the board below, with an error that says what is wrong; this only keeps
    // the shape.
    symbols: z.array(z.string()).nullish(),
  }),
]);

export const textOf = (data: RawData) =>
  (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString(
    'utf8',
  );

/**
 * Frames one member may send, over all their sockets on an instance: a burst of 100, then 10 a
 * second. A client beats every 30 s per socket and a member sends a few messages a second at most
 * (and 20 per 10 s are stored), so only a broken or hostile client goes past this; the socket that
 * does is closed with 1008. The allowance belongs to the member, not to the socket, and outlives
 * the member's sockets until it has refilled: a new socket does not bring a new allowance
 * (issue 32, docs/decisions/0033).
 */
export const MEMBER_FRAME_LIMIT = { burst: 100, perSecond: 10 } as const;
/** Open sockets one member may hold on one instance; a member's tabs and devices stay far below. */
export const MAX_SOCKETS_PER_MEMBER = 10;
/**
 * Connections that may be opened per minute (before RATE_LIMIT_SCALE), counted across instances
 * when REDIS_URL is set. Every attempt counts against its client address before anything else is
 * done, then a token with a valid signature against its member before the account is looked up, so
 * a refused attempt costs no database query. A member's tabs and devices reconnecting after a
 * deploy open at most MAX_SOCKETS_PER_MEMBER at once; an address is shared by a household or a
 * school, hence its larger count.
 */
export const CONNECTION_LIMITS = {
  perMember: { points: 10, windowMs: 60_000 },
  perAddress: { points: 120, windowMs: 60_000 },
} as const;
/** setTimeout's longest delay; a later expiry is checked again when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * What the gateway hands to the chat module: the frames that act on conversations. The chat
 * module implements it (its service); the gateway only carries frames and keeps presence.
 */
export type ChatFramesPort = {
  /** Stores and delivers a message; an AppError is answered to the socket with its temp_id. */
  send(
    senderId: number,
    input: { receiverId: number; message: string; tempId: string | null; symbols: readonly string[] },
  ): Promise<unknown>;
  requestMarkRead(readerId: number, senderId: number): Promise<void>;
  /** Spec §4 "Logout" from the socket: the member's friends are told. */
  loggedOut(userId: number): Promise<void>;
};

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
  /** When the access token the socket was opened or last renewed with expires (ms). */
  expiresAt: number;
  expiryTimer: ReturnType<typeof setTimeout> | undefined;
};

/** A member's token bucket of MEMBER_FRAME_LIMIT. */
type FrameAllowance = { left: number; at: number };

/** The allowance a member has at `now`, refilled at MEMBER_FRAME_LIMIT's rate. */
const refilled = (allowance: FrameAllowance, now: number) =>
  Math.min(
    MEMBER_FRAME_LIMIT.burst,
    allowance.left + ((now - allowance.at) * MEMBER_FRAME_LIMIT.perSecond) / 1000,
  );

/**
 * `/ws/chat/?token=ACCESS` (spec §7, DESIGN.md: same port as the API). A missing, invalid or
 * expired token closes the socket with 4401, and so does the token's expiry unless the client
 * renewed it on the socket, or the end of the member's sessions (suspension, password change or
 * reset, logout, deletion) published through the fan-out to every instance. A foreign Origin is
 * refused before the upgrade (403), and so is an attempt past CONNECTION_LIMITS (429); frames
 * above 64 KiB close it with 1009, frames faster than MEMBER_FRAME_LIMIT with 1008, and so does a
 * socket past MAX_SOCKETS_PER_MEMBER. Frames pass the input gate (plugins/input-gate.ts) like any
 * HTTP body. Each socket hears everything published for its member
 * (realtime/fan-out.ts), so a member's tabs and devices all stay in step. Frames from one socket are
 * handled one after the other, in the order they arrived.
 */
export function createSocketGateway(deps: {
  chat: ChatFramesPort;
  presence: PresenceTracker;
  fanOut: FanOut;
  /** The member behind an access token (undefined: refused with 4401). */
  verifySession: VerifySession;
  /**
   * The claims of a token whose signature is valid, without the account lookup: the member a
   * connection counts against before verifySession queries the database.
   */
  readToken: (token: string) => Promise<Pick<AccessClaims, 'userId'> | undefined>;
  rateLimits: RateLimits;
  options: ChatSocketOptions;
}) {
  const { chat, presence, fanOut, verifySession, readToken, options } = deps;
  const connectsPerAddress = deps.rateLimits.fixedWindow('ws-connect-address', {
    ...CONNECTION_LIMITS.perAddress,
    messageKey: 'chat.errors.connecting_too_often',
  });
  const connectsPerMember = deps.rateLimits.fixedWindow('ws-connect-member', {
    ...CONNECTION_LIMITS.perMember,
    messageKey: 'chat.errors.connecting_too_often',
  });
  const instanceId = randomUUID();
  let sequence = 0;
  const connections = new Set<Connection>();
  /** Open sockets per member on this instance (MAX_SOCKETS_PER_MEMBER). */
  const socketsOf = new Map<number, number>();
  /** Frame allowances of members who used some of theirs and have not refilled it yet. */
  const allowances = new Map<number, FrameAllowance>();
  /** What the metrics report: connections accepted and refused, frames handled and refused. */
  const counts = { accepted: 0, refused: 0, framesHandled: 0, framesRefused: 0 };
  const cleanups = new Set<Promise<unknown>>();
  let sweeper: ReturnType<typeof setInterval> | undefined;

  async function register(app: FastifyInstance) {
    const allowedOrigins = new Set([new URL(app.config.publicUrl).origin]);

    await app.register(websocket, {
      options: { maxPayload: WEBSOCKET_MAX_FRAME_BYTES },
      // `ws` reports a client's protocol mistakes (a frame over the limit, a bad opcode, invalid
      // UTF-8) as errors and is already closing with the matching code: they are the client's
      // doing, so info without a stack, not a server error.
      errorHandler: (error, socket, request) => {
        const code = (error as Error & { code?: unknown }).code;
        if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
          request.log.info(
            { code, userId: request.chatSession?.userId },
            `Chat socket closed: ${error.message}`,
          );
          return;
        }
        request.log.warn({ err: error }, 'Chat socket error');
        socket.terminate();
      },
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

    // A frame published to several members (or to a member's several sockets) is one object:
    // it is serialised once for all of them.
    const serialised = new WeakMap<LiveMessage, string>();
    const sendFrame = (socket: WebSocket, frame: LiveMessage) => {
      if (socket.readyState !== socket.OPEN) return;
      let text = serialised.get(frame);
      if (text === undefined) {
        text = JSON.stringify(frame);
        serialised.set(frame, text);
      }
      socket.send(text);
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
        ...(error.options.fields
          ? {
              fields: Object.fromEntries(
                Object.entries(error.options.fields).map(([field, key]) => [
                  field,
                  translate(connection.language, key, error.options.values),
                ]),
              ),
            }
          : {}),
        ...(tempId !== undefined ? { temp_id: tempId } : {}),
      });

    function deliver(connection: Connection, frame: LiveMessage) {
      // The member's sessions ended: every socket of theirs, on every instance, closes now. 4401
      // sends the client to renew its session: after a suspension, password change or deletion
      // that fails and it signs out; after a logout elsewhere its own session may still renew.
      if (frame.type === SESSION_ENDED_FRAME) {
        // Instances of an older version publish a suspension without a reason.
        const reason = typeof frame.reason === 'string' ? frame.reason : 'suspended';
        if (reason === 'suspended')
          sendError(connection, new AppError(401, 'account_suspended', 'errors.account_suspended'));
        else
          sendFrame(connection.socket, {
            type: 'error',
            code: 'session_ended',
            reason,
            error: translate(connection.language, 'errors.session_expired'),
          });
        connection.socket.close(
          WEBSOCKET_CLOSE.unauthorized,
          reason === 'suspended' ? 'account suspended' : `session ended: ${reason}`,
        );
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

    /** The token's end (or a renewal that failed): the client renews its session and reconnects. */
    function expire(connection: Connection, code = 'token_expired') {
      sendError(connection, new AppError(401, code, 'chat.errors.token_invalid'));
      connection.socket.close(WEBSOCKET_CLOSE.unauthorized, 'token expired');
    }

    function watchExpiry(connection: Connection) {
      clearTimeout(connection.expiryTimer);
      const delay = Math.min(Math.max(connection.expiresAt - Date.now(), 0), MAX_TIMER_MS);
      connection.expiryTimer = setTimeout(() => {
        if (Date.now() >= connection.expiresAt) expire(connection);
        else watchExpiry(connection);
      }, delay);
      connection.expiryTimer.unref();
    }

    /** Counts a refusal by a connection limit, which answers the upgrade request with 429. */
    async function refuseBeyond(hit: () => Promise<void>) {
      try {
        await hit();
      } catch (error) {
        counts.refused += 1;
        throw error;
      }
    }

    /** Token bucket: false once the member sends faster than MEMBER_FRAME_LIMIT allows. */
    function allowFrame(userId: number) {
      const now = Date.now();
      const allowance = allowances.get(userId) ?? { left: MEMBER_FRAME_LIMIT.burst, at: now };
      allowance.left = refilled(allowance, now);
      allowance.at = now;
      allowances.set(userId, allowance);
      if (allowance.left < 1) return false;
      allowance.left -= 1;
      return true;
    }

    async function handleFrame(connection: Connection, raw: string) {
      let frame: z.infer<typeof ClientFrameSchema>;
      try {
        frame = ClientFrameSchema.parse(JSON.parse(raw));
      } catch {
        sendError(connection, new AppError(400, 'invalid_frame', 'chat.errors.invalid_frame'));
        return;
      }
      // NUL and lone surrogates cannot be stored: refused here with the fields named, as the HTTP
      // gate does, instead of failing in PostgreSQL.
      const unstorable = invalidTextFields(frame, 'frame');
      if (unstorable.length > 0) {
        const tempId = frame.action === undefined ? (frame.temp_id ?? null) : undefined;
        sendError(connection, invalidTextError(unstorable), tempId);
        return;
      }
      // Timers can run late (a busy event loop): an expired token acts no more.
      if (Date.now() >= connection.expiresAt) {
        expire(connection);
        return;
      }
      connection.lastSeen = Date.now();
      if (frame.action === 'renew') {
        const session = await verifySession(frame.token);
        if (!session || session.userId !== connection.userId) {
          expire(connection, 'unauthorized');
          return;
        }
        connection.expiresAt = session.expiresAt;
        watchExpiry(connection);
        sendFrame(connection.socket, { type: 'session_renewed', expires_at: session.expiresAt });
        return;
      }
      if (frame.action === 'heartbeat') {
        await presence.socketAlive(connection.userId, connection.socketId);
        return;
      }
      if (frame.action === 'logout') {
        await chat.loggedOut(connection.userId);
        connection.socket.close(WEBSOCKET_CLOSE.loggedOut, 'logged out');
        return;
      }
      if (frame.action === 'mark_read') {
        connection.activeConversation = frame.sender_id;
        await chat.requestMarkRead(connection.userId, frame.sender_id);
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
      const symbols = SymbolIdsSchema.safeParse(frame.symbols ?? []);
      if (!symbols.success) {
        sendError(
          connection,
          new AppError(
            400,
            'invalid_symbols',
            symbols.error.issues[0]?.message ?? 'symbols.errors.unknown_symbol',
            {
              values: { max: SYMBOL_LIMITS.perMessage },
            },
          ),
          tempId,
        );
        return;
      }
      try {
        await chat.send(connection.userId, {
          receiverId: frame.receiver_id,
          message: text,
          tempId,
          symbols: symbols.data,
        });
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
          // Cheapest first: the address, then the token's signature and its member, and only then
          // the account in the database. Past a connection limit the upgrade is refused with an
          // HTTP 429 and Retry-After: no socket is opened, so a flooding client cannot make the
          // server read frames it will not handle (issue 32: a refusal must be cheap).
          await refuseBeyond(() => connectsPerAddress.hit(clientKey(request.ip)));
          if (typeof token !== 'string' || !token) return;
          const claims = await readToken(token);
          if (!claims) return;
          await refuseBeyond(() => connectsPerMember.hit(String(claims.userId)));
          request.chatSession = await verifySession(token);
        },
      },
      (socket, request) => {
        const query = request.query as Record<string, unknown>;
        const language = negotiateLanguage(
          typeof query.lang === 'string' ? query.lang : request.headers['accept-language'],
        );
        const session = request.chatSession;
        // Refused with a close code rather than an HTTP status: browsers hide the status of a
        // failed upgrade from the page, but show it the close code and reason.
        if (!session) {
          counts.refused += 1;
          const hasToken = typeof query.token === 'string' && query.token !== '';
          sendError(
            { socket, language },
            new AppError(
              401,
              'unauthorized',
              hasToken ? 'chat.errors.token_invalid' : 'chat.errors.token_missing',
            ),
          );
          socket.close(
            WEBSOCKET_CLOSE.unauthorized,
            hasToken ? 'invalid or expired token' : 'token required',
          );
          return;
        }
        const { userId } = session;
        const open = socketsOf.get(userId) ?? 0;
        if (open >= MAX_SOCKETS_PER_MEMBER) {
          counts.refused += 1;
          request.log.info({ userId }, 'Chat socket refused: too many open for the member');
          sendError(
            { socket, language },
            new AppError(429, 'too_many_connections', 'chat.errors.too_many_connections', {
              values: { max: MAX_SOCKETS_PER_MEMBER },
            }),
          );
          socket.close(1008, 'too many connections');
          return;
        }
        socketsOf.set(userId, open + 1);
        counts.accepted += 1;
        const connection: Connection = {
          socket,
          userId,
          socketId: `${instanceId}:${(sequence += 1)}`,
          language,
          lastSeen: Date.now(),
          activeConversation: null,
          stopListening: () => undefined,
          expiresAt: session.expiresAt,
          expiryTimer: undefined,
        };
        connection.stopListening = fanOut.subscribe(userId, (frame) => deliver(connection, frame));
        connections.add(connection);
        watchExpiry(connection);
        // Frames wait behind the presence update, then run one at a time in arrival order.
        const ready = presence.socketAlive(userId, connection.socketId).catch((error: unknown) => {
          request.log.error({ err: error }, 'Presence could not be recorded');
        });
        let chain: Promise<unknown> = ready;

        socket.on('message', (data, isBinary) => {
          // A closing socket reads on until the close handshake ends: nothing more is handled.
          if (socket.readyState !== socket.OPEN) return;
          if (!allowFrame(userId)) {
            counts.framesRefused += 1;
            request.log.info({ userId }, 'Chat socket closed: frames sent too fast');
            sendError(connection, new AppError(429, 'too_many_frames', 'errors.rate_limited'));
            socket.close(1008, 'too many frames');
            return;
          }
          counts.framesHandled += 1;
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
        socket.on('close', () => {
          const left = (socketsOf.get(userId) ?? 1) - 1;
          if (left > 0) socketsOf.set(userId, left);
          else socketsOf.delete(userId);
          clearTimeout(connection.expiryTimer);
          connection.stopListening();
          connections.delete(connection);
          const cleanup = ready
            .then(() => presence.socketGone(connection.userId, connection.socketId))
            .catch((error: unknown) => request.log.error({ err: error }, 'Chat socket clean-up failed'));
          cleanups.add(cleanup);
          void cleanup.finally(() => cleanups.delete(cleanup));
        });
      },
    );

    // Sockets that stopped sending heartbeats are closed here; the presence sweep also catches
    // sockets of an instance that died without closing them.
    sweeper = setInterval(() => {
      const now = Date.now();
      // A full allowance is what a member without an entry gets: the entry is no longer needed.
      for (const [userId, allowance] of allowances)
        if (refilled(allowance, now) >= MEMBER_FRAME_LIMIT.burst) allowances.delete(userId);
      const staleBefore = now - options.heartbeatTimeoutMs;
      for (const connection of connections)
        if (connection.lastSeen < staleBefore) {
          connection.socket.close(WEBSOCKET_CLOSE.timedOut, 'heartbeat timeout');
          connection.socket.terminate();
        }
      presence.sweep().catch((error: unknown) => app.log.error({ err: error }, 'Presence sweep failed'));
    }, options.sweepIntervalMs);
    sweeper.unref();
  }

  return {
    connectionCount: () => connections.size,
    /** Connections accepted and refused, frames handled and refused, since the start. */
    counts: () => ({ ...counts }),
    /** Registers `/ws/chat/` (and the websocket plugin) on the app. */
    plugin: fp(register, { name: 'socket-gateway' }),
    /** After the plugin's preClose closed every socket: waits for their presence clean-up. */
    async close() {
      clearInterval(sweeper);
      await Promise.allSettled([...cleanups]);
    },
  };
}
