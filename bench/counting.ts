// `npm run bench` (third part): counting at scale (issue 6). In a server process on the embedded default (or
// BENCH_DATABASE_URL):
//   - a stock snapshot import of BENCH_SNAPSHOT_ROWS (default 1,000,000) rows from a streamed CSV upload, sent to a
//     second server process started on the same data for it: rows/s and that process's peak memory (targets:
//     >= 40,000 rows/s, peak under 512 MB), with its CPU time per row (which other load on the machine does not
//     inflate the way it inflates wall time);
//   - item generation for a 100,000-row snapshot (target < 10 s), then a task of 1,000,000 lines;
//   - a sub-task of about 5,000 lines, partly counted: its item page filtered by result and sorted by location, at 10
//     connections with a real token, beside the raw SQL the endpoint runs (targets: >= 2,000 req/s, p99 < 25 ms,
//     within 2x the raw SQL's time); the task's unfiltered first page with its total (target p99 < 100 ms);
//   - scan ingestion: single scans with fresh client ids at 10 connections (targets: >= 1,000 scans/s, p99 < 50 ms),
//     with the server's CPU time per scan.
// Figures are printed; nothing here passes or fails a build.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_PASSWORD, median, startBenchServer } from './bench-server';
import { besideSql, besideSqlReport } from './beside-sql';
import { createBigWarehouse, uploadCsv as upload, writeSnapshotCsv } from './big-warehouse';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SNAPSHOT_ROWS = Number(process.env.BENCH_SNAPSHOT_ROWS ?? 1_000_000);
const db = process.env.BENCH_DATABASE_URL ?? '';
const server = await startBenchServer('count');
const { base, dataDir, ask, call, stop } = server;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

try {
  const uploadCsv = <T>(path: string, file: string, token: string) => upload<T>(base, path, file, token);
  const { accessToken: token } = await call<{ accessToken: string }>('/api/sysAuth/login', {
    account: 'admin',
    password: BENCH_PASSWORD,
  });
  // the warehouse: 200,000 generated locations in one area, a consignor with 2,000 SKUs (big-warehouse.ts)
  const { warehouseId, locationCodes, skuCodes } = await createBigWarehouse(call, token);

  // item generation of 100,000 snapshot rows
  const smallCsv = join(dataDir, 'snapshot-100k.csv');
  await writeSnapshotCsv(smallCsv, 100_000, locationCodes, skuCodes);
  const small = await uploadCsv<{ id: number; succeeded: number; failed: number }>(
    `/api/inventorySnapshot/import?warehouseId=${warehouseId}&title=Small`,
    smallCsv,
    token,
  );
  if (!small.id) throw new Error(`the 100,000-row snapshot was refused: ${JSON.stringify(small).slice(0, 600)}`);
  const smallTask = await call<number>(
    '/api/inventoryCheckTask/add',
    { name: 'Bench 100k', warehouseId, snapshotId: small.id },
    token,
  );
  let t0 = performance.now();
  const smallGen = await call<{ lineCount: number }>(
    '/api/inventoryCheckTask/generateItems',
    { id: smallTask, version: 0 },
    token,
  );
  const smallGenMs = performance.now() - t0;

  // the big snapshot import: streamed CSV upload
  const bigCsv = join(dataDir, 'snapshot-big.csv');
  await writeSnapshotCsv(bigCsv, SNAPSHOT_ROWS, locationCodes, skuCodes);
  // The import runs in a server process of its own, started on the same data: the set-up (200,000 locations
  // generated, a 100,000-row import, item generation) leaves the first process's heap and SQLite caches large, and
  // resident memory does not shrink back after a collection, so a peak read there says more of the set-up than of
  // the import. The fresh process's peak (the kernel's high-water mark, which counts every short peak) is the whole
  // server's while importing: start-up included.
  const importer = await startBenchServer('count-import', { dataDir });
  let importMs = 0;
  let importCpu = 0;
  let importMem: { start: number; peak: number; how: string };
  let memAfter: { rss: number; maxRss: number };
  let big: { id: number; succeeded: number; failed: number; errors: unknown[] };
  try {
    const { accessToken: importToken } = await importer.call<{ accessToken: string }>('/api/sysAuth/login', {
      account: 'admin',
      password: BENCH_PASSWORD,
    });
    await importer.ask({ type: 'memWatch', gc: true });
    const cpuAtImport = (await importer.ask({ type: 'cpu' })) as unknown as { micros: number };
    t0 = performance.now();
    big = await upload<typeof big>(
      importer.base,
      `/api/inventorySnapshot/import?warehouseId=${warehouseId}&title=Big`,
      bigCsv,
      importToken,
    );
    importMs = performance.now() - t0;
    importCpu = ((await importer.ask({ type: 'cpu' })) as unknown as { micros: number }).micros - cpuAtImport.micros;
    importMem = (await importer.ask({ type: 'memPeak' })) as unknown as typeof importMem;
    memAfter = (await importer.ask({ type: 'mem' })) as unknown as typeof memAfter;
  } finally {
    await importer.stop();
  }
  if (!big.id) throw new Error(`the big snapshot was refused: ${JSON.stringify(big).slice(0, 600)}`);

  const bigTask = await call<number>(
    '/api/inventoryCheckTask/add',
    { name: 'Bench 1M', warehouseId, snapshotId: big.id },
    token,
  );
  t0 = performance.now();
  const bigGen = await call<{ lineCount: number }>(
    '/api/inventoryCheckTask/generateItems',
    { id: bigTask, version: 0 },
    token,
  );
  const bigGenMs = performance.now() - t0;
  // a sub-task of 1,000 locations (about 5,000 lines), aisle C bays 1-5
  const subCodes = locationCodes.filter((c) => /^C-[1-5]-/.test(c));
  const subTaskId = await call<number>(
    '/api/inventoryCheckSubTask/add',
    {
      taskId: bigTask,
      name: 'Bench sub-task',
      partition: { kind: 'locations', locationCodes: subCodes },
    },
    token,
  );
  const sub = await call<{ lineCount: number; version: number }>(
    `/api/inventoryCheckSubTask/detail?id=${subTaskId}`,
    undefined,
    token,
  );
  const subLocations = await call<{ items: { locationId: number; locationCode: string }[] }>(
    '/api/inventoryCheckSubTask/lcc',
    { id: subTaskId, pageSize: 500 },
    token,
  );
  // count part of it: +1 scans of the first SKU of 500 locations (so results differ: match, short, unexpected)
  const scans = [];
  for (const loc of subLocations.items) {
    const ctx = await call<{ lines: { skuCode: string; barcodes: string[] }[] }>(
      `/api/inventoryScan/location?subTaskId=${subTaskId}&code=${encodeURIComponent(loc.locationCode)}`,
      undefined,
      token,
    );
    const line = ctx.lines[0];
    if (line)
      scans.push({
        clientId: randomUUID(),
        subTaskId,
        locationId: loc.locationId,
        kind: 'unit',
        code: line.barcodes[0] ?? line.skuCode,
        quantity: 3,
      });
  }
  for (let i = 0; i < scans.length; i += 200)
    await call('/api/inventoryScan/sync', { scans: scans.slice(i, i + 200) }, token);

  const load = { connections: CONNECTIONS, seconds: DURATION, rounds: ROUNDS };
  const measure = async (label: string, path: string, body: unknown, profileName: string) => ({
    label,
    body,
    ...(await besideSql(server, { ...load, token, path, body, sqlMatch: /inv_/, profileName })),
  });
  const subPage = await measure(
    'sub-task item page, filtered by result, sorted by location',
    '/api/inventoryCheckItem/page',
    {
      subTaskId,
      // short (counted 3 against a book of 1-40): most of the counted lines, so the filter has a page to sort
      result: 3,
      field: 'locationCode',
      order: 'ascending',
      page: 1,
      pageSize: 20,
    },
    'sub-task-page',
  );
  const taskPage = await measure(
    'task item page, unfiltered, first page with total',
    '/api/inventoryCheckItem/page',
    { taskId: bigTask, page: 1, pageSize: 20 },
    'task-page',
  );

  // scan ingestion: every request a new scan (fresh client id) of a SKU at a location of the sub-task
  const scanTargets = scans.map((s) => ({ locationId: s.locationId, code: s.code }));
  let n = 0;
  const scanOpts: autocannon.Options = {
    url: `${base}/api/inventoryScan/scan`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const target = scanTargets[n++ % scanTargets.length];
          return { ...req, body: JSON.stringify({ clientId: randomUUID(), subTaskId, kind: 'unit', ...target }) };
        },
      },
    ],
  };
  const scanRounds: autocannon.Result[] = [];
  const cpuAtScans = (await ask({ type: 'cpu' })) as unknown as { micros: number };
  for (let round = 0; round < ROUNDS; round++)
    scanRounds.push(await autocannon({ ...scanOpts, connections: CONNECTIONS, duration: DURATION }));
  const scanCpu = ((await ask({ type: 'cpu' })) as unknown as { micros: number }).micros - cpuAtScans.micros;
  const scanCount = scanRounds.reduce((m, r) => m + r.requests.total, 0);
  const scanRps = median(scanRounds.map((r) => r.requests.average));
  const scanP99 = median(scanRounds.map((r) => r.latency.p99));
  const scanBad = scanRounds.reduce((m, r) => m + r.non2xx + r.errors + r.timeouts, 0);

  console.log(`\nShelfwise counting benchmark; node ${process.version}`);
  console.log(`database: ${db ? db.replace(/\/\/[^@]*@/, '//***@') : 'SQLite (embedded default)'}\n`);
  const rate = big.succeeded / (importMs / 1000);
  const peak = importMem.peak;
  console.log(
    `snapshot import: ${big.succeeded} of ${SNAPSHOT_ROWS} rows (${big.failed} refused) in ${secs(importMs)} = ${rate.toFixed(0)} rows/s (target >= 40,000: ${verdict(rate >= 40_000)}); server CPU ${secs(importCpu / 1000)} = ${(importCpu / SNAPSHOT_ROWS).toFixed(1)} us/row`,
  );
  console.log(
    `server memory during the import (a server process of its own on the same data): peak ${mb(peak)} (${importMem.how}; ${mb(importMem.start)} when it began, signed in, after a full GC), ${mb(memAfter.rss)} after (target < 512 MB: ${verdict(peak < 512 * 1024 * 1024)})`,
  );
  console.log(
    `item generation: ${smallGen.lineCount} lines in ${secs(smallGenMs)} (target < 10 s for 100,000: ${verdict(smallGenMs < 10_000)}); ${bigGen.lineCount} lines in ${secs(bigGenMs)}`,
  );
  console.log(
    `sub-task: ${sub.lineCount} lines on ${subCodes.length} locations; ${scans.length} lines counted by scans\n`,
  );
  for (const m of [subPage, taskPage]) {
    console.log(
      `${m.label}: POST /api/inventoryCheckItem/page ${JSON.stringify(m.body)}: ${m.total} matches, ${m.rows} rows`,
    );
    for (const line of besideSqlReport(m, load)) console.log(line);
    console.log('');
  }
  console.log(
    `targets: sub-task page >= 2,000 req/s ${verdict(subPage.apiRps >= 2000)}, p99 < 25 ms ${verdict(subPage.apiP99 < 25)}, within 2x raw ${verdict(subPage.ratio <= 2)}; task first page p99 < 100 ms ${verdict(taskPage.apiP99 < 100)}`,
  );
  console.log(
    `scan ingestion (POST /api/inventoryScan/scan, fresh client ids): ${scanRps.toFixed(0)} scans/s, p99 ${scanP99} ms${scanBad ? ` (${scanBad} failed!)` : ''} (targets >= 1,000/s: ${verdict(scanRps >= 1000)}, p99 < 50 ms: ${verdict(scanP99 < 50)}); server CPU ${(scanCpu / (scanCount || 1)).toFixed(0)} us/scan\n`,
  );
} finally {
  await stop();
}
