// `npm run bench:directus -w bench`: the storage location list beside Directus 11.3.5 on the same data. Our server
// makes a warehouse of 200,000 locations (and a second tenant's 50,000 beside them); Directus, installed by this
// script from the npm registry into a temporary folder, serves a copy of the same SQLite file, with a tenant row
// filter as the equivalent of our isolation. Four pages a user opens are measured on both servers in alternating
// rounds: the first page, a code-prefix page, page 500 and the first page with its exact total, printing requests
// per second, p50, p99 and server CPU per request, and the ratio; then our pages beside the raw SQL they run.
// Figures are printed; nothing here passes or fails a build. See docs/testing.md#benchmarks.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { BENCH_PASSWORD, median, startBenchServer } from './bench-server';
import { besideSql, besideSqlReport } from './beside-sql';

const DIRECTUS_VERSION = '11.3.5';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Where Directus is installed (kept between runs with `BENCH_DIRECTUS_DIR`, otherwise a temporary folder). */
const directusDir = process.env.BENCH_DIRECTUS_DIR ?? join(tmpdir(), `shelfwise-directus-${DIRECTUS_VERSION}`);
const DIRECTUS_PORT = 18055;
const OTHER_TENANT = 999_001;

/** Installs Directus from the npm registry into its folder, unless it is there already. */
function installDirectus() {
  if (existsSync(join(directusDir, 'node_modules/directus/cli.js'))) return;
  mkdirSync(directusDir, { recursive: true });
  writeFileSync(join(directusDir, 'package.json'), JSON.stringify({ name: 'directus-bench', private: true }));
  console.log(`installing directus@${DIRECTUS_VERSION} into ${directusDir} (a few minutes the first time) ...`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `directus@${DIRECTUS_VERSION}`], {
    cwd: directusDir,
    stdio: 'inherit',
  });
}

/** CPU time (user + system) of a process so far, in microseconds, from /proc (Linux). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / 100;
}

/** Starts Directus on `dbFile` (bootstrapping its own tables the first time) and answers its process and a token. */
async function startDirectus(dbFile: string): Promise<{ child: ChildProcess; token: string }> {
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(DIRECTUS_PORT),
    PUBLIC_URL: `http://127.0.0.1:${DIRECTUS_PORT}`,
    DB_CLIENT: 'sqlite3',
    DB_FILENAME: dbFile,
    KEY: 'bench-key',
    SECRET: 'bench-secret-of-a-throwaway-benchmark-server',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: BENCH_PASSWORD,
    ACCESS_TOKEN_TTL: '1d',
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    TELEMETRY: 'false',
    LOG_LEVEL: 'warn',
    WEBSOCKETS_ENABLED: 'false',
  };
  const cli = join(directusDir, 'node_modules/directus/cli.js');
  execFileSync(process.execPath, [cli, 'bootstrap'], { cwd: directusDir, env, stdio: 'ignore' });
  const child = spawn(process.execPath, [cli, 'start'], { cwd: directusDir, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (b: Buffer) => {
    err += b.toString();
  });
  const base = `http://127.0.0.1:${DIRECTUS_PORT}`;
  for (let i = 0; i < 240; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const res = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: BENCH_PASSWORD }),
    }).catch(() => undefined);
    if (res?.ok) {
      const body = (await res.json()) as { data: { access_token: string } };
      return { child, token: body.data.access_token };
    }
  }
  child.kill();
  throw new Error(`Directus did not start:\n${err}`);
}

/** A measured page: requests per second, latency and server CPU per request of one autocannon run. */
interface Run {
  rps: number;
  p50: number;
  p99: number;
  cpuUs: number;
  bad: number;
}

async function measure(opts: autocannon.Options, cpu: () => Promise<number>): Promise<Run> {
  const before = await cpu();
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
  const used = (await cpu()) - before;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs: used / (r.requests.total || 1),
    bad: r.non2xx + r.errors + r.timeouts,
  };
}

const med = (runs: Run[], k: keyof Run) => median(runs.map((r) => r[k]));

installDirectus();
const server = await startBenchServer('directus');
const { call, ask, stop } = server;
let directus: ChildProcess | undefined;
const work = join(tmpdir(), `shelfwise-directus-data-${process.pid}`);
try {
  const { accessToken: token } = await call<{ accessToken: string }>('/api/sysAuth/login', {
    account: 'admin',
    password: BENCH_PASSWORD,
  });
  const orgs = await call<{ id: number }[]>('/api/sysOrg/list', undefined, token);
  const warehouseId = await call<number>(
    '/api/warehouseInfo/add',
    {
      code: 'BENCH',
      name: 'Benchmark warehouse',
      orgId: orgs[0]?.id,
      address1: '1 Bench Road',
      contactName: 'Bench',
      contactPhone: '+1 555 0100',
    },
    token,
  );
  const areaId = await call<number>('/api/warehouseArea/add', { warehouseId, code: 'Z1', name: 'Zone 1' }, token);
  // 20 aisles x 50 bays x 5 levels x 40 slots = 200,000 locations
  await call(
    '/api/warehouseLocation/generate',
    {
      areaId,
      aisles: { from: 'A', to: 'T' },
      bays: { from: '1', to: '50' },
      levels: { from: '1', to: '5' },
      slots: { from: '1', to: '40' },
      preview: false,
    },
    token,
  );
  // a second tenant's 50,000 locations in the same table, so that both servers must filter by tenant
  const dbFile = join(server.dataDir, 'shelfwise.db');
  {
    const db = new Database(dbFile);
    db.exec(`create temp table other as select * from wh_location where code < 'F';
      update other set id = id + 1000000000000000, tenant_id = ${OTHER_TENANT};
      insert into wh_location select * from other;`);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
  const tenantId = (
    new Database(dbFile, { readonly: true })
      .prepare('select tenant_id from wh_warehouse where id = ?')
      .get(warehouseId) as { tenant_id: number }
  ).tenant_id;
  mkdirSync(work, { recursive: true });
  const copy = join(work, 'directus.db');
  copyFileSync(dbFile, copy);
  const started = await startDirectus(copy);
  directus = started.child;
  const dToken = started.token;
  const directusPid = directus.pid as number;

  // page 500 of ours the way the list reaches it: by cursor from page 499 (walked once here), and by number
  let cursor: string | undefined;
  for (let page = 1; page < 500; page++) {
    const res = await call<{ nextCursor?: string | null }>(
      '/api/warehouseLocation/page',
      { warehouseId, page, pageSize: 20, cursor },
      token,
    );
    cursor = res.nextCursor ?? undefined;
  }
  const pages = [
    { name: 'first page', ours: { warehouseId, page: 1, pageSize: 20 }, theirs: 'page=1' },
    {
      name: 'code prefix K-2, page 3',
      ours: { warehouseId, code: 'K-2', page: 3, pageSize: 20 },
      theirs: 'filter[code][_starts_with]=K-2&page=3',
    },
    { name: 'page 500 (by cursor)', ours: { warehouseId, page: 500, pageSize: 20, cursor }, theirs: 'page=500' },
    { name: 'page 500 (by number)', ours: { warehouseId, page: 500, pageSize: 20 }, theirs: 'page=500' },
    {
      name: 'first page with exact total',
      ours: { warehouseId, page: 1, pageSize: 20, exactTotal: true },
      theirs: 'page=1&meta=filter_count',
    },
  ];
  const ourCpu = async () => ((await ask({ type: 'cpu' })) as unknown as { micros: number }).micros;
  const theirCpu = async () => cpuMicros(directusPid);
  console.log(`\nShelfwise beside Directus ${DIRECTUS_VERSION}; node ${process.version}; SQLite, same data`);
  console.log(
    `200,000 locations of one warehouse, 50,000 of another tenant; ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s, medians\n`,
  );
  console.log(
    `${'page'.padEnd(30)}${'server'.padEnd(11)}${'req/s'.padStart(7)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU us/req'.padStart(12)}`,
  );
  for (const p of pages) {
    const ours: autocannon.Options = {
      url: `${server.base}/api/warehouseLocation/page`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(p.ours),
    };
    const theirs: autocannon.Options = {
      url: `http://127.0.0.1:${DIRECTUS_PORT}/items/wh_location?filter[tenant_id][_eq]=${tenantId}&filter[warehouse_id][_eq]=${warehouseId}&sort=code,id&limit=20&${p.theirs}`,
      headers: { authorization: `Bearer ${dToken}` },
    };
    // both answer the same rows
    const a = (await (
      await fetch(ours.url as string, {
        method: 'POST',
        headers: ours.headers as Record<string, string>,
        body: ours.body as string,
      })
    ).json()) as { result: { items: { code: string }[] } };
    const b = (await (
      await fetch(theirs.url as string, { headers: theirs.headers as Record<string, string> })
    ).json()) as { data: { code: string }[] };
    const same = JSON.stringify(a.result.items.map((r) => r.code)) === JSON.stringify(b.data.map((r) => r.code));
    await autocannon({ ...ours, connections: CONNECTIONS, duration: 1 });
    await autocannon({ ...theirs, connections: CONNECTIONS, duration: 1 });
    const us: Run[] = [];
    const them: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      us.push(await measure(ours, ourCpu));
      them.push(await measure(theirs, theirCpu));
    }
    const line = (server: string, runs: Run[]) =>
      `${''.padEnd(30)}${server.padEnd(11)}${med(runs, 'rps').toFixed(0).padStart(7)}${med(runs, 'p50').toFixed(0).padStart(8)}${med(runs, 'p99').toFixed(0).padStart(8)}${med(runs, 'cpuUs').toFixed(0).padStart(12)}${runs.some((r) => r.bad) ? '  (failed requests!)' : ''}`;
    console.log(`${p.name}${same ? '' : '  (the two answers differ!)'}`);
    console.log(line('Shelfwise', us));
    console.log(line('Directus', them));
    console.log(
      `${''.padEnd(30)}ratio: ${(med(us, 'rps') / med(them, 'rps')).toFixed(1)}x the requests per second, ${(med(them, 'cpuUs') / med(us, 'cpuUs')).toFixed(1)}x less CPU per request`,
    );
  }
  directus.kill();
  directus = undefined;

  console.log('\nour pages beside the raw SQL they run (same process):');
  for (const p of pages) {
    console.log(
      `\n${p.name}: POST /api/warehouseLocation/page ${JSON.stringify({ ...p.ours, cursor: p.ours.cursor ? '...' : undefined })}`,
    );
    const m = await besideSql(server, {
      token,
      path: '/api/warehouseLocation/page',
      body: p.ours,
      sqlMatch: /wh_location/,
      connections: CONNECTIONS,
      seconds: DURATION,
      rounds: ROUNDS,
      profileName: `directus-${p.name.replace(/\W+/g, '-')}`,
    });
    for (const l of besideSqlReport(m, { connections: CONNECTIONS, rounds: ROUNDS, seconds: DURATION })) console.log(l);
  }
} finally {
  directus?.kill();
  await stop();
  rmSync(work, { recursive: true, force: true });
}
