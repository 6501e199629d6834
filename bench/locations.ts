// `npm run bench` (second part): the storage location list on a warehouse of 200,000 locations, beside the raw
// SQL it runs, both measured in the server's own process; and the time to generate those 200,000 locations.
// Targets (issue 5): the endpoint within 2x the raw query's time, p99 under 20 ms at 10 connections, and
// generation under 10 s. Figures are printed; nothing here passes or fails a build.
import autocannon from 'autocannon';
import { BENCH_PASSWORD, median, startBenchServer } from './bench-server';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const db = process.env.BENCH_DATABASE_URL ?? '';
const { base, ask, call, stop } = await startBenchServer('loc');

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
  const ranges = {
    areaId,
    aisles: { from: 'A', to: 'T' },
    bays: { from: '1', to: '50' },
    levels: { from: '1', to: '5' },
    slots: { from: '1', to: '40' },
  };
  let t0 = performance.now();
  const preview = await call<{ count: number }>('/api/warehouseLocation/generate', { ...ranges, preview: true }, token);
  const previewMs = performance.now() - t0;
  t0 = performance.now();
  const made = await call<{ created: number }>('/api/warehouseLocation/generate', { ...ranges, preview: false }, token);
  const generateMs = performance.now() - t0;

  // the list a user opens: one warehouse, codes starting with K-2 (aisle K, bays 20-29: 2,000 matches), page 3
  const filter = { warehouseId, code: 'K-2', page: 3, pageSize: 20 };
  const opts: autocannon.Options = {
    url: `${base}/api/warehouseLocation/page`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(filter),
  };
  await ask({ type: 'captureStart' });
  const sample = await call<{ total: number; items: unknown[] }>('/api/warehouseLocation/page', filter, token);
  const { queries } = (await ask({ type: 'captureStop' })) as unknown as {
    queries: { sql: string; parameters: unknown[] }[];
  };
  const listQueries = queries.filter((q) => q.sql.includes('wh_location'));
  const others = queries.length - listQueries.length;

  const rounds: { api: autocannon.Result; raw: { rps: number; p50: number; p99: number } }[] = [];
  await autocannon({ ...opts, connections: CONNECTIONS, duration: 2 });
  for (let round = 0; round < ROUNDS; round++) {
    const api = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
    const raw = (await ask({
      type: 'raw',
      queries: listQueries,
      seconds: DURATION,
      concurrency: CONNECTIONS,
    })) as unknown as { rps: number; p50: number; p99: number };
    rounds.push({ api, raw });
  }
  const apiRps = median(rounds.map((r) => r.api.requests.average));
  const rawRps = median(rounds.map((r) => r.raw.rps));
  const apiP50 = median(rounds.map((r) => r.api.latency.p50));
  const apiP99 = median(rounds.map((r) => r.api.latency.p99));
  const timeRatio = median(rounds.map((r) => r.raw.rps / (r.api.requests.average || 1)));
  const bad = rounds.reduce((n, r) => n + r.api.non2xx + r.api.errors + r.api.timeouts, 0);

  console.log(`\nShelfwise storage locations benchmark; node ${process.version}`);
  console.log(`database: ${db ? db.replace(/\/\/[^@]*@/, '//***@') : 'SQLite (embedded default)'}\n`);
  console.log(
    `generate ${preview.count} locations: preview ${(previewMs / 1000).toFixed(2)} s, write ${made.created} in ${(generateMs / 1000).toFixed(2)} s (target < 10 s: ${generateMs < 10_000 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `\nPOST /api/warehouseLocation/page ${JSON.stringify(filter)}: ${sample.total} matches, ${sample.items.length} rows per page`,
  );
  console.log(
    `the SQL it runs (${listQueries.length} statements${others ? `; ${others} other queries of the request not counted` : ''}):`,
  );
  for (const q of listQueries) console.log(`  ${q.sql.replace(/\s+/g, ' ')}`);
  console.log(`\n${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s, medians`);
  console.log('                        req/s    p50 ms   p99 ms');
  console.log(
    `endpoint (HTTP)       ${apiRps.toFixed(0).padStart(7)} ${apiP50.toFixed(2).padStart(8)} ${apiP99.toFixed(2).padStart(8)}${bad ? `  (${bad} failed requests!)` : ''}`,
  );
  console.log(
    `raw SQL, same process ${rawRps.toFixed(0).padStart(7)} ${median(rounds.map((r) => r.raw.p50))
      .toFixed(2)
      .padStart(8)} ${median(rounds.map((r) => r.raw.p99))
      .toFixed(2)
      .padStart(8)}`,
  );
  console.log(
    `\nendpoint time / raw SQL time: ${timeRatio.toFixed(2)}x (target <= 2x: ${timeRatio <= 2 ? 'met' : 'MISSED'}); endpoint p99 ${apiP99} ms (target < 20 ms: ${apiP99 < 20 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `per round: ${rounds.map((r) => `${(r.raw.rps / (r.api.requests.average || 1)).toFixed(2)}x`).join(' ')}\n`,
  );
} finally {
  await stop();
}
