import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'juntos-config-'));

describe('loadConfig', () => {
  it('has embedded defaults: port 8000, PGlite in DATA_DIR/pg, a generated and kept JWT secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.paths.pglite).toBe(path.join(dir, 'pg'));
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: '99999', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('JWT_SECRET');
    }
  });

  it('takes PostgreSQL, Redis and SMTP from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/juntos',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(config.databaseUrl).toContain('postgres://');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.jwtSecret).toBe('x'.repeat(40));
  });

  it('translates on a server only when TRANSLATE_URL names one, and refuses any other address', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).translation).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRANSLATE_URL: 'http://127.0.0.1:5000', TRANSLATE_API_KEY: 'k' })
        .translation,
    ).toEqual({ url: 'http://127.0.0.1:5000', apiKey: 'k' });
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRANSLATE_URL: 'ftp://translate.example.org' })).toThrow(
      /TRANSLATE_URL/,
    );
  });

  it('keeps media on disk by default and in an S3-compatible store when S3_* are all set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    const s3 = {
      S3_ENDPOINT: 'https://s3.example.org',
      S3_BUCKET: 'juntos-media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...s3 }).s3).toMatchObject({
      bucket: 'juntos-media',
      region: 'us-east-1',
    });
    try {
      loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: 'https://s3.example.org' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('S3_BUCKET');
      expect(problems).toContain('S3_SECRET_ACCESS_KEY');
    }
  });

  it('MEDIA_CACHE_SECONDS: one day by default, 0 to one week, anything else stops', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).mediaCacheSeconds).toBe(86_400);
    expect(loadConfig({ DATA_DIR: dataDir(), MEDIA_CACHE_SECONDS: '0' }).mediaCacheSeconds).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), MEDIA_CACHE_SECONDS: '604800' }).mediaCacheSeconds).toBe(
      604_800,
    );
    for (const wrong of ['-1', '604801', '1.5', 'a day'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), MEDIA_CACHE_SECONDS: wrong }), wrong).toThrow(
        /MEDIA_CACHE_SECONDS/,
      );
  });

  it('RETENTION_*_MS: a minute after start, then hourly; bounded to one day, anything else stops', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).retention).toEqual({
      firstRunMs: 60_000,
      intervalMs: 3_600_000,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), RETENTION_FIRST_RUN_MS: '0', RETENTION_INTERVAL_MS: '100' })
        .retention,
    ).toEqual({ firstRunMs: 0, intervalMs: 100 });
    for (const [name, wrong] of [
      ['RETENTION_FIRST_RUN_MS', '-1'],
      ['RETENTION_FIRST_RUN_MS', '86400001'],
      ['RETENTION_INTERVAL_MS', '99'],
      ['RETENTION_INTERVAL_MS', '1.5'],
      ['RETENTION_INTERVAL_MS', 'hourly'],
    ] as const)
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: wrong }), `${name}=${wrong}`).toThrow(name);
  });

  it('TRUST_PROXY: unset trusts no proxy; a hop count or addresses and ranges; anything else stops', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' })
        .trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    for (const wrong of ['true', '0', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1,'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
  });

  it('PASSWORD_HASH_COST=test: only the automated tests may select the cheap hash', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).passwordHashCost).toBe('standard');
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).passwordHashCost,
    ).toBe('test');
    for (const environment of ['production', 'development'])
      expect(
        () => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: environment, PASSWORD_HASH_COST: 'test' }),
        environment,
      ).toThrow(/PASSWORD_HASH_COST: is for the automated tests only/);
  });

  it('PUSH_TEST_SERVICE: the tests’ push service on 127.0.0.1; any other environment refuses to start', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).push.testService).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', PUSH_TEST_SERVICE: '127.0.0.1:4443' }).push
        .testService,
    ).toEqual({ host: '127.0.0.1', port: 4443 });
    for (const environment of ['production', 'development'])
      expect(
        () => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: environment, PUSH_TEST_SERVICE: '127.0.0.1:4443' }),
        environment,
      ).toThrow(/PUSH_TEST_SERVICE: is for the automated tests only/);
    for (const wrong of ['10.0.0.1:443', 'localhost:4443', '127.0.0.1'])
      expect(
        () => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', PUSH_TEST_SERVICE: wrong }),
        wrong,
      ).toThrow(/PUSH_TEST_SERVICE/);
  });

  it('makes a VAPID pair once, in the form web-push signs with, and keeps it', () => {
    const dir = dataDir();
    const { publicKey, privateKey } = loadConfig({ DATA_DIR: dir }).push;
    // An uncompressed P-256 point (65 bytes) and a 32-byte private key, URL-safe base64.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
    expect(() => webPush.setVapidDetails('mailto:ops@example.org', publicKey, privateKey)).not.toThrow();
    expect(loadConfig({ DATA_DIR: dir }).push).toMatchObject({ publicKey, privateKey });
  });
});
