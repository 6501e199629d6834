// `npm run bench` (second part): the storage location list on a warehouse of 200,000 locations, beside the raw
// SQL it runs, both measured in the server's own process; and the time to generate those 200,000 locations.
// Targets (issue 5): the endpoint within 2x the raw query's time, p99 under 20 ms at 10 connections, and
// generation under 10 s. Figures are printed; nothing here passes or fails a build.
import { BENCH_PASSWORD, startBenchServer } from './bench-server';
import { besideSql, besideSqlReport } from './beside-sql';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const db = process.env.BENCH_DATABASE_URL ?? '';
const server = await startBenchServer('loc');
const { call, stop } = server;

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
  const load = { connections: CONNECTIONS, seconds: DURATION, rounds: ROUNDS };
  const m = await besideSql(server, {
    ...load,
    token,
    path: '/api/warehouseLocation/page',
    body: filter,
    sqlMatch: /wh_location/,
    profileName: 'location-page',
  });

  console.log(`\nShelfwise storage locations benchmark; node ${process.version}`);
  console.log(`database: ${db ? db.replace(/\/\/[^@]*@/, '//***@') : 'SQLite (embedded default)'}\n`);
  console.log(
    `generate ${preview.count} locations: preview ${(previewMs / 1000).toFixed(2)} s, write ${made.created} in ${(generateMs / 1000).toFixed(2)} s (target < 10 s: ${generateMs < 10_000 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `\nPOST /api/warehouseLocation/page ${JSON.stringify(filter)}: ${m.total} matches, ${m.rows} rows per page`,
  );
  for (const line of besideSqlReport(m, load)) console.log(line);
  console.log(
    `\ntargets: within 2x the raw SQL's time ${m.ratio <= 2 ? 'met' : 'MISSED'} (${m.ratio.toFixed(2)}x); p99 < 20 ms ${m.apiP99 < 20 ? 'met' : 'MISSED'} (${m.apiP99} ms)\n`,
  );
} finally {
  await stop();
}
