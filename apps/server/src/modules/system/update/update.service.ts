import type { api, OutputOf } from '@shelfwise/contract';
import type { DialectName } from '../../../kernel/db/connect';
import type { Kernel } from '../../../kernel/http/kernel';
import type { BuildFacts } from '../home';
import { createChangelog } from './changelog';

type TimeFormatter = (ms: number | null | undefined) => string | null;
type Version = OutputOf<typeof api.sysUpdate.version>;
type Health = OutputOf<typeof api.sysUpdate.health>;

const startedAt = Math.round(performance.timeOrigin);

/**
 * The commands of PostgreSQL's and MySQL's own tools for this server's database: host, port, user and database
 * name from DATABASE_URL, never the password (the tools ask for it, or read PGPASSWORD / ~/.pgpass / ~/.my.cnf).
 */
export function databaseToolCommands(dialect: DialectName, databaseUrl: string): Version['databaseTools'] {
  if (dialect === 'sqlite') return null;
  let url: URL;
  try {
    url = new URL(databaseUrl.replace(/^mariadb:/i, 'mysql:'));
  } catch {
    return null;
  }
  const quote = (v: string) => (/^[\w.@:-]+$/.test(v) ? v : `'${v.replaceAll("'", "'\\''")}'`);
  const host = quote(url.hostname || 'localhost');
  const user = quote(decodeURIComponent(url.username || (dialect === 'postgres' ? 'postgres' : 'root')));
  const name = quote(decodeURIComponent(url.pathname.replace(/^\//, '')) || 'shelfwise');
  if (dialect === 'postgres') {
    const port = url.port || '5432';
    const conn = `--host=${host} --port=${port} --username=${user}`;
    return {
      backup: `pg_dump ${conn} --format=custom --file=shelfwise-$(date +%Y%m%d-%H%M%S).dump ${name}`,
      restore: `pg_restore ${conn} --clean --if-exists --no-owner --single-transaction --dbname=${name} shelfwise-YYYYMMDD-HHMMSS.dump`,
    };
  }
  const port = url.port || '3306';
  const conn = `--host=${host} --port=${port} --user=${user} --password`;
  return {
    backup: `mysqldump ${conn} --single-transaction --routines --triggers --default-character-set=utf8mb4 ${name} > shelfwise-$(date +%Y%m%d-%H%M%S).sql`,
    restore: `mysql ${conn} --default-character-set=utf8mb4 ${name} < shelfwise-YYYYMMDD-HHMMSS.sql`,
  };
}

/** Version, changelog, migrations and health of the running server (`sysUpdate`). */
export function createUpdateService(kernel: Kernel, buildFacts: () => BuildFacts, version: string) {
  const changelog = createChangelog();
  const m = kernel.maintenance;

  return {
    async version(time: TimeFormatter): Promise<Version> {
      const facts = buildFacts();
      return {
        product: 'Shelfwise',
        version,
        commit: facts.commit,
        commitTime: time(facts.commitTime),
        commitMessage: facts.commitMessage,
        branch: facts.branch,
        dirty: facts.dirty,
        buildTime: time(facts.buildTime),
        source: facts.source,
        node: process.version,
        database: kernel.dialect,
        startTime: time(startedAt) as string,
        uptime: Math.round(process.uptime()),
        databaseVersion: await m.version().catch(() => null),
        databaseSize: m.size(),
        backupSupported: m.sqliteFile !== null,
        databaseTools: databaseToolCommands(kernel.dialect, kernel.config.databaseUrl),
      };
    },

    changelog: () => changelog(),

    async migrationList(time: TimeFormatter) {
      const rows = await m.migrations();
      const items = rows.map((r) => ({
        name: r.name,
        executedAt: r.executedAt ? time(r.executedAt.getTime()) : null,
        status: !r.known ? ('unknown' as const) : r.executedAt ? ('applied' as const) : ('pending' as const),
      }));
      const count = (s: string) => items.filter((i) => i.status === s).length;
      return {
        total: items.length,
        applied: count('applied'),
        pending: count('pending'),
        unknown: count('unknown'),
        items,
      };
    },

    async health(): Promise<Health> {
      const checks: Health['checks'] = await m.checks();
      const disk = m.disk();
      // below 1 GB or 5 % free, whichever is smaller, the disk is a warning: backups and logs fill it
      if (disk) {
        const low = Math.min(1024 ** 3, disk.total * 0.05);
        checks.push({ name: 'disk', ok: disk.free >= low, ms: 0, detail: `${disk.free}` });
      }
      const down = checks.some((c) => !c.ok && (c.name === 'database' || c.name === 'migrations'));
      const status = down ? 'down' : checks.every((c) => c.ok) ? 'ok' : 'degraded';
      return { status, checks, diskFree: disk?.free ?? null, diskTotal: disk?.total ?? null };
    },
  };
}
