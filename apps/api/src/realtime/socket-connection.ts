import type { Language } from '@juntos/domain';
import type { RawData, WebSocket } from 'ws';

/** One open `/ws/chat/` socket of a member whose token was valid. */
export type Connection = {
  socket: WebSocket;
  userId: number;
  /** A supporter acting for `userId` opened it (decision 0047): it closes when their grant ends. */
  supporterId: number | undefined;
  socketId: string;
  /** The session (refresh-token family) of the token the socket was opened or last renewed with. */
  sessionId: string;
  /**
   * Opened on its token alone, without the session lookup (realtime/known-sessions.ts): closed if
   * its session turns out to have ended meanwhile.
   */
  onTokenAlone: boolean;
  language: Language;
  lastSeen: number;
  /** The friend whose conversation this tab shows: their messages need no notification. */
  activeConversation: number | null;
  stopListening: () => void;
  /** When the access token the socket was opened or last renewed with expires (ms). */
  expiresAt: number;
  /** Stops the timer that closes the socket at `expiresAt`. */
  cancelExpiry: () => void;
};

/** The text of a frame as `ws` hands it over (one buffer, or several, or an ArrayBuffer). */
export const textOf = (data: RawData) =>
  (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString(
    'utf8',
  );
