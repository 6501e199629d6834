import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import type { TenantDb } from '../db/tenant-db';

/** A title in the three languages of the product. */
export interface Titles {
  en: string;
  'zh-cn': string;
  'zh-tw': string;
}

/** What a handler is given for one firing. */
export interface JobContext {
  tenantId: number;
  jobId: number;
  firingId: number;
  /** The firing's scheduled time (epoch ms, database clock). */
  scheduledAt: number;
  /** 1 for the first run of a firing, 2 for its first retry, ... */
  attempt: number;
  /** The tenant's database (every query scoped to the tenant). */
  db: TenantDb;
  log: FastifyBaseLogger;
  /** The database clock, epoch ms. */
  now(): number;
}

/** What a platform handler is given besides: the whole database (its jobs live in the default tenant only). */
export interface PlatformJobContext extends JobContext {
  platformDb: Kysely<Database>;
}

interface HandlerBase<S extends z.ZodType> {
  /** Stable key stored in `sys_job.handler`. */
  key: string;
  title: Titles;
  description?: Titles;
  /** The parameters a job of this handler takes; checked when the job is saved and before each run. */
  params: S;
  /** A job created for it at start in the default tenant when missing (built-ins the platform always runs). */
  builtIn?: { code: string; name: string; cron: string; params?: z.input<S> };
}

/** A job handler written in code (never code typed in the UI, docs/jobs.md). */
export type JobHandler<S extends z.ZodType = z.ZodType> =
  | (HandlerBase<S> & {
      scope: 'tenant';
      /** Runs one firing; honours `signal` (cancel) and returns a short summary of what it did. */
      run(ctx: JobContext, params: z.output<S>, signal: AbortSignal): Promise<unknown>;
    })
  | (HandlerBase<S> & {
      /** Jobs of it belong to the default tenant (the platform) only. */
      scope: 'platform';
      run(ctx: PlatformJobContext, params: z.output<S>, signal: AbortSignal): Promise<unknown>;
    });

/** The handlers a server knows, by key. */
export interface JobRegistry {
  register<S extends z.ZodType>(handler: JobHandler<S>): void;
  get(key: string): JobHandler | undefined;
  all(): JobHandler[];
}

/** Typed helper: a handler whose `run` sees its own parameter type. */
export function defineJobHandler<S extends z.ZodType>(handler: JobHandler<S>): JobHandler<S> {
  return handler;
}

export function createJobRegistry(): JobRegistry {
  const byKey = new Map<string, JobHandler>();
  return {
    register(handler) {
      if (byKey.has(handler.key)) throw new Error(`job handler ${handler.key} registered twice`);
      byKey.set(handler.key, handler as unknown as JobHandler);
    },
    get: (key) => byKey.get(key),
    all: () => [...byKey.values()],
  };
}
