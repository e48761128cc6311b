import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import { AD_ROTATION_MS } from '@juntos/domain';
import type { S3Settings } from './lib/s3-media-store';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(
      z
        .url({ message: `must be a URL such as ${example}` })
        .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
          message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
        })
        .optional(),
    )
    .optional();

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which peers may say who the client is through X-Forwarded-For. Unset trusts nobody, so a client
 * cannot forge its address to escape a rate limit; a hop count or the proxies' own addresses
 * trust exactly the reverse proxies in front of the server (docs/operations.md).
 */
function parseTrustProxy(value: string): false | number | string[] | undefined {
  if (value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (PROXY_ADDRESS_NAMES.has(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid ? entries : undefined;
}

/**
 * Every environment variable the server reads. Parsed once at start-up; a bad value stops the
 * server with the full list of what is wrong (Epic Stack style), never a half-configured process.
 */
const EnvironmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(8000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1, 'must be a folder path').default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'postgres://user@127.0.0.1:5432/juntos'),
    REDIS_URL: optionalUrl(['redis', 'rediss'], 'redis://127.0.0.1:6379'),
    REDIS_PREFIX: z
      .string()
      .trim()
      .regex(/^[\w:.-]{1,64}$/, 'must be letters, digits, ":", ".", "_" or "-" (at most 64)')
      .default('juntos:'),
    CHAT_HEARTBEAT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(75_000),
    SMTP_URL: optionalUrl(['smtp', 'smtps'], 'smtp://user:pass@mail.example.org:587'),
    /** The operator's own LibreTranslate server (issue 37); without it, only browsers translate. */
    TRANSLATE_URL: optionalUrl(['http', 'https'], 'http://127.0.0.1:5000'),
    TRANSLATE_API_KEY: z.string().trim().optional(),
    JWT_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters long')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    PUBLIC_URL: z
      .url({ message: 'must be the public address of the site, such as https://juntos.example.org' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    OPERATOR_NAME: z.string().trim().min(1).default('Juntos'),
    OPERATOR_ADDRESS: z.string().trim().default(''),
    CONTACT_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
    WEB_DIST_DIR: z.string().trim().min(1).optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
    MAIL_FROM: z.string().trim().min(3).optional(),
    RATE_LIMIT_SCALE: z.coerce.number().min(1, 'must be 1 or more').max(1000).default(1),
    PASSWORD_HASH_COST: z.enum(['standard', 'test']).default('standard'),
    TRUST_PROXY: z
      .string()
      .trim()
      .default('')
      .transform((value, context) => {
        const trusted = parseTrustProxy(value);
        if (trusted === undefined)
          context.addIssue({
            code: 'custom',
            message:
              'must be a number of proxy hops (1) or a comma-separated list of addresses and CIDR ranges (127.0.0.1,10.0.0.0/8); leave it unset when no proxy sits in front',
          });
        return trusted ?? false;
      }),
    WORD_CLOUD_DEBOUNCE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    RETENTION_FIRST_RUN_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be between 0 and 86400000 (one day)')
      .max(86_400_000, 'must be between 0 and 86400000 (one day)')
      .default(60_000),
    RETENTION_INTERVAL_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be between 100 and 86400000 (one day)')
      .max(86_400_000, 'must be between 100 and 86400000 (one day)')
      .default(3_600_000),
    JOBS_POLL_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .min(0.5, 'must be between 0.5 and 60')
      .max(60, 'must be between 0.5 and 60')
      .default(2),
    JOBS_RETRY_DELAY_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(1, 'must be between 1 and 3600')
      .max(3600, 'must be between 1 and 3600')
      .default(60),
    JOBS_SCHEMA: z
      .string()
      .trim()
      .regex(
        /^[a-z_][a-z0-9_]{0,62}$/,
        'must be a PostgreSQL schema name: lower-case letters, digits and "_"',
      )
      .default('jobs'),
    JOBS_SCHEDULE: z.enum(['on', 'off'], { message: 'must be "on" or "off"' }).default('on'),
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^[\w-]{80,100}$/, 'must be a VAPID public key (base64url)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .regex(/^[\w-]{40,50}$/, 'must be a VAPID private key (base64url)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(
        /^(mailto:|https:\/\/)/,
        'must be a mailto: or https: address where push services can reach the operator',
      )
      .optional(),
    PUSH_SERVICE_HOSTS: z
      .string()
      .trim()
      .default(
        'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.push.apple.com,*.notify.windows.com',
      )
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
    PUSH_TEST_SERVICE: z
      .string()
      .trim()
      .transform((value) => value || undefined)
      .pipe(
        z
          .string()
          .regex(/^127\.0\.0\.1:\d{1,5}$/, 'must be 127.0.0.1:<port>, the tests’ own push service')
          .transform((value) => ({ host: '127.0.0.1', port: Number(value.split(':')[1]) }))
          .optional(),
      )
      .optional(),
    NOTIFICATION_EMAIL_DELAY_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(0, 'must be between 0 and 3600')
      .max(3600, 'must be between 0 and 3600')
      .default(120),
    IMAGE_QUEUE_LIMIT: z.coerce
      .number({ message: 'must be a number of uploads' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 256')
      .max(256, 'must be between 0 and 256')
      // Each waiting upload holds up to 10 MB: 16 bound that to about 160 MB per instance.
      .default(16),
    OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be between 0 (no limit) and 60000')
      .max(60_000, 'must be between 0 (no limit) and 60000')
      .optional(),
    OVERLOAD_HEAP_USED_MB: z.coerce
      .number({ message: 'must be a number of megabytes' })
      .int('must be a whole number of megabytes')
      .min(0, 'must be 0 (no limit) or more')
      .optional(),
    OVERLOAD_DATABASE_WAITING: z.coerce
      .number({ message: 'must be a number of queries' })
      .int('must be a whole number')
      .min(0, 'must be between 0 (no limit) and 100000')
      .max(100_000, 'must be between 0 (no limit) and 100000')
      .optional(),
    OVERLOAD_RETRY_AFTER_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(1, 'must be between 1 and 3600')
      .max(3600, 'must be between 1 and 3600')
      .default(10),
    MEDIA_URL_TTL_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(3, 'must be at least 3 seconds')
      .max(86_400, 'must be at most 86400 (one day)')
      .default(900),
    MEDIA_CACHE_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(0, 'must be between 0 and 604800 (one week)')
      .max(604_800, 'must be between 0 and 604800 (one week)')
      .default(86_400),
    AD_CLIENT: z
      .string()
      .trim()
      .transform((value) => value || undefined)
      .optional(),
    AD_SLOTS: z
      .string()
      .trim()
      .default('')
      .refine(
        (value) =>
          value === '' || value.split(',').every((pair) => /^adslot_[a-z_]+=[\w-]+$/.test(pair.trim())),
        'must be a comma-separated list of slot_key=slot_id, such as adslot_general=1234567890',
      ),
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters long')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    // One impression per banner rotation (spec §9).
    AD_IMPRESSION_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(AD_ROTATION_MS),
    S3_ENDPOINT: optionalUrl(['http', 'https'], 'https://s3.eu-west-1.amazonaws.com'),
    S3_BUCKET: z.string().trim().min(3, 'must be a bucket name').optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  })
  .superRefine((env, context) => {
    // A cheap password hash is for the automated tests' hundreds of sign-ups, never for a member.
    if (env.PASSWORD_HASH_COST === 'test' && env.NODE_ENV !== 'test')
      context.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: 'is for the automated tests only (NODE_ENV=test): unset it',
      });
    // It lets pushes reach a loopback address on any port: a deployment must never have it.
    if (env.PUSH_TEST_SERVICE && env.NODE_ENV !== 'test')
      context.addIssue({
        code: 'custom',
        path: ['PUSH_TEST_SERVICE'],
        message: 'is for the automated tests only (NODE_ENV=test): unset it',
      });
    if (!env.S3_ENDPOINT) return;
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (!env[name])
        context.addIssue({ code: 'custom', path: [name], message: 'is required when S3_ENDPOINT is set' });
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prepended to every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  chat: {
    /** A socket silent for this long (no heartbeat) is closed; the client beats every 30 s. */
    heartbeatTimeoutMs: number;
    sweepIntervalMs: number;
  };
  smtpUrl: string | undefined;
  /** The operator's LibreTranslate server (TRANSLATE_URL, TRANSLATE_API_KEY), if any (issue 37). */
  translation: { url: string; apiKey: string | undefined } | undefined;
  jwtSecret: string;
  publicUrl: string;
  /**
   * Who passkeys belong to (WebAuthn's relying party): the public address's domain and origin;
   * without PUBLIC_URL, localhost on any port (browsers allow WebAuthn there without HTTPS).
   */
  passkeys: { rpId: string; origins: string[]; anyLocalhostPort: boolean };
  logLevel: string;
  operator: { name: string; address: string; contactEmail: string };
  paths: {
    webDist: string;
    webPublic: string;
    media: string;
    pglite: string;
    /** E-mails as `.eml` files when there is no SMTP_URL. */
    mail: string;
    /** Disease lists shipped with the app and those imported from Orphadata (these win). */
    starterDiseases: string;
    importedDiseases: string;
  };
  /** How long profile changes are gathered before the word cloud is drawn again. */
  wordCloudDebounceMs: number;
  /**
   * When the retention job runs on this instance: shortly after start, then at each interval
   * (a lease lets one instance at a time work; docs/operations.md "Retention").
   */
  retention: { firstRunMs: number; intervalMs: number };
  /** The durable job queue (e-mails, digests, push): how often each instance asks for work. */
  jobs: {
    pollSeconds: number;
    /** The first retry of a failed job waits this long; each next one waits longer. */
    retryDelaySeconds: number;
    /** The PostgreSQL schema of the queue's tables (one per deployment sharing a database). */
    schema: string;
    /** Whether the scheduled jobs (digests, expiry) run; off only in tests that run them by hand. */
    schedule: boolean;
  };
  /**
   * "Immediately" e-mails wait this long after an event, so a burst of events makes one e-mail
   * and something read meanwhile makes none.
   */
  notificationEmailDelaySeconds: number;
  /**
   * Web push (issue 20): the VAPID keys that sign every push (VAPID_* or, when unset, a pair
   * generated once in DATA_DIR/vapid.json), and the push services a browser's subscription may
   * point at: a subscription is an address the server will post to, so it must be a real push
   * service's, never one inside the operator's network.
   */
  push: {
    publicKey: string;
    privateKey: string;
    subject: string;
    serviceHosts: string[];
    /**
     * Tests only (refused at start-up otherwise): the fake push service on 127.0.0.1, which may
     * be reached on its own port although it is a loopback address.
     */
    testService: { host: string; port: number } | undefined;
  };
  /** How long a signed address of a friends-only picture works (unfriending takes effect within it). */
  mediaUrlTtlSeconds: number;
  /**
   * How long browsers and shared caches may keep a public picture: a deleted one can still be
   * shown from a cache for this long (docs/operations.md "Media").
   */
  mediaCacheSeconds: number;
  /** The S3-compatible object store for media; unset: DATA_DIR/media on local disk. */
  s3: S3Settings | undefined;
  shutdownTimeoutMs: number;
  mailFrom: string;
  /** The ad network (unset client: built-in test slots) and the slot id of each slot key. */
  ads: { client: string | undefined; slots: Record<string, string> };
  /** Unset: no /api/metrics/; set: the bearer token Prometheus sends. */
  metricsToken: string | undefined;
  /** One impression per member counts per this interval (the banner's rotation). */
  adImpressionIntervalMs: number;
  /** Multiplies every rate limit (the browser tests sign up many accounts from one address). */
  rateLimitScale: number;
  /** `test` only with NODE_ENV=test (checked above): the automated tests' cheap password hash. */
  passwordHashCost: 'standard' | 'test';
  /** Fastify's trustProxy: false (no proxy), a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /** Uploads that may wait for the image decoder per instance; beyond them 503 server_busy. */
  imageQueueLimit: number;
  /**
   * Beyond these, new requests are answered 503 overloaded with Retry-After instead of queueing
   * without bound (0: that check is off). Sampled once a second.
   */
  overload: {
    eventLoopDelayMs: number;
    heapUsedBytes: number;
    /** Queries waiting for a database connection (PostgreSQL's pool). */
    databaseWaiting: number;
    retryAfterSeconds: number;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The JWT secret must survive restarts (or every session would end), so without JWT_SECRET one is
 * generated once and kept in DATA_DIR with owner-only permissions.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The VAPID key pair of this deployment, made once and kept beside the JWT secret: browsers'
 * subscriptions are bound to the public key, so a new pair would silence every device.
 */
function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  // The pair web-push's generateVAPIDKeys makes (P-256, URL-safe base64, the private key padded to
  // 32 bytes), from node:crypto, so start-up does not load web-push (it loads with the first push).
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvironmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  // npm runs workspace scripts (db:migrate, import:orphanet) inside apps/api; a relative DATA_DIR
  // still means the folder where the command was typed (INIT_CWD), as it does for `npm start`.
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    chat: {
      heartbeatTimeoutMs: env.CHAT_HEARTBEAT_TIMEOUT_MS,
      sweepIntervalMs: Math.max(200, Math.min(15_000, Math.floor(env.CHAT_HEARTBEAT_TIMEOUT_MS / 3))),
    },
    smtpUrl: env.SMTP_URL,
    translation: env.TRANSLATE_URL
      ? { url: env.TRANSLATE_URL, apiKey: env.TRANSLATE_API_KEY || undefined }
      : undefined,
    jwtSecret: env.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    publicUrl,
    passkeys: env.PUBLIC_URL
      ? { rpId: new URL(publicUrl).hostname, origins: [new URL(publicUrl).origin], anyLocalhostPort: false }
      : { rpId: 'localhost', origins: [], anyLocalhostPort: true },
    logLevel: env.LOG_LEVEL,
    operator: {
      name: env.OPERATOR_NAME,
      address: env.OPERATOR_ADDRESS,
      contactEmail: env.CONTACT_EMAIL ?? `privacy@${new URL(publicUrl).hostname}`,
    },
    paths: {
      webDist: path.resolve(env.WEB_DIST_DIR ?? path.join(repositoryRoot, 'apps/web/dist')),
      webPublic: path.join(repositoryRoot, 'apps/web/public'),
      media: path.join(dataDir, 'media'),
      pglite: path.join(dataDir, 'pg'),
      mail: path.join(dataDir, 'mail'),
      starterDiseases: path.join(repositoryRoot, 'apps/web/public/enfermedades'),
      importedDiseases: path.join(dataDir, 'enfermedades'),
    },
    wordCloudDebounceMs: env.WORD_CLOUD_DEBOUNCE_MS,
    retention: { firstRunMs: env.RETENTION_FIRST_RUN_MS, intervalMs: env.RETENTION_INTERVAL_MS },
    jobs: {
      pollSeconds: env.JOBS_POLL_SECONDS,
      retryDelaySeconds: env.JOBS_RETRY_DELAY_SECONDS,
      schema: env.JOBS_SCHEMA,
      schedule: env.JOBS_SCHEDULE === 'on',
    },
    notificationEmailDelaySeconds: env.NOTIFICATION_EMAIL_DELAY_SECONDS,
    push: {
      ...(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : loadOrCreateVapidKeys(dataDir)),
      subject: env.VAPID_SUBJECT ?? `mailto:${env.CONTACT_EMAIL ?? `privacy@${new URL(publicUrl).hostname}`}`,
      serviceHosts: env.PUSH_SERVICE_HOSTS,
      testService: env.PUSH_TEST_SERVICE,
    },
    mediaUrlTtlSeconds: env.MEDIA_URL_TTL_SECONDS,
    mediaCacheSeconds: env.MEDIA_CACHE_SECONDS,
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    mailFrom: env.MAIL_FROM ?? `${env.OPERATOR_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    passwordHashCost: env.PASSWORD_HASH_COST,
    trustProxy: env.TRUST_PROXY,
    imageQueueLimit: env.IMAGE_QUEUE_LIMIT,
    // Tests check no limit unless they set one: a busy test machine (and PGlite's migrations,
    // which hold the event loop) would otherwise refuse requests of unrelated tests.
    overload: {
      eventLoopDelayMs: env.OVERLOAD_EVENT_LOOP_DELAY_MS ?? (env.NODE_ENV === 'test' ? 0 : 1000),
      // By default 90% of V8's heap limit: beyond it the collector runs almost without pause and
      // every answer slows down long before the process runs out of memory.
      heapUsedBytes:
        env.OVERLOAD_HEAP_USED_MB === undefined
          ? env.NODE_ENV === 'test'
            ? 0
            : Math.floor(getHeapStatistics().heap_size_limit * 0.9)
          : env.OVERLOAD_HEAP_USED_MB * 2 ** 20,
      databaseWaiting: env.OVERLOAD_DATABASE_WAITING ?? (env.NODE_ENV === 'test' ? 0 : 1000),
      retryAfterSeconds: env.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    ads: {
      client: env.AD_CLIENT,
      slots: Object.fromEntries(
        env.AD_SLOTS.split(',')
          .map((pair) => pair.trim().split('='))
          .filter((pair): pair is [string, string] => pair.length === 2 && !!pair[0] && !!pair[1]),
      ),
    },
    adImpressionIntervalMs: env.AD_IMPRESSION_INTERVAL_MS,
    metricsToken: env.METRICS_TOKEN,
  };
}
