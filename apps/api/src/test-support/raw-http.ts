import { connect } from 'node:net';

/**
 * Writes raw bytes to a listening server and reads what it answers: requests no HTTP or WebSocket
 * client library would send (a keyless handshake, pipelined requests). With `answers`, the
 * connection is closed from here once that many status lines came; without, it waits for the
 * server to close it, and says so (`closedByServer`), or gives up after `waitMs`.
 */
export function rawExchange(
  address: string,
  bytes: string,
  { answers, waitMs = 5_000 }: { answers?: number; waitMs?: number } = {},
): Promise<{ received: string; closedByServer: boolean }> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve, reject) => {
    let received = '';
    let closedByServer = false;
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    const giveUp = setTimeout(() => socket.destroy(), waitMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (answers !== undefined && (received.match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0) >= answers)
        socket.destroy();
    });
    socket.on('end', () => {
      closedByServer = true;
      socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ received, closedByServer });
    });
  });
}
