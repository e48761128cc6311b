import { runActing } from '../db/acting-viewer';
import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WEBSOCKET_CLOSE, WEBSOCKET_MAX_FRAME_BYTES, negotiateLanguage, supporterMay } from '@juntos/domain';
import { AppError } from '../lib/app-error';
import { systemClock, type Clock } from '../lib/clock';
import type { AccessClaims } from '../lib/access-tokens';
import { clientKey, type RateLimits } from '../lib/rate-limiter';
import { SESSION_ENDED_FRAME, type FanOut, type SessionEndedMessage } from './fan-out';
import { translate } from '../i18n/messages';
import type { VerifySession } from '../plugins/authenticate';
import { createFrameHandler, type ActedFor, type ChatFramesPort } from './frame-handler';
import { createFrameSender } from './frame-sender';
import type { PresenceTracker } from './presence';
import { KNOWN_SESSIONS_POLL_MS, type KnownSessions } from './known-sessions';
import { textOf, type Connection } from './socket-connection';

export type { ChatFramesPort };

declare module 'fastify' {
  interface FastifyRequest {
    /** The member of a /ws/chat/ upgrade whose token was valid, and when that token expires. */
    chatSession?:
      | { userId: number; sessionId: string; expiresAt: number; supporterId?: number; onTokenAlone: boolean }
      | undefined;
  }
}

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

export type ChatSocketOptions = {
  /** A socket with no heartbeat for this long is closed and its member may go offline. */
  heartbeatTimeoutMs: number;
  /** How often stale sockets are looked for, here and (through the presence store) anywhere. */
  sweepIntervalMs: number;
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
 *
 * This file is the connection's lifecycle: upgrade, token, limits, heartbeats, expiry and close.
 * What each frame means, in and out, is frame-handler.ts; writing frames (and checking them
 * against the socket contract in tests) is frame-sender.ts.
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
  readToken: (token: string) => Promise<AccessClaims | undefined>;
  /** The sessions in use lately: a token of one of them, still open, needs no lookup. */
  knownSessions?: KnownSessions;
  /** A supporter acting for the member sent a chat message to `friendId` (decision 0047). */
  actedFor?: ActedFor;
  rateLimits: RateLimits;
  options: ChatSocketOptions;
  /** Token expiry, heartbeats and the frame allowance follow this clock (tests move it by hand). */
  clock?: Clock;
}) {
  const { chat, presence, fanOut, verifySession, readToken, options } = deps;
  const clock = deps.clock ?? systemClock;
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
  let stopHearingEnds: (() => void) | undefined;

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

    // In tests every frame sent is checked against the socket contract, so drift fails a test.
    const sender = createFrameSender({ checkFrames: app.config.env === 'test' });
    const { sendError } = sender;

    /**
     * The member's sessions ended: every socket of theirs, on every instance, closes now. 4401
     * sends the client to renew its session: after a suspension, password change or deletion
     * that fails and it signs out; after a logout elsewhere its own session may still renew.
     */
    function endSession(connection: Connection, message: SessionEndedMessage) {
      if (message.supporterId !== undefined && message.supporterId !== connection.supporterId) return;
      const reason = message.reason ?? 'suspended';
      if (reason === 'suspended')
        sendError(connection, new AppError(401, 'account_suspended', 'errors.account_suspended'));
      else
        sender.send(connection.socket, {
          type: 'error',
          code: 'session_ended',
          reason,
          error: translate(connection.language, 'errors.session_expired'),
        });
      connection.socket.close(
        WEBSOCKET_CLOSE.unauthorized,
        reason === 'suspended' ? 'account suspended' : `session ended: ${reason}`,
      );
    }

    /** The token's end (or a renewal that failed): the client renews its session and reconnects. */
    function expire(connection: Connection, code = 'token_expired') {
      sendError(connection, new AppError(401, code, 'chat.errors.token_invalid'));
      connection.socket.close(WEBSOCKET_CLOSE.unauthorized, 'token expired');
    }

    function watchExpiry(connection: Connection) {
      connection.cancelExpiry();
      const delay = Math.min(Math.max(connection.expiresAt - clock.now(), 0), MAX_TIMER_MS);
      connection.cancelExpiry = clock.setTimer(() => {
        if (clock.now() >= connection.expiresAt) expire(connection);
        else watchExpiry(connection);
      }, delay);
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
      const now = clock.now();
      const allowance = allowances.get(userId) ?? { left: MEMBER_FRAME_LIMIT.burst, at: now };
      allowance.left = refilled(allowance, now);
      allowance.at = now;
      allowances.set(userId, allowance);
      if (allowance.left < 1) return false;
      allowance.left -= 1;
      return true;
    }

    const frames = createFrameHandler({
      chat,
      ...(deps.actedFor && { actedFor: deps.actedFor }),
      presence,
      verifySession,
      sender,
      now: clock.now,
      session: {
        expire,
        renewed(connection, { expiresAt, sessionId }) {
          connection.expiresAt = expiresAt;
          connection.sessionId = sessionId;
          connection.onTokenAlone = false;
          watchExpiry(connection);
        },
        loggedOut: (connection) => connection.socket.close(WEBSOCKET_CLOSE.loggedOut, 'logged out'),
      },
    });

    // A socket opened on its token alone while its session was ending elsewhere closes once this
    // instance learns of the end (within a second); the client renews, which then fails. The
    // end's own `session_ended`, which says why, comes first: a second later, only a socket it
    // missed (opened just after it was published) is still open.
    stopHearingEnds = deps.knownSessions?.onEnded((sessionIds) => {
      const endedNow = new Set(sessionIds);
      // Real time, not the injected clock: it waits for a message in flight, not for a deadline.
      setTimeout(() => {
        for (const connection of connections)
          if (
            connection.onTokenAlone &&
            endedNow.has(connection.sessionId) &&
            connection.socket.readyState === connection.socket.OPEN
          )
            expire(connection);
      }, KNOWN_SESSIONS_POLL_MS).unref();
    });

    app.get(
      '/ws/chat/',
      {
        websocket: true,
        // No body either way: the compression plugin's hooks would only cost each socket's upgrade.
        compress: false,
        decompress: false,
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
          const firstRead = deps.knownSessions?.start();
          await refuseBeyond(() => connectsPerMember.hit(String(claims.userId)));
          // An acting token's grant is always read: it has nothing to wait for.
          if (firstRead && claims.supporterId === undefined) await firstRead;
          // A storm of reconnections asks the database nothing per socket when this instance
          // knows the session as the member's, issued lately and not ended (known-sessions.ts).
          if (deps.knownSessions?.tokenSuffices(claims)) {
            request.chatSession = { ...claims, onTokenAlone: true };
            return;
          }
          const session = await verifySession(token, claims);
          // A supporter acting for the member chats only with a grant that covers messages.
          request.chatSession =
            session?.supporterId === undefined || supporterMay(session.supporterPermissions ?? [], 'messages')
              ? session && { ...session, onTokenAlone: false }
              : undefined;
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
          supporterId: session.supporterId,
          socketId: `${instanceId}:${(sequence += 1)}`,
          sessionId: session.sessionId,
          onTokenAlone: session.onTokenAlone,
          language,
          lastSeen: clock.now(),
          activeConversation: null,
          stopListening: () => undefined,
          expiresAt: session.expiresAt,
          cancelExpiry: () => undefined,
        };
        connection.stopListening = fanOut.subscribe(userId, (message) =>
          message.type === SESSION_ENDED_FRAME
            ? endSession(connection, message)
            : frames.deliver(connection, message),
        );
        connections.add(connection);
        watchExpiry(connection);
        // Frames wait behind the presence update, then run one at a time in arrival order.
        // A supporter's socket is not the member being online: friends and notices see no presence.
        const acting = connection.supporterId !== undefined;
        const ready = (acting ? Promise.resolve() : presence.socketAlive(userId, connection.socketId)).catch(
          (error: unknown) => {
            request.log.error({ err: error }, 'Presence could not be recorded');
          },
        );
        let chain: Promise<unknown> = ready;
        const actingPair =
          connection.supporterId === undefined
            ? undefined
            : { memberId: userId, supporterId: connection.supporterId };

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
              // An acting socket's frames are the supporter's: the reach rule is the pair's.
              if (socket.readyState === socket.OPEN)
                await runActing(actingPair, () => frames.handle(connection, raw));
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
          connection.cancelExpiry();
          connection.stopListening();
          connections.delete(connection);
          const cleanup = ready
            .then(() => (acting ? undefined : presence.socketGone(connection.userId, connection.socketId)))
            .catch((error: unknown) => request.log.error({ err: error }, 'Chat socket clean-up failed'));
          cleanups.add(cleanup);
          void cleanup.finally(() => cleanups.delete(cleanup));
        });
      },
    );

    // Sockets that stopped sending heartbeats are closed here; the presence sweep also catches
    // sockets of an instance that died without closing them, by their heartbeats or, sooner, by
    // its lease, which each sweep renews for this instance.
    const renewLease = () =>
      presence
        .renewInstance(instanceId)
        .catch((error: unknown) => app.log.error({ err: error }, 'Presence lease not renewed'));
    void renewLease();
    sweeper = setInterval(() => {
      void renewLease();
      const now = clock.now();
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
    /**
     * After the plugin's preClose closed every socket: waits for their presence clean-up, and for
     * their friends to be told.
     */
    async close() {
      clearInterval(sweeper);
      stopHearingEnds?.();
      await Promise.allSettled([...cleanups]);
      await presence.settled();
    },
  };
}
