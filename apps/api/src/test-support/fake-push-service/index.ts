import { readFileSync } from 'node:fs';
import { createServer, globalAgent } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

const here = path.dirname(fileURLToPath(import.meta.url));
// A certificate for 127.0.0.1 made for these tests only (openssl, valid until 2126): push services
// are reached over HTTPS, and the `web-push` library speaks nothing else.
const cert = readFileSync(path.join(here, 'cert.pem'));
const key = readFileSync(path.join(here, 'key.pem'));

/**
 * A push service on a free 127.0.0.1 port that keeps every push it receives and answers 201, or
 * the status `answers` holds for a path (410 Gone, 503…). The test process trusts its
 * certificate, so the platform's sender reaches it as it would reach a browser vendor's; start it
 * before the app, whose push sender takes the trusted certificates when it is made.
 */
export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const pushPath = request.url ?? '';
      received.push({ path: pushPath, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(pushPath) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const previousCa = globalAgent.options.ca;
  globalAgent.options.ca = cert;
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    /** For PUSH_TEST_SERVICE: the one loopback address and port the app may push to. */
    address: `127.0.0.1:${port}`,
    received,
    answers,
    close: async () => {
      globalAgent.options.ca = previousCa;
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
