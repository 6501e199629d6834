import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { AccountType, type Endpoint } from '@shelfwise/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import { createPrincipalService } from './kernel/access/principal';
import { createTenantDirectory, DEFAULT_TENANT_ID } from './kernel/access/tenants';
import { createCaptchaService } from './kernel/auth/captcha';
import { createLoginCipher, loadOrCreateSm2KeyPair } from './kernel/auth/login-cipher';
import { loadOrCreateSecret } from './kernel/auth/secret';
import { createSessionService } from './kernel/auth/session';
import { createLogSmsProvider, createSmsCodeService, type SmsProvider } from './kernel/auth/sms';
import { createTokenService } from './kernel/auth/tokens';
import type { Cache } from './kernel/cache/cache';
import { createMemoryCache } from './kernel/cache/memory-cache';
import { createRedisCache } from './kernel/cache/redis-cache';
import { dialectOf, type OpenOptions, openDatabase, sqlitePath } from './kernel/db/connect';
import { createIdGenerator } from './kernel/db/ids';
import { createDatabaseMaintenance } from './kernel/db/maintenance';
import { migrateToLatest } from './kernel/db/migrate';
import { leaseNodeNumber } from './kernel/db/node-lease';
import type { Database } from './kernel/db/schema';
import { applyPendingRestore } from './kernel/db/sqlite-backup';
import { createTenantDatabases } from './kernel/db/tenant-db';
import { AppError } from './kernel/errors/app-error';
import { completeFileRegister } from './kernel/files/file-check';
import { createFileLinks } from './kernel/files/file-links';
import { createLocalFileStore, MAX_UPLOAD_BYTES } from './kernel/files/file-store';
import { createS3FileStore } from './kernel/files/s3-store';
import { buildContext } from './kernel/http/define-route';
import { registerHealthRoutes } from './kernel/http/health-routes';
import { registerJsonBodyParser } from './kernel/http/json-body';
import type { Kernel } from './kernel/http/kernel';
import { sendError } from './kernel/http/reply';
import { registerSecurityHeaders } from './kernel/http/security-headers';
import {
  createJobRegistry,
  createScheduler,
  ensureBuiltInJobs,
  type FiringEvent,
  type JobHandler,
  registerBuiltInHandlers,
  type SchedulerOptions,
} from './kernel/jobs';
import { createLogService, registerLogHooks, startLogRetention } from './kernel/logs';
import { startServerMonitor } from './kernel/monitor/server-monitor';
import { createRealtime, type Realtime, rooms } from './kernel/realtime/realtime';
import { createSettings } from './kernel/settings/settings';
import { registerOverviewRoutes, registerPlannerRoutes, registerStatsRoutes } from './modules/insight';
import {
  createCycleCountHandler,
  createImportSweepHandler,
  registerAuditRoutes,
  registerItemRoutes,
  registerPeopleRoutes,
  registerPickRecordRoutes,
  registerReviewTaskRoutes,
  registerScanRoutes,
  registerSnapshotRoutes,
  registerSubTaskRoutes,
  registerTaskRoutes,
} from './modules/inventory';
import { registerAuthRoutes } from './modules/system/auth';
import { registerCacheRoutes } from './modules/system/cache';
import { registerConfigRoutes } from './modules/system/config';
import { registerConstRoutes } from './modules/system/const';
import { registerDictRoutes } from './modules/system/dict';
import { registerFileRoutes } from './modules/system/file';
import { registerHomeRoutes } from './modules/system/home';
import { registerJobRoutes } from './modules/system/job';
import { registerLogRoutes } from './modules/system/log';
import { registerMenuRoutes } from './modules/system/menu';
import { registerNoticeRoutes } from './modules/system/notice';
import { registerOnlineUserRoutes } from './modules/system/online-user';
import { registerOrgRoutes } from './modules/system/org';
import { registerPosRoutes } from './modules/system/pos';
import { registerRegionRoutes } from './modules/system/region';
import { registerRoleRoutes } from './modules/system/role';
import { type SeedReport, seedSystem } from './modules/system/seed';
import { registerServerRoutes } from './modules/system/server';
import { registerSwaggerRoutes } from './modules/system/swagger';
import { registerTemplateRoutes } from './modules/system/template';
import { registerTenantRoutes } from './modules/system/tenant';
import { createBackupHandler, registerUpdateRoutes } from './modules/system/update';
import { registerUserRoutes } from './modules/system/user';
import { registerAreaRoutes } from './modules/warehouse/area';
import { registerConsignorRoutes } from './modules/warehouse/consignor';
import { registerLiveViewRoutes } from './modules/warehouse/live-view';
import { registerLocationLabelRoutes, registerLocationRoutes } from './modules/warehouse/location';
import { registerSkuRoutes } from './modules/warehouse/sku';
import { registerWarehouseRoutes } from './modules/warehouse/warehouse';

/** Options for building the app (tests swap the SMS provider and the logger). */
export interface BuildOptions {
  config: AppConfig;
  smsProvider?: SmsProvider;
  logger?: boolean;
  /** Told of every database query (benchmarks compare endpoints with the SQL they run). */
  onQuery?: OpenOptions['onQuery'];
  /** Scheduler timings (tests, the benchmark) and extra job handlers (tests). */
  jobs?: Partial<SchedulerOptions> & {
    handlers?: JobHandler[];
    /** false: no built-in jobs are created (tests that compare a tenant's rows before and after). */
    builtIns?: boolean;
  };
  /**
   * Asked for a restart once a restore is staged (main.ts: close, then exit with RESTART_EXIT_CODE, which
   * scripts/start.mjs restarts on). Without it (tests), the restore waits for the next start.
   */
  onRestart?: () => void;
}

/** The running application: the Fastify instance, its kernel, and what the seed reported. */
export interface BuiltApp {
  app: FastifyInstance;
  kernel: Kernel;
  realtime: Realtime;
  seed: SeedReport;
}

const SECRET_QUERY = /([?&](?:password|accessToken|token)=)[^&]*/gi;

/** Version of the server, from its package.json. */
export const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return '0.0.0';
  }
})();

/** `/health` reads the caller the way a public endpoint does: a token is optional, a bad one is no error. */
const HEALTH = { permission: 'public' } as Endpoint;

/**
 * What every start does to the database before serving: pending migrations, then the seed (idempotent: a second
 * run inserts only what a later release adds). Tests run it once per dialect and copy the result.
 */
export async function prepareDatabase(db: Kysely<Database>, config: AppConfig): Promise<SeedReport> {
  await migrateToLatest(db);
  return seedSystem(db, {
    adminPassword: config.adminPassword,
    captchaOn: config.seedCaptcha,
    regions: config.seedRegions,
  });
}

/**
 * Builds the Fastify instance: database (migrated and seeded), cache, kernel services, plugins, every route,
 * and the built web app. Closing the instance releases everything it opened.
 */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers["x-authorization"]',
                'req.headers.cookie',
                'res.headers["access-token"]',
                'res.headers["x-access-token"]',
                'res.headers["set-cookie"]',
              ],
              censor: '***',
            },
            serializers: {
              req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
                method: req.method,
                url: req.url.replace(SECRET_QUERY, '$1***'),
                ip: req.ip,
              }),
            },
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // a path parameter may be a cache key of up to 512 characters, escaped (sysCache/delete/{key})
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true, maxParamLength: 2048 },
  });

  // a restore staged by the updates page replaces the SQLite file before it is opened (docs/backup-and-restore.md)
  const sqliteFile = sqlitePath(config.databaseUrl);
  if (dialectOf(config.databaseUrl) === 'sqlite' && sqliteFile !== ':memory:') {
    applyPendingRestore(config.dataDir, sqliteFile, app.log);
  }
  const { db, dialect, close: closeDb, sqlite } = openDatabase(config.databaseUrl, { onQuery: options.onQuery });
  const seed = await prepareDatabase(db, config);
  const lease = await leaseNodeNumber(db, Date.now, VERSION);
  const redis = config.redisUrl ? createRedisCache(config.redisUrl, config.redisPrefix) : undefined;
  const cache: Cache = redis ?? createMemoryCache();
  const secret = loadOrCreateSecret(config.dataDir);
  const ids = createIdGenerator(lease.node);
  const settings = createSettings(db, cache);
  const tokens = createTokenService(secret);
  const logs = createLogService({ db, ids, settings, log: app.log });
  // log retention runs as the scheduled job `sys.logRetention` (docs/jobs.md), not on a timer of its own
  const retention = startLogRetention({ db, settings, log: app.log }, { everyMs: 0 });
  const registry = createJobRegistry();
  registerBuiltInHandlers(registry, { retention, allowHosts: config.jobHttpAllowHosts ?? [] });
  for (const h of options.jobs?.handlers ?? []) registry.register(h);
  const tenantDb = createTenantDatabases(db);
  let onFiring: (e: FiringEvent) => void = () => undefined;
  const scheduler = createScheduler(
    { db, dialect, ids, tenantDb, registry, log: app.log, node: lease.node, onEvent: (e) => onFiring(e) },
    options.jobs,
  );
  const kernel: Kernel = {
    tenantDb,
    config,
    db,
    dialect,
    cache,
    ids,
    tokens,
    settings,
    sessions: createSessionService({ db, cache, ids, tokens, settings }),
    principals: createPrincipalService(db, cache),
    tenants: createTenantDirectory(db, cache),
    captcha: createCaptchaService(cache),
    loginCipher: createLoginCipher(loadOrCreateSm2KeyPair(config.dataDir, secret), settings),
    sms: createSmsCodeService(cache, options.smsProvider ?? createLogSmsProvider(app.log)),
    files: config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(join(config.dataDir, 'files')),
    fileLinks: createFileLinks(secret),
    log: app.log,
    logs,
    jobs: { registry, scheduler, node: lease.node },
    maintenance: createDatabaseMaintenance({
      db,
      dialect,
      sqlite,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      pingRedis: redis ? () => redis.client.ping() : undefined,
    }),
  };
  await kernel.sessions.primeRevocations();
  // handlers of modules (docs/jobs.md); the kernel's own are registered above
  registry.register(createCycleCountHandler(kernel));
  registry.register(createBackupHandler(kernel));
  registry.register(createImportSweepHandler(kernel));

  const monitor = startServerMonitor({
    db,
    dialect,
    cache,
    node: lease.node,
    version: VERSION,
    redisInfo: redis ? () => redis.client.info() : undefined,
  });
  // uploads registered by the migration get their size and hash once the server is up (kernel/files/file-check.ts)
  let fileCheck: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    fileCheck = completeFileRegister(db, kernel.files, app.log).catch((e) => app.log.error(e, 'file register check'));
  });
  app.addHook('onClose', async () => {
    await fileCheck;
    // queued log rows are written while the database is still open
    await monitor.stop();
    await scheduler.stop();
    await retention.stop();
    await logs.close();
    await lease.release().catch(() => undefined);
    await cache.close().catch(() => undefined);
    await closeDb();
  });
  // while closing, answers end their connection: a keep-alive socket left idle after close began would
  // otherwise hold the shutdown until its timeout
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  registerSecurityHeaders(app, { hsts: config.trustProxy, streamSources: config.liveStreamSources });
  // browsers of other origins only where configured: a page elsewhere must not read this API's answers
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: false,
    exposedHeaders: ['access-token', 'x-access-token', 'Content-Disposition', 'x-request-id'],
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client } : {}),
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error('rate limited'), { statusCode: 429, retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
  });
  // uploads: one file per request, at most 10 MB (docs/api-contract.md#paging-export-import-upload); over the limit answers 413
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
    // names as the client sent them: the file service refuses a name with a path rather than silently cutting it
    preservePath: true,
    throwFileSizeLimit: true,
  });
  // JSON, and url-encoded forms for the API docs sign-in; anything else (text/plain included) is 415
  app.removeContentTypeParser('text/plain');
  // JSON bodies: nesting depth and value count checked before parsing, on every route
  registerJsonBodyParser(app);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.setErrorHandler((error, req, reply) => sendError(error as Error, req, reply));
  registerLogHooks(app, logs);

  const realtime = createRealtime(app, kernel);
  // the job dashboard hears of firings starting and ending in its tenant
  onFiring = (e) => realtime.emit(rooms.tenant(e.tenantId), 'jobFiring', e);
  // open sockets would hold the server's close: they are ended first
  app.addHook('preClose', async () => realtime.close());
  const auth = registerAuthRoutes(app, kernel, realtime);
  registerConfigRoutes(app, kernel);
  registerConstRoutes(app, kernel);
  registerDictRoutes(app, kernel);
  registerLogRoutes(app, kernel);
  registerMenuRoutes(app, kernel);
  registerNoticeRoutes(app, kernel, realtime);
  registerOnlineUserRoutes(app, kernel, realtime);
  registerTenantRoutes(app, kernel, realtime);
  registerUserRoutes(app, kernel, realtime);
  registerHomeRoutes(app, kernel, VERSION);
  registerRoleRoutes(app, kernel);
  registerOrgRoutes(app, kernel);
  registerPosRoutes(app, kernel);
  registerRegionRoutes(app, kernel);
  registerTemplateRoutes(app, kernel);
  registerWarehouseRoutes(app, kernel);
  registerAreaRoutes(app, kernel);
  registerLiveViewRoutes(app, kernel);
  registerLocationRoutes(app, kernel);
  registerLocationLabelRoutes(app, kernel);
  registerConsignorRoutes(app, kernel);
  registerSkuRoutes(app, kernel);
  registerSnapshotRoutes(app, kernel);
  registerPickRecordRoutes(app, kernel);
  registerItemRoutes(app, kernel, realtime);
  registerScanRoutes(app, kernel, realtime);
  registerTaskRoutes(app, kernel);
  registerSubTaskRoutes(app, kernel);
  registerReviewTaskRoutes(app, kernel);
  registerAuditRoutes(app, kernel);
  registerPeopleRoutes(app, kernel);
  registerPlannerRoutes(app, kernel);
  registerOverviewRoutes(app, kernel);
  registerStatsRoutes(app, kernel);
  registerServerRoutes(app, kernel, monitor);
  registerCacheRoutes(app, kernel);
  registerJobRoutes(app, kernel);
  registerFileRoutes(app, kernel);
  await registerSwaggerRoutes(app, kernel, auth, VERSION);
  registerUpdateRoutes(app, kernel, { version: VERSION, onRestart: options.onRestart });
  registerHealthRoutes(app, { maintenance: kernel.maintenance, perMinute: config.rateLimits.public });

  // anyone may ask whether the server is up; what runs (version, node, database kind) is for the platform's admins
  app.get('/health', async (req, reply) => {
    const ctx = await buildContext(kernel, req, reply, HEALTH);
    const platformAdmin =
      ctx.isSuperAdmin || (ctx.accountType === AccountType.sysAdmin && ctx.tenantId === DEFAULT_TENANT_ID);
    return platformAdmin ? { status: 'ok', version: VERSION, node: lease.node, dialect } : { status: 'ok' };
  });

  const indexFile = join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // hashed assets may be cached; the page that names them must be fetched fresh after every release
      setHeaders: (res, path) => {
        // the service worker too: a browser checks it for updates, and must see a new release's file list
        if (path.endsWith('.html') || path.endsWith('/sw.js')) res.header('cache-control', 'no-cache');
        // files under assets/ are named by their content's hash: a changed file is a new name
        else if (path.startsWith(join(config.webDist, 'assets'))) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasWeb) {
      return sendError(new AppError('routeNotFound', { path: req.url.split('?')[0]?.slice(0, 200) ?? '' }), req, reply);
    }
    // client-side routes: the single-page app decides what to show (including its own not-found page)
    // `cacheControl: false`: the static plugin's max-age would otherwise replace no-cache, and a stale index.html
    // points at asset files a new release has removed
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
  });

  if (options.jobs?.builtIns !== false) await ensureBuiltInJobs(db, registry);
  await scheduler.start();
  return { app, kernel, realtime, seed };
}
