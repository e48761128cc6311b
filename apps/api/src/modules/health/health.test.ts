import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test-support/test-app';

describe('GET /api/health/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  it(`answers ok after a real database round trip (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      db: 'ok',
      pressure: { overloaded: false, reasons: [] },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    const engine = await t.app.database.db.execute(sql`select version() as version`);
    expect(JSON.stringify(engine)).toContain('PostgreSQL');
  });

  it('sends the security headers with a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 503 in the caller language when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.app.database.close();
    const response = await broken.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'database_unavailable' });
    await broken.app.close().catch(() => undefined);
  });
});
