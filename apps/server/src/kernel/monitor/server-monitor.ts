import { type Kysely, sql } from 'kysely';
import type { Cache } from '../cache/cache';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { createSampler, type NodeSample, parseRedisInfo } from './sampler';

/** Where each node publishes its latest sample in the shared cache. */
export const NODE_SAMPLE_KEYS = 'monitor:node:';
/** Set while someone has the monitor open: nodes sample only then (nobody pays for samples nobody reads). */
export const WATCH_KEY = 'monitor:watched';
/** How long a look keeps every node sampling (the page asks again every few seconds while open). */
const WATCH_MS = 120_000;
/** A lease whose heartbeat is older than this is a dead node (kernel/db/node-lease.ts renews every 15 s). */
const LEASE_ALIVE_MS = 60_000;

/** What the monitor is built from. */
export interface ServerMonitorOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  cache: Cache;
  /** The node number this process leased. */
  node: number;
  version: string;
  /** Runs Redis `INFO` when REDIS_URL is set. */
  redisInfo?: () => Promise<string>;
  /** Milliseconds between samples (default 5 s). */
  intervalMs?: number;
}

/** The background sampler of this node and the reader of every node's samples. */
export interface ServerMonitor {
  /**
   * This node's latest sample; taken now only when the last one is stale (the first look after a quiet spell).
   * Every look keeps all nodes sampling for two minutes.
   */
  latest(): Promise<NodeSample>;
  /** Every node's latest sample (shared through the cache), and leased nodes whose sample is not there. */
  nodes(): Promise<{
    nodes: (NodeSample & { self: boolean })[];
    unseen: { node: number; host: string; heartbeat: number }[];
  }>;
  stop(): Promise<void>;
}

/** Database kind, version and size, per dialect. */
async function databaseFacts(db: Kysely<Database>, dialect: DialectName): Promise<NodeSample['database']> {
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0];
  if (dialect === 'sqlite') {
    const v = await one<{ v: string }>(sql`select sqlite_version() as v`);
    const s = await one<{ size: number }>(
      sql`select page_count * page_size as size from pragma_page_count(), pragma_page_size()`,
    );
    return { kind: 'SQLite', version: v?.v ?? '', size: s ? Number(s.size) : null };
  }
  if (dialect === 'postgres') {
    const v = await one<{ v: string }>(sql`select current_setting('server_version') as v`);
    const s = await one<{ size: string }>(sql`select pg_database_size(current_database()) as size`);
    return { kind: 'PostgreSQL', version: v?.v ?? '', size: s ? Number(s.size) : null };
  }
  const v = await one<{ v: string }>(sql`select version() as v`);
  const s = await one<{ size: string | null }>(
    sql`select coalesce(sum(data_length + index_length), 0) as size from information_schema.tables where table_schema = database()`,
  );
  const version = v?.v ?? '';
  return { kind: /mariadb/i.test(version) ? 'MariaDB' : 'MySQL', version, size: s ? Number(s.size) : null };
}

/**
 * Samples this node every few seconds in the background while the monitor is watched (`WATCH_KEY`, set by every
 * look for two minutes, in the shared cache so every node sees it) and publishes each sample in the cache for
 * `3 × interval` (Redis makes it every node's; the memory cache only this one's). Reading never waits for a
 * sample, except for the first look after a quiet spell.
 */
export function startServerMonitor(options: ServerMonitorOptions): ServerMonitor {
  const intervalMs = options.intervalMs ?? 5_000;
  const { cache, node } = options;
  const sampler = createSampler({
    node,
    version: options.version,
    database: () => databaseFacts(options.db, options.dialect),
    redis: options.redisInfo
      ? async () => parseRedisInfo(await (options.redisInfo as () => Promise<string>)())
      : undefined,
  });
  let last: NodeSample | undefined;
  let running: Promise<NodeSample> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let watchedUntil = 0;
  const freshMs = Math.max(3 * intervalMs, 15_000);

  const sample = () => {
    running ??= sampler
      .take()
      .then(async (s) => {
        last = s;
        await cache.set(NODE_SAMPLE_KEYS + node, s, freshMs).catch(() => undefined);
        return s;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const tick = () => {
    if (stopped) return;
    cache
      .get(WATCH_KEY)
      .then((watched) => (watched === undefined ? undefined : sample()))
      .catch(() => undefined)
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      });
  };
  tick();

  return {
    async latest() {
      const now = Date.now();
      // one write per half minute keeps the watch alive; the page asks far more often
      if (watchedUntil - now < WATCH_MS / 2) {
        watchedUntil = now + WATCH_MS;
        await cache.set(WATCH_KEY, 1, WATCH_MS).catch(() => undefined);
      }
      return last && now - last.sampledAt < freshMs ? last : await sample();
    },
    async nodes() {
      const own = await this.latest();
      const keys = (await cache.keys(NODE_SAMPLE_KEYS, 1000)).filter((k) => k !== NODE_SAMPLE_KEYS + node);
      const others = (await Promise.all(keys.map((k) => cache.get<NodeSample>(k)))).filter(
        (s): s is NodeSample => s !== undefined,
      );
      const nodes = [{ ...own, self: true }, ...others.map((s) => ({ ...s, self: false }))].sort(
        (a, b) => a.node - b.node,
      );
      const seen = new Set(nodes.map((n) => n.node));
      const leases = await options.db
        .selectFrom('sys_node')
        .select(['node_no', 'host', 'heartbeat_at'])
        .where('heartbeat_at', '>', Date.now() - LEASE_ALIVE_MS)
        .orderBy('node_no')
        .execute();
      const unseen = leases
        .filter((l) => !seen.has(Number(l.node_no)))
        .map((l) => ({ node: Number(l.node_no), host: l.host ?? '', heartbeat: Number(l.heartbeat_at) }));
      return { nodes, unseen };
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      sampler.stop();
      await cache.del(NODE_SAMPLE_KEYS + node).catch(() => undefined);
    },
  };
}
