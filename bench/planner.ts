// `npm run bench` (fourth part): the consolidation planner (issue 7, item 8) on BENCH_PLANNER_LOCATIONS locations
// (default 50,000). Target: under 5 s for a warehouse of 50,000 locations.
//   1. The pure algorithm (`planConsolidation`, no database) on a generated warehouse: locked, disabled, uncounted,
//      half-counted, mixed and capacity-less locations among single-stock ones, SKUs spread over 1 to ~150
//      locations, three shelf types, max load on heavy shelves. Median of BENCH_ROUNDS runs.
//   2. The whole endpoint (`POST /api/consolidationPlanner/plan`, and the .xlsx export) in the real server on
//      seeded data: locations from the generator, SKUs through the API, the book stock imported as a CSV snapshot, a
//      task generated from it; the count itself is written straight into the database (every line counted as its
//      book quantity, the task submitted: the counting APIs have their own benchmark), then the plan is timed.
// Figures are printed; nothing here passes or fails a build.
import { createWriteStream, openAsBlob } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/kernel/db/connect';
import {
  type PlannerLocation,
  type PlannerSku,
  planConsolidation,
} from '../apps/server/src/modules/insight/planner/planner';
import { BENCH_PASSWORD, median, startBenchServer } from './bench-server';

const LOCATIONS = Number(process.env.BENCH_PLANNER_LOCATIONS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 5_000;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** A small deterministic generator (mulberry32), so every run plans the same warehouse. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** SKU index of a location: skewed, so a few SKUs sit in many locations and most in a handful. */
const skuOf = (rnd: () => number, skus: number) => Math.floor(skus * rnd() ** 2.2);

// ---- 1. the pure algorithm ----------------------------------------------------------------------------------
function generatedWarehouse(n: number) {
  const rnd = random(20261122);
  const skuCount = Math.max(10, Math.round(n / 25));
  const skus = new Map<number, PlannerSku>();
  for (let i = 1; i <= skuCount; i++)
    skus.set(i, {
      id: i,
      unitWeight: rnd() < 0.9 ? 0.2 + rnd() * 20 : null,
      unitVolume: rnd() < 0.7 ? 0.001 + rnd() * 0.02 : null,
    });
  const locations: PlannerLocation[] = [];
  for (let i = 0; i < n; i++) {
    const shelfType = 1 + (Math.floor(i / 1000) % 3);
    const cap = 20 + Math.floor(rnd() * 180);
    const r = rnd();
    const sku = 1 + skuOf(rnd, skuCount);
    const fill = 0.05 + rnd() * 0.95;
    const line = {
      skuId: sku,
      consignorId: 1 + (sku % 7),
      lot: rnd() < 0.1 ? `L${sku % 5}` : '',
      quantity: Math.max(1, Math.round(cap * fill)),
    };
    locations.push({
      id: i + 1,
      code: `L-${String(i + 1).padStart(6, '0')}`,
      areaId: 1 + Math.floor(i / 1000),
      shelfType,
      disabled: r < 0.01,
      locked: r >= 0.01 && r < 0.03,
      inRunningCount: r >= 0.03 && r < 0.04,
      maxCapacity: r >= 0.04 && r < 0.07 ? null : cap,
      maxLoad: shelfType === 1 ? 500 + Math.floor(rnd() * 1500) : null,
      volume: rnd() < 0.5 ? 1 + rnd() * 2 : null,
      counted: !(r >= 0.07 && r < 0.15),
      countComplete: !(r >= 0.15 && r < 0.17),
      contents:
        r >= 0.17 && r < 0.22
          ? [line, { ...line, skuId: 1 + skuOf(rnd, skuCount), quantity: 3 }]
          : r >= 0.22 && r < 0.27
            ? []
            : [line],
    });
  }
  return { locations, skus };
}

const warehouse = generatedWarehouse(LOCATIONS);
const runs: number[] = [];
let result = planConsolidation(warehouse);
for (let i = 0; i < ROUNDS; i++) {
  const t0 = performance.now();
  result = planConsolidation(warehouse);
  runs.push(performance.now() - t0);
}
const pureMs = median(runs);
console.log(`\nConsolidation planner, pure algorithm, ${LOCATIONS.toLocaleString()} generated locations`);
console.log(
  `  ${secs(pureMs)} (median of ${ROUNDS}): ${result.totals.moves.toLocaleString()} moves, ${result.totals.freed.toLocaleString()} freed, ` +
    `fill ${result.totals.fillBefore} % -> ${result.totals.fillAfter} %, ${result.groups.length.toLocaleString()} groups, ` +
    `${result.leftOut.length.toLocaleString()} left out  [target < 5 s: ${verdict(pureMs < TARGET_MS)}]`,
);

// ---- 2. the endpoint on seeded data ---------------------------------------------------------------------------
const { base, dataDir, call, stop } = await startBenchServer('planner');
try {
  const { accessToken: token } = await call<{ accessToken: string }>('/api/sysAuth/login', {
    account: 'admin',
    password: BENCH_PASSWORD,
  });
  const orgs = await call<{ id: number }[]>('/api/sysOrg/list', undefined, token);
  const warehouseId = await call<number>(
    '/api/warehouseInfo/add',
    {
      code: 'PLAN',
      name: 'Planner bench',
      orgId: orgs[0]?.id,
      address1: '1 Bench Road',
      contactName: 'B',
      contactPhone: '+1 555 0100',
    },
    token,
  );
  // two areas (light and heavy shelves) of half the locations each: <area>-<aisle>-<bay>-<level>-<slot>, 5 levels
  // of 20 slots per bay, up to 50 bays per aisle
  const perArea = Math.ceil(LOCATIONS / 2);
  const aisleCount = Math.max(1, Math.ceil(perArea / 5_000));
  const bays = Math.ceil(perArea / (aisleCount * 100));
  const aisleNames = Array.from({ length: aisleCount }, (_, i) => String.fromCharCode(65 + i));
  const codes: string[] = [];
  const t0 = performance.now();
  for (const [code, shelfType] of [
    ['L', 3],
    ['H', 1],
  ] as const) {
    const areaId = await call<number>(
      '/api/warehouseArea/add',
      { warehouseId, code, name: `Area ${code}`, shelfType },
      token,
    );
    await call(
      '/api/warehouseLocation/generate',
      {
        areaId,
        aisles: { from: aisleNames[0], to: aisleNames[aisleCount - 1] },
        bays: { from: '1', to: String(bays) },
        levels: { from: '1', to: '5' },
        slots: { from: '1', to: '20' },
        pattern: `${code}-{aisle}-{bay}-{level}-{slot}`,
        maxCapacity: 100,
        ...(shelfType === 1 ? { maxLoad: 800 } : {}),
        preview: false,
      },
      token,
    );
    for (const aisle of aisleNames)
      for (let bay = 1; bay <= bays; bay++)
        for (let level = 1; level <= 5; level++)
          for (let slot = 1; slot <= 20; slot++) codes.push(`${code}-${aisle}-${bay}-${level}-${slot}`);
  }
  const consignorId = await call<number>(
    '/api/warehouseConsignor/add',
    { code: 'PC1', name: 'Planner consignor' },
    token,
  );
  const skuCount = Math.max(10, Math.round(codes.length / 50));
  const skuCodes = Array.from({ length: skuCount }, (_, i) => `PS${String(i).padStart(5, '0')}`);
  for (let i = 0; i < skuCodes.length; i += 20)
    await Promise.all(
      skuCodes
        .slice(i, i + 20)
        .map((code, j) =>
          call(
            '/api/warehouseSku/add',
            { code, name: `Planner item ${i + j}`, consignorId, unitWeight: 1 + ((i + j) % 9) },
            token,
          ),
        ),
    );
  // the book stock: one SKU per location (5 % hold a second one), 1 to 90 units
  const rnd = random(7);
  const csv = join(dataDir, 'planner-stock.csv');
  const out = createWriteStream(csv);
  out.write('Location code,SKU code,Consignor code,Lot,Quantity\n');
  let rows = 0;
  for (const code of codes) {
    const sku = skuCodes[skuOf(rnd, skuCodes.length)];
    out.write(`${code},${sku},PC1,,${1 + Math.floor(rnd() * 90)}\n`);
    rows++;
    const second = skuCodes[skuOf(rnd, skuCodes.length)];
    if (rnd() < 0.05 && second !== sku) {
      out.write(`${code},${second},PC1,,3\n`);
      rows++;
    }
  }
  await new Promise<void>((r) => out.end(r));
  const form = new FormData();
  form.append('file', await openAsBlob(csv, { type: 'text/csv' }), 'stock.csv');
  const imported = (await (
    await fetch(`${base}/api/inventorySnapshot/import?warehouseId=${warehouseId}&title=Planner`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
  ).json()) as { code: number; result: { id: number; succeeded: number }; message: string };
  if (imported.code !== 200 || !imported.result.id)
    throw new Error(`snapshot refused: ${imported.message} ${JSON.stringify(imported.result).slice(0, 600)}`);
  const taskId = await call<number>(
    '/api/inventoryCheckTask/add',
    { name: 'Planner count', warehouseId, snapshotId: imported.result.id },
    token,
  );
  await call('/api/inventoryCheckTask/generateItems', { id: taskId, version: 0 }, token);
  // the count, written directly: every line counted as its book quantity yesterday, the task submitted
  const url = process.env.BENCH_DATABASE_URL || `sqlite:${join(dataDir, 'shelfwise.db')}`;
  const { db, close } = openDatabase(url, { poolSize: 2 });
  const at = Date.now() - 86_400_000;
  await db
    .updateTable('inv_item')
    .set((eb) => ({
      counted_qty: eb.ref('book_qty'),
      final_qty: eb.ref('book_qty'),
      counted_at: at,
      diff_qty: 0,
      result: 1,
    }))
    .where('task_id', '=', taskId)
    .execute();
  await db
    .updateTable('inv_task_location')
    .set((eb) => ({ state: 3, confirmed_at: at, counted_line_count: eb.ref('line_count') }))
    .where('task_id', '=', taskId)
    .execute();
  await db
    .updateTable('inv_task')
    .set({ inventory_status: 5, audit_status: 4, submitted_at: at + 3_600_000 })
    .where('id', '=', taskId)
    .execute();
  await close();
  const seedMs = performance.now() - t0;
  console.log(
    `\nConsolidation planner endpoint, ${codes.length.toLocaleString()} locations, ${rows.toLocaleString()} counted lines (seeded in ${secs(seedMs)})`,
  );

  type PlanAnswer = {
    totals: {
      moves: number;
      freed: number;
      unitsMoved: number;
      fillBefore: number;
      fillAfter: number;
      leftOut: number;
    };
    planMs: number;
    moveTotal: number;
  };
  const times: number[] = [];
  let plan: PlanAnswer | undefined;
  for (let i = 0; i < ROUNDS; i++) {
    const s = performance.now();
    plan = await call<PlanAnswer>('/api/consolidationPlanner/plan', { warehouseId, days: 30 }, token);
    times.push(performance.now() - s);
  }
  const endpointMs = median(times);
  const s = performance.now();
  const file = await fetch(`${base}/api/consolidationPlanner/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ warehouseId, days: 30 }),
  });
  const bytes = (await file.arrayBuffer()).byteLength;
  const exportMs = performance.now() - s;
  const x = plan?.totals;
  console.log(
    `  plan: ${secs(endpointMs)} (median of ${ROUNDS}; the planning itself ${plan?.planMs} ms): ${x?.moves.toLocaleString()} moves, ` +
      `${x?.freed.toLocaleString()} freed, ${x?.unitsMoved.toLocaleString()} units, fill ${x?.fillBefore} % -> ${x?.fillAfter} %, ` +
      `${x?.leftOut.toLocaleString()} left out  [target < 5 s: ${verdict(endpointMs < TARGET_MS)}]`,
  );
  console.log(`  export: ${secs(exportMs)}, ${(bytes / 1024).toFixed(0)} KB .xlsx (status ${file.status})`);
} finally {
  await stop();
}
