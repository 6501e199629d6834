import { resolve } from 'node:path';
import { z } from 'zod';

const onOff = z.enum(['on', 'off']);

/** A CSP source for camera streams: `http:`/`https:`, or an origin with an optional port (`*` for any). */
const STREAM_SOURCE =
  /^(https?:|https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:(\d{1,5}|\*))?|https?:\/\/\[[0-9A-Fa-f:.]+\](:(\d{1,5}|\*))?)$/;

const envSchema = z.object({
  /**
   * Hosts an HTTP-call job may reach although they are private or loopback addresses (docs/jobs.md), separated by
   * commas or spaces: `127.0.0.1`, `erp.internal`. Unset: only public addresses.
   */
  JOB_HTTP_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((h) => h.toLowerCase()),
    ),
  PORT: z.coerce.number().int().min(0).max(65535).default(5005),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,32}$/)
    .default('sw:'),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  SEED_CAPTCHA: onOff.optional(),
  /** Seed the shipped regions (countries, China's provinces and cities) at start; off only on test databases. */
  SEED_REGIONS: onOff.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  WEB_DIST: z.string().optional(),
  /**
   * Where browsers may play the live view's camera streams from, besides this server: origins such as
   * `http://10.0.0.5:8080` (or `http:` / `https:` for any), separated by spaces or commas. Added to the pages'
   * Content-Security-Policy (images, media, fetches); this server never connects to them.
   */
  LIVE_STREAM_SOURCES: z
    .string()
    .default('')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(STREAM_SOURCE, { error: 'expected origins such as http://10.0.0.5:8080' }))),
  /**
   * Browser origins, besides this server's own, that may call the API and open sockets (a front end served
   * elsewhere): `https://wms.example.com`, separated by commas or spaces. Unset: same origin only.
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().refine(isOrigin, { error: 'expected origins such as https://wms.example.com' }))),
  /**
   * Uploaded files go to an S3-compatible bucket when S3_BUCKET is set (else to DATA_DIR/files): S3_ENDPOINT (the
   * server's URL, e.g. `http://minio:9000`; unset for AWS), S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, and
   * S3_PREFIX before every object key.
   */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, { error: 'expected a folder such as shelfwise/' })
    .default(''),
});

/** Whether a value is exactly a web origin (scheme, host, optional port; no path, no wildcard). */
function isOrigin(v: string): boolean {
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === v;
  } catch {
    return false;
  }
}

/** Requests per minute per client, by kind of public endpoint. */
export interface RateLimits {
  login: number;
  captcha: number;
  sms: number;
  public: number;
}

/** Infrastructure settings, parsed once from the environment (business settings live in the database). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisPrefix: string;
  adminPassword: string | undefined;
  seedCaptcha: boolean;
  seedRegions: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  webDist: string;
  /** Extra origins the pages may load camera streams from (Content-Security-Policy), see LIVE_STREAM_SOURCES. */
  liveStreamSources: string[];
  /** Browser origins besides the server's own that may call the API and open sockets, see CORS_ORIGINS. */
  corsOrigins: string[];
  /** Requests per minute per client on login, captcha and SMS endpoints, and on any other public endpoint. */
  rateLimits: RateLimits;
  /** Private or loopback hosts HTTP-call jobs may reach anyway, see JOB_HTTP_ALLOW_HOSTS. */
  jobHttpAllowHosts?: string[];
  /** The S3-compatible bucket uploads are stored in; undefined: local disk under DATA_DIR/files. */
  s3: S3Config | undefined;
}

/** An S3-compatible file store (S3_* environment variables). */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  prefix: string;
}

/** Reads the environment; an invalid value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    // an empty value (`DATABASE_URL=` in a .env file) means the default, not an anonymous temporary database
    databaseUrl: e.DATABASE_URL || `sqlite:${resolve(dataDir, 'shelfwise.db')}`,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    adminPassword: e.ADMIN_PASSWORD,
    seedCaptcha: e.SEED_CAPTCHA !== 'off',
    seedRegions: e.SEED_REGIONS !== 'off',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    liveStreamSources: e.LIVE_STREAM_SOURCES,
    corsOrigins: e.CORS_ORIGINS,
    jobHttpAllowHosts: e.JOB_HTTP_ALLOW_HOSTS,
    // `public`: pages signed out read a few of them each (system info, tenant list, logo, QR status polls)
    rateLimits: { login: 30, captcha: 60, sms: 10, public: 600 },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          prefix: e.S3_PREFIX,
        }
      : undefined,
  };
}
