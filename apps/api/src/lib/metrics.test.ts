import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChat } from '../test-support/chat-client';
import { signUpThroughApi } from '../test-support/accounts';
import { createListeningTestApp, createTestApp, type TestApp } from '../test-support/test-app';

const TOKEN = 'metrics-token-for-the-tests-0123';

describe('GET /api/metrics/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createListeningTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t.cleanup());

  it('answers only with the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics/' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/metrics/',
      headers: { authorization: 'Bearer metrics-token-for-the-tests-9999' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route pattern, open sockets and unsent e-mails', async () => {
    // Signed up through the API: its activation e-mail stays in the outbox.
    const member = await signUpThroughApi(t.app);
    await t.app.inject({
      method: 'GET',
      url: '/api/buscar/perfil/123/',
      headers: { authorization: `Bearer ${member.access}` },
    });
    const socket = await connectChat(t.app, member.access);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/metrics/',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /juntos_http_requests_total\{method="GET",route="\/api\/buscar\/perfil\/:id\/",status="\d+"\} 1/,
    );
    expect(text).not.toContain('/api/buscar/perfil/123/');
    expect(text).toMatch(/juntos_http_request_duration_seconds_bucket/);
    expect(text).toMatch(/juntos_chat_open_sockets 1/);
    // Without SMTP every message stays in the outbox: at least the activation e-mail.
    expect(Number(/juntos_email_outbox_unsent (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/process_resident_memory_bytes/);
    await socket.close();
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    expect((await plain.app.inject({ method: 'GET', url: '/api/metrics/' })).statusCode).toBe(404);
    await plain.cleanup();
  });
});
