import {
  ClientFrameSchema,
  MESSAGE_PREVIEW_LENGTH,
  supporterMay,
  type ClientFrame,
  type ServerFrame,
} from '@juntos/domain';
import { AppError } from '../lib/app-error';
import { shortened } from '../lib/text';
import type { VerifySession } from '../plugins/authenticate';
import { invalidTextError, invalidTextFields } from '../plugins/input-gate';
import type { FrameSender } from './frame-sender';
import type { PresenceTracker } from './presence';
import type { Connection } from './socket-connection';

/**
 * What the gateway hands to the chat module: the frames that act on conversations. The chat
 * module implements it (its service), with the message rules (trimmed, not empty, not too long,
 * known symbols); the gateway only carries frames and keeps presence.
 */
export type ChatFramesPort = {
  /**
   * Checks, stores and delivers a message; an AppError is answered to the socket with its
   * temp_id. `message` and `symbols` are as the client sent them.
   */
  send(
    senderId: number,
    input: {
      receiverId: number;
      message: string;
      tempId: string | null;
      symbols: readonly string[];
      /** The supporter writing for the sender on an acting socket (decision 0047). */
      supporterId: number | undefined;
    },
  ): Promise<unknown>;
  requestMarkRead(readerId: number, senderId: number): Promise<void>;
  /** Spec §4 "Logout" from the socket: the member's friends are told. */
  loggedOut(userId: number): Promise<void>;
};

/** Records a chat message a supporter sent for the member (the member's activity list). */
export type ActedFor = (memberId: number, supporterId: number, friendId: number) => Promise<void>;

/** What frame handling needs of the connection's lifecycle (socket-gateway.ts). */
export type SessionControl = {
  /** The token's end (or a renewal that failed): an error frame, then the socket closes with 4401. */
  expire(connection: Connection, code?: string): void;
  /** The socket now lives by a renewed token, checked against the database: until `expiresAt`. */
  renewed(connection: Connection, token: { expiresAt: number; sessionId: string }): void;
  /** Logout on the socket: it closes with 4000. */
  loggedOut(connection: Connection): void;
};

/**
 * The frames of one open socket (spec §7): what the client sends, parsed against the contract
 * (`ClientFrameSchema`) and handed to the chat module or presence, and what the member is sent,
 * with the `new_message` notification added for a conversation this socket does not show.
 * Opening, limits, expiry and closing are the gateway's (socket-gateway.ts).
 */
export function createFrameHandler(deps: {
  chat: ChatFramesPort;
  presence: PresenceTracker;
  actedFor?: ActedFor;
  /** The member behind an access token (undefined: refused). */
  verifySession: VerifySession;
  sender: FrameSender;
  session: SessionControl;
  /** The gateway's clock (lib/clock.ts). */
  now: () => number;
}) {
  const { chat, presence, verifySession, sender, session, now } = deps;

  async function handle(connection: Connection, raw: string) {
    let frame: ClientFrame;
    try {
      frame = ClientFrameSchema.parse(JSON.parse(raw));
    } catch {
      sender.sendError(connection, new AppError(400, 'invalid_frame', 'chat.errors.invalid_frame'));
      return;
    }
    // NUL and lone surrogates cannot be stored: refused here with the fields named, as the HTTP
    // gate does, instead of failing in PostgreSQL.
    const unstorable = invalidTextFields(frame, 'frame');
    if (unstorable.length > 0) {
      const tempId = frame.action === undefined ? (frame.temp_id ?? null) : undefined;
      sender.sendError(connection, invalidTextError(unstorable), tempId);
      return;
    }
    // Timers can run late (a busy event loop): an expired token acts no more.
    if (now() >= connection.expiresAt) {
      session.expire(connection);
      return;
    }
    connection.lastSeen = now();
    switch (frame.action) {
      case 'renew': {
        const renewed = await verifySession(frame.token);
        // A renewal keeps who is acting: a member's socket never becomes a supporter's, nor the reverse.
        if (
          !renewed ||
          renewed.userId !== connection.userId ||
          renewed.supporterId !== connection.supporterId ||
          (renewed.supporterId !== undefined && !supporterMay(renewed.supporterPermissions ?? [], 'messages'))
        ) {
          session.expire(connection, 'unauthorized');
          return;
        }
        session.renewed(connection, renewed);
        sender.send(connection.socket, { type: 'session_renewed', expires_at: renewed.expiresAt });
        return;
      }
      case 'heartbeat':
        if (connection.supporterId === undefined)
          await presence.socketAlive(connection.userId, connection.socketId);
        return;
      case 'logout':
        // A supporter going back to their own account is not the member logging out.
        if (connection.supporterId === undefined) await chat.loggedOut(connection.userId);
        session.loggedOut(connection);
        return;
      case 'mark_read':
        connection.activeConversation = frame.sender_id;
        await chat.requestMarkRead(connection.userId, frame.sender_id);
        return;
      case undefined: {
        connection.activeConversation = frame.active_conversation_with ?? null;
        const tempId = frame.temp_id ?? null;
        try {
          await chat.send(connection.userId, {
            receiverId: frame.receiver_id,
            message: frame.message,
            tempId,
            symbols: frame.symbols ?? [],
            supporterId: connection.supporterId,
          });
          if (connection.supporterId !== undefined)
            await deps.actedFor?.(connection.userId, connection.supporterId, frame.receiver_id);
        } catch (error) {
          if (error instanceof AppError) sender.sendError(connection, error, tempId);
          else throw error;
        }
        return;
      }
    }
  }

  /** A frame published to the member, sent to this socket (and the notification it may bring). */
  function deliver(connection: Connection, frame: ServerFrame) {
    sender.send(connection.socket, frame);
    const isIncoming = frame.type === 'chat_message' && frame.receiver_id === connection.userId;
    if (isIncoming && frame.sender_id !== connection.activeConversation)
      sender.send(connection.socket, {
        type: 'notification',
        data: {
          type: 'new_message',
          from: frame.sender_nombre,
          sender_id: frame.sender_id,
          message_preview: shortened(frame.message, MESSAGE_PREVIEW_LENGTH),
        },
      });
  }

  return { handle, deliver };
}
