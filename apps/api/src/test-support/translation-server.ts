import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type TranslateCall = { q: string; source: string; target: string; format?: string; api_key?: string };

async function jsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A small translation server on a free 127.0.0.1 port that speaks LibreTranslate's
 * `POST /translate` as the real one does (JSON in, `{ translatedText }` out, 403 with a wrong
 * `api_key`): the platform reaches it through TRANSLATE_URL exactly as it would reach a real one.
 * Its "translation" marks the text with the target language, so a test sees which way it went.
 */
export async function startTranslationServer(options: { apiKey?: string } = {}) {
  const calls: TranslateCall[] = [];
  let failing = false;
  const server = createServer((request, response) => {
    void (async () => {
      const answer = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/translate')
        return answer(404, { error: 'Not Found' });
      const call = (await jsonBody(request)) as TranslateCall;
      calls.push(call);
      if (options.apiKey && call.api_key !== options.apiKey) return answer(403, { error: 'Invalid API key' });
      if (failing) return answer(500, { error: 'Cannot translate' });
      return answer(200, { translatedText: `[${call.target}] ${call.q}` });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** While true, every translation is refused with a 500. */
    fail(on: boolean) {
      failing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
