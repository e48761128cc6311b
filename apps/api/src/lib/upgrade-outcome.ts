/** What became of an upgrade request (a chat socket) by the time its connection closed. */
export type UpgradeState = {
  /** The WebSocket server opened a socket for it. */
  opened: boolean;
  /** Answered with a status through its reply (a refusal: 403, 429, 503). */
  answered: boolean;
  /** Its reply was handed to `ws` (hijacked) to complete the handshake. */
  handedToWs: boolean;
  /** The status of that answer. */
  statusCode: number;
  /** Bytes written to its connection: `ws` writes its own refusal after a hijack. */
  bytesWritten: number;
  /** The server was closing, when `ws` refuses every handshake with 503. */
  serverClosing: boolean;
};

/**
 * The status and message of an upgrade's one request-log line, as nginx would log it: 101 for
 * a socket, the refusal's status, or 499 "request aborted" when the client left before any answer
 * (while its token was checked, or before `ws` could complete the handshake).
 */
export function upgradeOutcome(state: UpgradeState): { statusCode: number; message: string } {
  const completed = (statusCode: number) => ({ statusCode, message: 'request completed' });
  if (state.opened) return completed(101);
  if (state.answered) return completed(state.statusCode);
  // Handed to `ws`, which wrote a refusal of its own: 503 while the server closes, otherwise 400
  // for a handshake it cannot complete (a missing or malformed key, version or Upgrade header).
  if (state.handedToWs && state.bytesWritten > 0) return completed(state.serverClosing ? 503 : 400);
  return { statusCode: 499, message: 'request aborted' };
}
