// `npm run bench` (fourth part): the warehouse overview (issue 7) on a warehouse of 200,000 locations in 10 areas and a
// count task of 1,000,000 lines, partly counted through the scan API (in one server process on the embedded default,
// or BENCH_DATABASE_URL). At 10 connections with a real token: the data cards, the 2D plan of the whole warehouse
// (areas with their state counts: above 50,000 locations the answer is cut), the 2D plan of one area and the 3D
// scene of another (about 20,000 locations each), and the lines of counted locations. Target: p99 under 200 ms each.
// The size comes from BENCH_AISLES (20, at most 26), BENCH_BAYS (50), BENCH_LEVELS (5), BENCH_SLOTS (40),
// BENCH_AREAS (10), BENCH_SKUS (2,000), BENCH_SNAPSHOT_ROWS (5 per location) and BENCH_COUNT_AREAS (3 areas partly
// counted). Figures are printed; nothing here passes or fails a build.
import { randomUUID } from 'node:crypto';
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
const COUNT_AREAS = env('BENCH_COUNT_AREAS', 3);
const db = process.env.BENCH_DATABASE_URL ?? '';
const { base, dataDir, call, stop } = await startBenchServer('overview');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

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
    `/api/inventorySnapshot/import?warehouseId=${warehouseId}&title=Overview`,
    csv,
    token,
  );
  const taskId = await call<number>(
    '/api/inventoryCheckTask/add',
    { name: 'Overview bench', warehouseId, snapshotId: snap.id },
    token,
  );
  const gen = await call<{ lineCount: number }>(
    '/api/inventoryCheckTask/generateItems',
    { id: taskId, version: 0 },
    token,
  );
  const taskMs = performance.now() - t0;

  // partly counted: in the first areas every second location gets its first line scanned (one in 7 a unit over the
  // book), every tenth is confirmed, every 97th confirmed empty (its lines counted as zero)
  t0 = performance.now();
  const indexOf = new Map(locationCodes.map((c, i) => [c, i]));
  const counted: number[] = [];
  let scanCount = 0;
  let confirmCount = 0;
  for (const areaId of areaIds.slice(0, COUNT_AREAS)) {
    const subTaskId = await call<number>(
      '/api/inventoryCheckSubTask/add',
      { taskId, name: `Area ${areaId}`, partition: { kind: 'area', areaIds: [areaId] } },
      token,
    );
    const entries: { locationId: number; locationCode: string }[] = [];
    for (let page = 1; ; page++) {
      const lcc = await call<{ items: { locationId: number; locationCode: string }[]; hasNextPage: boolean }>(
        '/api/inventoryCheckSubTask/lcc',
        { id: subTaskId, page, pageSize: 500 },
        token,
      );
      entries.push(...lcc.items);
      if (!lcc.hasNextPage) break;
    }
    const scans = [];
    for (const [n, e] of entries.entries()) {
      const k = indexOf.get(e.locationCode) ?? -1;
      if (n % 2 !== 0 || k < 0 || 5 * k >= ROWS) continue;
      const line = snapshotLine(5 * k, locationCodes, skuCodes);
      scans.push({
        clientId: randomUUID(),
        subTaskId,
        locationId: e.locationId,
        kind: 'unit',
        code: `BC${line.sku}`,
        quantity: line.quantity + (k % 7 === 0 ? 1 : 0),
      });
      counted.push(e.locationId);
    }
    for (let i = 0; i < scans.length; i += 200)
      await call('/api/inventoryScan/sync', { scans: scans.slice(i, i + 200) }, token);
    scanCount += scans.length;
    for (const [n, e] of entries.entries()) {
      const state = n % 97 === 0 ? 4 : n % 10 === 0 ? 3 : 0;
      if (!state) continue;
      await call('/api/inventoryCheckSubTask/lccConfirm', { id: subTaskId, locationId: e.locationId, state }, token);
      confirmCount++;
    }
  }
  const countMs = performance.now() - t0;

  const queryString = (q: Record<string, number>) =>
    new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const get = <T>(path: string, query: Record<string, number>) =>
    call<T>(`${path}?${queryString(query)}`, undefined, token);
  const measure = async (label: string, path: string, base0: Record<string, number>, rotate?: number[]) => {
    const query = rotate?.length ? { ...base0, locationId: rotate[0] as number } : base0;
    const url = (q: Record<string, number>) => `${path}?${queryString(q)}`;
    // the first answer reads the floor and the states (later ones come from what the server keeps)
    const c0 = performance.now();
    const sample = await get<{
      total?: number;
      truncated?: boolean;
      locations?: { code: string[] };
      lines?: unknown[];
    }>(path, query);
    const coldMs = performance.now() - c0;
    let n = 0;
    const opts: autocannon.Options = {
      url: `${base}${url(query)}`,
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
      ...(rotate?.length
        ? {
            requests: [
              {
                setupRequest: (req) => ({
                  ...req,
                  path: url({ ...query, locationId: rotate[n++ % rotate.length] as number }),
                }),
              },
            ],
          }
        : {}),
    };
    await autocannon({ ...opts, connections: CONNECTIONS, duration: 2 });
    const rounds: autocannon.Result[] = [];
    for (let round = 0; round < ROUNDS; round++)
      rounds.push(await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION }));
    const shown =
      sample.locations !== undefined
        ? `${sample.locations.code.length} locations of ${sample.total}${sample.truncated ? ' (cut: areas only)' : ''}`
        : sample.lines !== undefined
          ? `${sample.lines.length} lines`
          : 'figures';
    return {
      label,
      shown,
      coldMs,
      rps: median(rounds.map((r) => r.requests.average)),
      p50: median(rounds.map((r) => r.latency.p50)),
      p99: median(rounds.map((r) => r.latency.p99)),
      mb: median(rounds.map((r) => r.throughput.average)) / 1024 / 1024,
      bad: rounds.reduce((m, r) => m + r.non2xx + r.errors + r.timeouts, 0),
    };
  };

  const o = '/api/warehouseOverview';
  const results = [
    await measure('cards (one warehouse)', `${o}/cards`, { warehouseId }),
    await measure('cards (all warehouses)', `${o}/cards`, {}),
    await measure('plan2d, whole warehouse', `${o}/plan2d`, { warehouseId }),
    await measure('plan2d, one area (counted)', `${o}/plan2d`, { warehouseId, areaId: areaIds[0] as number }),
    await measure('scene3d, one area', `${o}/scene3d`, { warehouseId, areaId: areaIds[1] ?? (areaIds[0] as number) }),
    await measure('locationLines, counted locations', `${o}/locationLines`, { taskId }, counted.slice(0, 2000)),
  ];
  const info = await measure('plan2d, one area, SKU filter (informative)', `${o}/plan2d`, {
    warehouseId,
    areaId: areaIds[0] as number,
    skuId: await call<{ items: { id: number }[] }>(
      '/api/warehouseSku/page',
      { code: skuCodes[0], page: 1, pageSize: 1 },
      token,
    ).then((r) => r.items[0]?.id ?? 0),
  });

  console.log(`\nShelfwise warehouse overview benchmark; node ${process.version}`);
  console.log(`database: ${db ? db.replace(/\/\/[^@]*@/, '//***@') : 'SQLite (embedded default)'}`);
  console.log(
    `warehouse: ${LOCATIONS} locations in ${areaIds.length} areas, ${shape.skus} SKUs (set up in ${secs(setupMs)}); ` +
      `task: ${gen.lineCount} lines from a ${snap.succeeded}-row snapshot (${secs(taskMs)}); ` +
      `${scanCount} lines counted by scans, ${confirmCount} locations confirmed (${secs(countMs)})`,
  );
  console.log(
    `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s, medians; target p99 < ${TARGET_P99} ms\n`,
  );
  console.log(
    `${'endpoint'.padEnd(44)} ${'answer'.padEnd(34)} ${'cold ms'.padStart(8)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'MB/s'.padStart(6)}  target`,
  );
  for (const r of [...results, info]) {
    const verdict = r === info ? '(informative)' : r.p99 < TARGET_P99 ? 'met' : 'MISSED';
    console.log(
      `${r.label.padEnd(44)} ${r.shown.padEnd(34)} ${r.coldMs.toFixed(0).padStart(8)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${r.mb.toFixed(1).padStart(6)}  ${verdict}${r.bad ? ` (${r.bad} failed requests!)` : ''}`,
    );
  }
  console.log('');
} finally {
  await stop();
}
