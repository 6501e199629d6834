import { AccountType, type Endpoint, type OutputOf, Status, YesNo } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { type BuiltApp, buildApp } from '../app';
import type { AppConfig } from '../config';
import { hashPassword } from '../kernel/auth/password';
import type { SmsProvider } from '../kernel/auth/sms';
import { type DialectName, openDatabase, type QueryEvent } from '../kernel/db/connect';
import { seedId } from '../kernel/db/ids';
import type { Kernel } from '../kernel/http/kernel';
import { configSeed, type SeedReport } from '../modules/system/seed';
import {
  copyTemplateDatabase,
  createTestDatabase,
  dialectsUnderTest,
  reportSkippedDialects,
  type TestDatabase,
} from './databases';
import { type SeedOptions, TEST_PASSWORD, testConfig } from './test-config';

export { TEST_PASSWORD };
/** The default tenant's id. */
export const DEFAULT_TENANT = seedId('tenant.default');

/** One response of the API, with the wrapper checked and (on success) the result parsed by the contract. */
export interface Called<E extends Endpoint> {
  status: number;
  body: { code: number; type: string; message: string; result: unknown; extras: { errorCode?: string } | null };
  result: OutputOf<E>;
  headers: Record<string, string | string[] | number | undefined>;
}

/** Options of one call. */
export interface CallOptions {
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  rawBody?: string;
  contentType?: string;
}

/** A running app on a fresh database, with helpers to call it as users would. */
export interface TestApp {
  dialect: DialectName;
  app: FastifyInstance;
  kernel: Kernel;
  seed: SeedReport;
  /** SMS codes sent, by phone. */
  sms: Map<string, string>;
  call<E extends Endpoint>(endpoint: E, input?: unknown, options?: CallOptions): Promise<Called<E>>;
  login(account: string, password?: string, tenantId?: number): Promise<{ accessToken: string; refreshToken: string }>;
  /** Sets a parameter directly (and drops the cached settings). */
  setConfig(code: string, value: string): Promise<void>;
  createTenant(name: string): Promise<{ tenantId: number; adminAccount: string; token: string }>;
  /** A normal user whose only role grants exactly these permission codes. */
  createUser(options: {
    tenantId?: number;
    account: string;
    permissions?: string[];
    accountType?: number;
    phone?: string;
    status?: number;
    /** The user's organisation (default: none). */
    orgId?: number;
    /** Data scope of the user's role (default: own records); custom scopes name `customOrgIds`. */
    dataScope?: number;
    customOrgIds?: number[];
  }): Promise<{ id: number; account: string; password: string; roleId: number }>;
  close(): Promise<void>;
}

/** Starts an app on a new database of the dialect; captcha off unless asked. */
export async function startTestApp(
  dialect: DialectName,
  options: {
    captcha?: boolean;
    /** Seed the shipped regions (off by default: ~0.3 s per database, see region.seed.ts). */
    regions?: boolean;
    rateLimits?: Partial<AppConfig['rateLimits']>;
    /** Reuse a database (a second node); the first app that was given it does not drop it. */
    db?: TestDatabase;
    redisUrl?: string;
    /** CORS_ORIGINS of the app (default: same origin only). */
    corsOrigins?: string;
    /** Registers extra routes (tests of the route table itself) before the app is ready. */
    beforeReady?: (app: FastifyInstance, kernel: Kernel) => void;
    /** Told of every statement the app runs (the query-plan test). */
    onQuery?: (event: QueryEvent) => void;
  } = {},
): Promise<TestApp> {
  const db = options.db ?? (await databaseFor(dialect, options));
  const config = testConfig(db, options);
  config.rateLimits = { login: 10_000, captcha: 10_000, sms: 10_000, public: 10_000, ...options.rateLimits };
  const sms = new Map<string, string>();
  const provider: SmsProvider = {
    name: 'test',
    async send(phone, _text, code) {
      sms.set(phone, code);
    },
  };
  let built: BuiltApp;
  try {
    built = await buildApp({ config, smsProvider: provider, logger: false, onQuery: options.onQuery });
  } catch (e) {
    if (!options.db) await db.drop();
    throw e;
  }
  const { app, kernel } = built;
  // on a copy of the template, this start's seed found what the template's had written: together they are what a
  // fresh start would have reported
  const seed = db.seed && !options.db ? addReports(db.seed, built.seed) : built.seed;
  options.beforeReady?.(app, kernel);
  await app.ready();

  const call = async <E extends Endpoint>(endpoint: E, input?: unknown, o: CallOptions = {}): Promise<Called<E>> => {
    let url = endpoint.path;
    const query: Record<string, string> = { ...(o.query ?? {}) };
    let sent = input;
    if (input && typeof input === 'object' && !Array.isArray(input)) {
      const rest: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
        if (url.includes(`{${k}}`)) url = url.replace(`{${k}}`, encodeURIComponent(String(v)));
        else if (endpoint.method === 'GET') {
          if (v !== undefined) query[k] = String(v);
        } else rest[k] = v;
      }
      // a POST's path parameters go in its path, the rest in its body
      if (endpoint.method === 'POST' && endpoint.path.includes('{')) sent = rest;
    }
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.lang) headers['accept-language'] = o.lang;
    let payload: string | undefined;
    if (endpoint.method === 'POST') {
      payload = o.rawBody ?? (sent === undefined ? undefined : JSON.stringify(sent));
      if (payload !== undefined) headers['content-type'] = o.contentType ?? 'application/json';
    }
    const res = await app.inject({ method: endpoint.method, url, query, headers, payload });
    let body: Called<E>['body'] = { code: res.statusCode, type: '', message: '', result: null, extras: null };
    if (endpoint.response !== 'file' && res.body && res.headers['content-type']?.toString().includes('json')) {
      body = res.json();
      expect(body.code).toBe(res.statusCode);
      expect(body.type).toBe(res.statusCode === 200 ? 'success' : 'error');
    }
    let result = body.result as OutputOf<E>;
    if (res.statusCode === 200 && endpoint.response === 'json') {
      const parsed = endpoint.output.safeParse(body.result);
      if (!parsed.success)
        throw new Error(`${endpoint.path} result does not match its contract: ${parsed.error.message}`);
      result = parsed.data as OutputOf<E>;
    }
    return { status: res.statusCode, body, result, headers: res.headers };
  };

  const t: TestApp = {
    dialect,
    app,
    kernel,
    seed,
    sms,
    call,
    async login(account, password = TEST_PASSWORD, tenantId) {
      const { api } = await import('@shelfwise/contract');
      const res = await call(api.sysAuth.login, { account, password, tenantId });
      if (res.status !== 200) throw new Error(`login ${account} failed: ${res.status} ${res.body.message}`);
      return res.result as { accessToken: string; refreshToken: string };
    },
    async setConfig(code, value) {
      await kernel.db.updateTable('sys_config').set({ value }).where('code', '=', code).execute();
      await kernel.settings.invalidate();
    },
    async createTenant(name) {
      const now = Date.now();
      const tenantId = kernel.ids.next();
      const orgId = kernel.ids.next();
      const userId = kernel.ids.next();
      const audit = { created_at: now, created_by: null, updated_at: null, updated_by: null };
      await kernel.db
        .insertInto('sys_tenant')
        .values({
          id: tenantId,
          name,
          host: null,
          status: Status.enabled,
          time_zone: 'Asia/Shanghai',
          logo: null,
          title: `${name} WMS`,
          vice_title: null,
          vice_desc: null,
          icp: null,
          icp_url: null,
          watermark: name,
          copyright: null,
          enable_reg: YesNo.no,
          reg_way_id: null,
          order_no: 100,
          remark: null,
          ...audit,
        })
        .execute();
      await kernel.db
        .insertInto('sys_org')
        .values({
          id: orgId,
          tenant_id: tenantId,
          pid: 0,
          code: 'ROOT',
          name,
          type: 1,
          director_id: null,
          order_no: 1,
          status: 1,
          remark: null,
          ...audit,
        })
        .execute();
      const menus = await kernel.db.selectFrom('sys_menu').select('id').execute();
      for (let i = 0; i < menus.length; i += 200) {
        await kernel.db
          .insertInto('sys_tenant_menu')
          .values(menus.slice(i, i + 200).map((m) => ({ tenant_id: tenantId, menu_id: m.id })))
          .execute();
      }
      const adminAccount = 'admin';
      await insertUser(kernel, {
        id: userId,
        tenantId,
        account: adminAccount,
        accountType: AccountType.sysAdmin,
        orgId,
        hash: await hashPassword(TEST_PASSWORD),
      });
      const { accessToken } = await t.login(adminAccount, TEST_PASSWORD, tenantId);
      return { tenantId, adminAccount, token: accessToken };
    },
    async createUser(o) {
      const tenantId = o.tenantId ?? DEFAULT_TENANT;
      const password = `${o.account}-Pw-1234`;
      const id = kernel.ids.next();
      const roleId = kernel.ids.next();
      const now = Date.now();
      await insertUser(kernel, {
        id,
        tenantId,
        account: o.account,
        accountType: o.accountType ?? AccountType.normalUser,
        orgId: o.orgId ?? null,
        hash: await hashPassword(password),
        phone: o.phone,
        status: o.status,
      });
      await kernel.db
        .insertInto('sys_role')
        .values({
          id: roleId,
          tenant_id: tenantId,
          code: `r_${o.account}`,
          name: `Role of ${o.account}`,
          data_scope: o.dataScope ?? 4,
          order_no: 1,
          status: 1,
          remark: null,
          created_at: now,
          created_by: null,
          updated_at: null,
          updated_by: null,
        })
        .execute();
      await kernel.db
        .insertInto('sys_user_role')
        .values({ tenant_id: tenantId, user_id: id, role_id: roleId })
        .execute();
      const perms = o.permissions ?? [];
      const menus = perms.length
        ? await kernel.db.selectFrom('sys_menu').select('id').where('permission', 'in', perms).execute()
        : [];
      if (menus.length) {
        await kernel.db
          .insertInto('sys_role_menu')
          .values(menus.map((m) => ({ tenant_id: tenantId, role_id: roleId, menu_id: m.id })))
          .execute();
      }
      if (o.customOrgIds?.length) {
        await kernel.db
          .insertInto('sys_role_org')
          .values(o.customOrgIds.map((org_id) => ({ tenant_id: tenantId, role_id: roleId, org_id })))
          .execute();
      }
      await kernel.principals.invalidateAll();
      return { id, account: o.account, password, roleId };
    },
    async close() {
      await app.close();
      if (options.db) return;
      // a copy of the template is dropped while the next file runs; the end of the run drops any left
      if (db.seed) dropLater(db);
      else await db.drop();
    },
  };
  return t;
}

/**
 * The database of a new test app: a copy of the run's template of the dialect when the global setup made one (the
 * database suites), else an empty one that the app's start migrates and seeds.
 */
async function databaseFor(dialect: DialectName, options: SeedOptions): Promise<TestDatabase> {
  const template = inject('shelfwiseTemplates')?.find((t) => t.dialect === dialect);
  if (!template) return createTestDatabase(dialect);
  const db = await copyTemplateDatabase(template);
  // the template was seeded with the captcha off; with it on, a first seed differs only in the parameters it sets
  // (the shipped regions need nothing here: the start's own seed adds them to the copy as it would to a fresh one)
  if (options.captcha) {
    const off = configSeed(false);
    const changed = configSeed(true).filter((c, i) => c.value !== off[i]?.value);
    const { db: kysely, close } = openDatabase(db.url);
    try {
      for (const c of changed) {
        await kysely.updateTable('sys_config').set({ value: c.value }).where('code', '=', c.code).execute();
      }
    } finally {
      await close();
    }
  }
  return db;
}

/** Drops a test database without waiting for it (dropping a PostgreSQL or MariaDB database takes a second or two). */
function dropLater(db: TestDatabase): void {
  db.drop().catch(() => undefined);
}

/** Two seed reports added up: what one run would have reported for what both inserted. */
function addReports(first: SeedReport, second: SeedReport): SeedReport {
  const inserted = { ...first.inserted };
  for (const [k, n] of Object.entries(second.inserted)) inserted[k] = (inserted[k] ?? 0) + n;
  const generatedPasswords = first.generatedPasswords ?? second.generatedPasswords;
  return generatedPasswords ? { generatedPasswords, inserted } : { inserted };
}

async function insertUser(
  kernel: Kernel,
  u: {
    id: number;
    tenantId: number;
    account: string;
    accountType: number;
    orgId: number | null;
    hash: string;
    phone?: string;
    status?: number;
  },
) {
  await kernel.db
    .insertInto('sys_user')
    .values({
      id: u.id,
      tenant_id: u.tenantId,
      account: u.account,
      password_hash: u.hash,
      real_name: u.account,
      nick_name: null,
      phone: u.phone ?? null,
      id_card_num: null,
      email: null,
      account_type: u.accountType,
      avatar: null,
      address: null,
      signature: null,
      org_id: u.orgId,
      pos_id: null,
      status: u.status ?? Status.enabled,
      failed_count: 0,
      locked_until: null,
      last_login_at: null,
      last_login_ip: null,
      order_no: 1,
      remark: null,
      created_at: Date.now(),
      created_by: null,
      updated_at: null,
      updated_by: null,
    })
    .execute();
}

/**
 * Starts an app of the dialect for the enclosing `describe` (before its tests) and closes it after them.
 * The returned getter reads the app inside tests.
 */
export function useTestApp(dialect: DialectName, options: Parameters<typeof startTestApp>[1] = {}): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp(dialect, options);
  });
  afterAll(async () => {
    await t?.close();
  });
  return () => {
    if (!t) throw new Error('test app not started');
    return t;
  };
}

/**
 * Runs a suite once per dialect under test, each on its own fresh database and app.
 * `get()` returns the app inside tests.
 */
export function describeEachDialect(
  name: string,
  suite: (get: () => TestApp) => void,
  options: Parameters<typeof startTestApp>[1] = {},
): void {
  reportSkippedDialects();
  for (const dialect of dialectsUnderTest()) {
    describe(`${name} [${dialect}]`, () => {
      suite(useTestApp(dialect, options));
    });
  }
}
