import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { PrincipalService } from '../access/principal';
import type { TenantDirectory } from '../access/tenants';
import type { CaptchaService } from '../auth/captcha';
import type { LoginCipher } from '../auth/login-cipher';
import type { SessionService } from '../auth/session';
import type { SmsCodeService } from '../auth/sms';
import type { TokenService } from '../auth/tokens';
import type { Cache } from '../cache/cache';
import type { DialectName } from '../db/connect';
import type { IdGenerator } from '../db/ids';
import type { DatabaseMaintenance } from '../db/maintenance';
import type { Database } from '../db/schema';
import type { TenantDb, TenantOf } from '../db/tenant-db';
import type { FileLinks } from '../files/file-links';
import type { FileStore } from '../files/file-store';
import type { JobRegistry, Scheduler } from '../jobs';
import type { LogService } from '../logs';
import type { Settings } from '../settings/settings';

/** The shared services every module is built from (explicit dependencies, no container). */
export interface Kernel {
  config: AppConfig;
  /** The whole database: kernel code, tenant administration and the other named platform paths only. */
  db: Kysely<Database>;
  /** The database as one tenant sees it: every query scoped to the tenant (docs/tenancy-and-permissions.md). */
  tenantDb: (ctx: TenantOf) => TenantDb;
  dialect: DialectName;
  cache: Cache;
  ids: IdGenerator;
  tokens: TokenService;
  sessions: SessionService;
  principals: PrincipalService;
  tenants: TenantDirectory;
  settings: Settings;
  captcha: CaptchaService;
  /** SM2-encrypted sign-in passwords (Admin.NET clients), when switched on. */
  loginCipher: LoginCipher;
  sms: SmsCodeService;
  /** Where uploaded bytes live (local disk or S3); every stored file is also entered in `sys_file`. */
  files: FileStore;
  /** Signs and checks the short-lived download links of stored files. */
  fileLinks: FileLinks;
  log: FastifyBaseLogger;
  /** Visit, operation, exception and diff logs (written in batches, off the request path). */
  logs: LogService;
  /** Scheduled jobs: the handlers written in code, and this node's scheduler (docs/jobs.md). */
  jobs: { registry: JobRegistry; scheduler: Scheduler; node: number };
  /** The whole database's upkeep, bound: migrations, health checks, the SQLite online backup (updates page). */
  maintenance: DatabaseMaintenance;
}
