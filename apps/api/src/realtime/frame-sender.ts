import { ServerFrameSchema, type ServerFrame } from '@juntos/domain';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { translate } from '../i18n/messages';
import type { AppError } from '../lib/app-error';
import type { Connection } from './socket-connection';

/**
 * Writes server frames to sockets. A frame published to several members (or to a member's several
 * sockets) is one object: it is serialised once for all of them (decision 0018).
 *
 * With `checkFrames` (NODE_ENV=test) every frame is first parsed against the socket contract
 * (`ServerFrameSchema`, packages/domain/src/chat-frames.ts) and a frame that breaks it is not sent:
 * the call throws, so the test that caused it fails where the frame was built. Warning: the throw
 * reaches whoever published the frame (the fan-out calls the gateway's listeners synchronously
 * in-process). Production does not pay the parse; the types keep the frames in shape there.
 */
export function createFrameSender(options: { checkFrames: boolean }) {
  const serialised = new WeakMap<ServerFrame, string>();

  function textOfFrame(frame: ServerFrame) {
    let text = serialised.get(frame);
    if (text !== undefined) return text;
    if (options.checkFrames) {
      const checked = ServerFrameSchema.safeParse(frame);
      if (!checked.success)
        throw new Error(
          `Refused to send a frame that breaks the socket contract: ${JSON.stringify(frame)}\n${z.prettifyError(checked.error)}`,
        );
    }
    text = JSON.stringify(frame);
    serialised.set(frame, text);
    return text;
  }

  function send(socket: WebSocket, frame: ServerFrame) {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(textOfFrame(frame));
  }

  /** An AppError as an `error` frame in the socket's language, with the refused message's temp_id. */
  function sendError(
    connection: Pick<Connection, 'socket' | 'language'>,
    error: AppError,
    tempId?: string | null,
  ) {
    const { language } = connection;
    const { fields, values } = error.options;
    send(connection.socket, {
      type: 'error',
      code: error.code,
      error: translate(language, error.messageKey, values),
      ...(fields
        ? {
            fields: Object.fromEntries(
              Object.entries(fields).map(([field, key]) => [field, translate(language, key, values)]),
            ),
          }
        : {}),
      ...(tempId !== undefined ? { temp_id: tempId } : {}),
    });
  }

  return { send, sendError };
}

export type FrameSender = ReturnType<typeof createFrameSender>;
