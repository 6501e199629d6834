// `npm run bench` (statistics part): the scan summary, picking statistics and location overview (issue 7) on a
// warehouse of 200,000 locations in 10 areas with a count task of 1,000,000 lines, in one server process on the
// embedded default (or BENCH_DATABASE_URL). Scans go through the scan API (`inventoryScan/sync`, several counters,
// some undone); pick records through the CSV import. At 10 connections with a real token, each endpoint is measured
// after one cold computation (printed: the figures of a filter set are computed by aggregate SQL once, then reused
// for 30 s while pages are turned and sorted). Target: p99 under 200 ms each.
// Size: BENCH_AISLES (20), BENCH_BAYS (50), BENCH_LEVELS (5), BENCH_SLOTS (40), BENCH_AREAS (10), BENCH_SKUS (2,000),
// BENCH_SNAPSHOT_ROWS (5 per location), BENCH_SCANS (100,000), BENCH_COUNTERS (8), BENCH_PICKS (1,000,000, imported
// in files of 100,000 rows, the import's limit).
// Figures are printed; nothing here passes or fails a build.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_PASSWORD, median, startBenchServer } from './bench-server';
import { createBigWarehouse, snapshotLine, uploadCsv, type WarehouseShape, writeSnapshotCsv } from './big-warehouse';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CONNECTIONS = env('BENCH_CONNECTIONS', 10);
const DURATION = env('BENCH_SECONDS', 6);
const ROUNDS = env('BENCH_ROUNDS', 3);
const TARGET_P99 = 200;
const shape: WarehouseShape = {
  aisles: env('BENCH_AISLES', 20),
  bays: env('BENCH_BAYS', 50),
  levels: env('BENCH_LEVELS', 5),
  slots: env('BENCH_SLOTS', 40),
  areas: env('BENCH_AREAS', 10),
  skus: env('BENCH_SKUS', 2000),
};
const LOCATIONS = shape.aisles * shape.bays * shape.levels * shape.slots;
const ROWS = env('BENCH_SNAPSHOT_ROWS', LOCATIONS * 5);
const SCANS = env('BENCH_SCANS', 100_000);
const COUNTERS = Math.max(1, env('BENCH_COUNTERS', 8));
const PICKS = env('BENCH_PICKS', 1_000_000);
const db = process.env.BENCH_DATABASE_URL ?? '';
const { base, dataDir, call, stop } = await startBenchServer('statistics');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Rows one pick import takes (the import refuses larger files). */
const PICK_FILE_ROWS = 100_000;

/**
 * Writes a pick CSV: picks `from` .. `from + rows` over the locations with a steep skew (a few locations take most
 * picks), over the last 30 days.
 */
async function writePickCsv(path: string, from: number, rows: number, locations: string[], skus: string[]) {
  const out = createWriteStream(path);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write('Location code,SKU code,Consignor code,Quantity,Picked at,Order ref\n');
  const day0 = Date.now() - 30 * 86_400_000;
  let chunk = '';
  let seed = 12345 + from;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = from; i < from + rows; i++) {
    const k = Math.floor(locations.length * random() ** 4);
    const line = snapshotLine(5 * k, locations, skus);
    const at = new Date(day0 + Math.floor(random() * 30 * 86_400_000)).toISOString();
    chunk += `${line.location},${line.sku},BC1,${1 + (i % 5)},${at.slice(0, 10)} ${at.slice(11, 19)},SO${i}\n`;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  await new Promise<void>((r) => out.end(r));
}

try {
  const { accessToken: token } = await call<{ accessToken: string }>('/api/sysAuth/login', {
    account: 'admin',
    password: BENCH_PASSWORD,
  });
  let t0 = performance.now();
  const wh = await createBigWarehouse(call, token, shape);
  const { warehouseId, areaIds, locationCodes, skuCodes } = wh;
  const setupMs = performance.now() - t0;

  // the snapshot and the task of 5 lines per location
  t0 = performance.now();
  const csv = join(dataDir, 'snapshot.csv');
  await writeSnapshotCsv(csv, ROWS, locationCodes, skuCodes);
  const snap = await uploadCsv<{ id: number; succeeded: number }>(
    base,
    `/api/inventorySnapshot/import?warehouseId=${warehouseId}&title=Statistics`,
    csv,
    token,
  );
  const taskId = await call<number>(
    '/api/inventoryCheckTask/add',
    { name: 'Statistics bench', warehouseId, snapshotId: snap.id },
    token,
  );
  const gen = await call<{ lineCount: number }>(
    '/api/inventoryCheckTask/generateItems',
    { id: taskId, version: 0 },
    token,
  );
  const taskMs = performance.now() - t0;

  // counters (the seeded counter role), one sub-task per area, every counter assigned to every sub-task
  const orgs = await call<{ id: number }[]>('/api/sysOrg/list', undefined, token);
  const roles = await call<{ items: { id: number; code: string }[] }>('/api/sysRole/page', { pageSize: 100 }, token);
  const counterRole = roles.items.find((r) => r.code === 'counter')?.id;
  const counters: { id: number; token: string }[] = [];
  for (let c = 1; c <= COUNTERS; c++) {
    const account = `bench.counter${c}`;
    const made = await call<{ password: string | null }>(
      '/api/sysUser/add',
      { account, realName: `Counter ${c}`, orgId: orgs[0]?.id, roleIds: [counterRole] },
      token,
    );
    const page = await call<{ items: { id: number; account: string }[] }>('/api/sysUser/page', { account }, token);
    const login = await call<{ accessToken: string }>('/api/sysAuth/login', { account, password: made.password });
    counters.push({ id: page.items.find((u) => u.account === account)?.id ?? 0, token: login.accessToken });
  }

  // scans through the API: the first line of locations in area order, spread over the counters, one in 20 undone
  t0 = performance.now();
  const indexOf = new Map(locationCodes.map((c, i) => [c, i]));
  let scanCount = 0;
  let undoCount = 0;
  for (const areaId of areaIds) {
    if (scanCount >= SCANS) break;
    const subTaskId = await call<number>(
      '/api/inventoryCheckSubTask/add',
      {
        taskId,
        name: `Area ${areaId}`,
        partition: { kind: 'area', areaIds: [areaId] },
        counterIds: counters.map((c) => c.id),
      },
      token,
    );
    const batches = new Map<number, Record<string, unknown>[]>(counters.map((_, i) => [i, []]));
    for (let page = 1; scanCount < SCANS; page++) {
      const lcc = await call<{ items: { locationId: number; locationCode: string }[]; hasNextPage: boolean }>(
        '/api/inventoryCheckSubTask/lcc',
        { id: subTaskId, page, pageSize: 500 },
        token,
      );
      for (const e of lcc.items) {
        if (scanCount >= SCANS) break;
        const k = indexOf.get(e.locationCode) ?? -1;
        if (k < 0 || 5 * k >= ROWS) continue;
        const line = snapshotLine(5 * k, locationCodes, skuCodes);
        const who = scanCount % counters.length;
        const clientId = randomUUID();
        const list = batches.get(who) as Record<string, unknown>[];
        list.push({
          clientId,
          subTaskId,
          locationId: e.locationId,
          kind: 'unit',
          code: `BC${line.sku}`,
          quantity: line.quantity,
        });
        scanCount++;
        if (scanCount % 20 === 0) {
          list.push({ clientId: randomUUID(), subTaskId, locationId: e.locationId, kind: 'undo', undoOf: clientId });
          undoCount++;
        }
        if (list.length >= 200) {
          await call('/api/inventoryScan/sync', { scans: list.splice(0) }, counters[who]?.token);
        }
      }
      if (!lcc.hasNextPage) break;
    }
    for (const [who, list] of batches)
      if (list.length) await call('/api/inventoryScan/sync', { scans: list }, counters[who]?.token);
  }
  const scanMs = performance.now() - t0;

  // pick records through the import
  t0 = performance.now();
  const pickCsv = join(dataDir, 'picks.csv');
  const picks = { succeeded: 0 };
  for (let from = 0; from < PICKS; from += PICK_FILE_ROWS) {
    await writePickCsv(pickCsv, from, Math.min(PICK_FILE_ROWS, PICKS - from), locationCodes, skuCodes);
    const report = await uploadCsv<{ succeeded: number; failed: number }>(
      base,
      `/api/inventoryPickRecord/import?warehouseId=${warehouseId}`,
      pickCsv,
      token,
    );
    picks.succeeded += report.succeeded;
  }
  const pickMs = performance.now() - t0;

  const measure = async (label: string, path: string, body: Record<string, unknown>) => {
    // one cold computation (the server computes the aggregate of these filters anew)
    const c0 = performance.now();
    await call(path, { ...body, refresh: true }, token);
    const coldMs = performance.now() - c0;
    const opts: autocannon.Options = {
      url: `${base}${path}`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      connections: CONNECTIONS,
    };
    await autocannon({ ...opts, duration: 2 });
    const rounds: autocannon.Result[] = [];
    for (let round = 0; round < ROUNDS; round++) rounds.push(await autocannon({ ...opts, duration: DURATION }));
    return {
      label,
      coldMs,
      rps: median(rounds.map((r) => r.requests.average)),
      p50: median(rounds.map((r) => r.latency.p50)),
      p99: median(rounds.map((r) => r.latency.p99)),
      bad: rounds.reduce((m, r) => m + r.non2xx + r.errors + r.timeouts, 0),
    };
  };

  const w = { warehouseId };
  const results = [
    await measure('scanSummary/summary (task)', '/api/scanSummary/summary', { ...w, taskId }),
    await measure('scanSummary/counters (by lines/hour)', '/api/scanSummary/counters', {
      ...w,
      taskId,
      field: 'linesPerHour',
      order: 'descending',
    }),
    await measure('scanSummary/subTasks', '/api/scanSummary/subTasks', { ...w, taskId }),
    await measure('pickCount/summary (ABC)', '/api/pickCount/summary', w),
    await measure('pickCount/locations (most picks)', '/api/pickCount/locations', { ...w, page: 3, pageSize: 50 }),
    await measure('pickCount/skus', '/api/pickCount/skus', { ...w, field: 'quantity', order: 'descending' }),
    await measure('pickCount/heatmap (one area)', '/api/pickCount/heatmap', { ...w, areaId: areaIds[0] }),
    await measure('locationOverview/summary (counted)', '/api/locationOverview/summary', w),
    await measure('locationOverview/page (by fill)', '/api/locationOverview/page', {
      ...w,
      basis: 'snapshot',
      field: 'fill',
      order: 'descending',
    }),
  ];
  t0 = performance.now();
  const abc = await call<{ changed: number }>('/api/pickCount/writeAbc', w, token);
  const writeMs = performance.now() - t0;

  console.log(`\nShelfwise statistics benchmark; node ${process.version}`);
  console.log(`database: ${db ? db.replace(/\/\/[^@]*@/, '//***@') : 'SQLite (embedded default)'}`);
  console.log(
    `warehouse: ${LOCATIONS} locations in ${areaIds.length} areas, ${shape.skus} SKUs (set up in ${secs(setupMs)}); ` +
      `task: ${gen.lineCount} lines (${secs(taskMs)}); ${scanCount} scans and ${undoCount} undos by ${COUNTERS} counters ` +
      `through the scan API (${secs(scanMs)}); ${picks.succeeded} pick records imported (${secs(pickMs)})`,
  );
  console.log(`${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s, medians; target p99 < ${TARGET_P99} ms`);
  console.log('cold = one request that computes the aggregate anew (refresh); then the figures are reused for 30 s\n');
  console.log(
    `${'endpoint'.padEnd(40)} ${'cold ms'.padStart(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  target`,
  );
  for (const r of results)
    console.log(
      `${r.label.padEnd(40)} ${r.coldMs.toFixed(0).padStart(8)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)}  ${r.p99 < TARGET_P99 && !r.bad ? 'met' : `MISSED${r.bad ? ` (${r.bad} failed)` : ''}`}`,
    );
  console.log(
    `\npickCount/writeAbc: ${abc.changed} locations classified in ${writeMs.toFixed(0)} ms (one transaction)`,
  );
} finally {
  await stop();
}
