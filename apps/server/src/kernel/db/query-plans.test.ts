import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { api, type Endpoint } from '@shelfwise/contract';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCountTask } from '../../modules/inventory/count-fixture';
import { dialectsUnderTest } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/harness';
import type { QueryEvent } from './connect';
import type { Database } from './schema';

/**
 * Every filter and sort of every list page runs on an index (docs/testing.md#query-plans): each page endpoint of
 * the contract is called with no filter, with each of its filters alone and with each of its sort fields, the
 * statements the server runs are recorded, and each one that reads a table that grows with the business (locations,
 * count lines, snapshot lines, pick records, logs, scan events, accounts, ...) is explained. A table read whole (SQLite
 * `SCAN <table>` without an index; PostgreSQL `Seq Scan` while sequential scans are priced out) fails the test,
 * unless it is one of the few named below with the reason it is bounded.
 */

/** The tables that hold a row per location, line, scan or event: a full scan of one costs seconds at a million rows. */
const BIG = [
  'wh_location',
  'wh_sku',
  'wh_sku_barcode',
  'inv_snapshot_line',
  'inv_pick_record',
  'inv_task_location',
  'inv_item',
  'inv_scan_event',
  'inv_review_item',
  'sys_user',
  'sys_log_vis',
  'sys_log_op',
  'sys_log_ex',
  'sys_log_diff',
  'sys_notice_user',
  'sys_message',
  'sys_session',
  'sys_job_firing',
  'sys_file',
];

/** What a full scan found is: the endpoint, how it was called, the table and the planner's words. */
interface Finding extends Scan {
  endpoint: string;
  call: string;
}

/**
 * The reads that grow with a table found when this test was written, per dialect (`query-plans.baseline.json`):
 * they may only go away. A new list, filter or sort that reads a big table whole fails the test; one that is fixed
 * fails it too until its line is taken out of the file (`QP_WRITE_BASELINE=1` rewrites it from what the run found).
 */
const BASELINE_FILE = fileURLToPath(new URL('./query-plans.baseline.json', import.meta.url));
const baseline = JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Record<string, string[]>;

// biome-ignore lint/suspicious/noExplicitAny: Zod's internal definition, read to make sample values
type Def = any;

/** The schema under optional / nullable / default / pipe wrappers. */
function unwrap(schema: Def): Def {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const def = s?._zod?.def;
    if (!def) return s;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type))
      s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else return s;
  }
  return s;
}

/** Sample values a user might send for a filter, by name where the type alone does not tell. */
const SAMPLES: Record<string, unknown> = {
  startTime: '2026-01-01 00:00:00',
  endTime: '2026-12-31 23:59:59',
  from: '2026-01-01',
  to: '2026-12-31',
  date: '2026-01-01',
  dateFrom: '2026-01-01',
  dateTo: '2026-12-31',
  keyword: 'a1',
  auditStatus: 2,
};

function sample(key: string, schema: Def): unknown {
  if (key in SAMPLES) return SAMPLES[key];
  const s = unwrap(schema);
  const def = s?._zod?.def;
  switch (def?.type) {
    case 'string':
      return /id$/i.test(key) ? '1' : 'A1';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'array':
      return [sample(key, def.element)];
    case 'union':
      return sample(key, def.options[0]);
    default:
      return 1;
  }
}

/** Fields a list needs although its schema leaves them optional (count lines: a task or a sub-task). */
const BASE: Record<string, string[]> = { 'inventoryCheckItem.page': ['taskId'] };

const PAGING = new Set(['page', 'pageSize', 'field', 'order', 'cursor', 'exactTotal', 'descStr']);

/** The calls that exercise one page endpoint: no filter, each filter alone, each sort field. */
function callsOf(endpoint: Endpoint): { how: string; input: Record<string, unknown> }[] {
  const shape = unwrap(endpoint.input)?._zod?.def?.shape as Record<string, Def> | undefined;
  if (!shape) return [];
  const base: Record<string, unknown> = { page: 1, pageSize: 20 };
  const needed = BASE[`${endpoint.service}.${endpoint.action}`] ?? [];
  const optional: string[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    if (PAGING.has(key)) continue;
    if (needed.includes(key)) {
      base[key] = sample(key, schema);
      continue;
    }
    if (schema.safeParse(undefined).success) optional.push(key);
    else base[key] = sample(key, schema);
  }
  const calls = [{ how: 'unfiltered', input: base }];
  for (const key of optional) calls.push({ how: `filter ${key}`, input: { ...base, [key]: sample(key, shape[key]) } });
  const sorts = unwrap(shape.field)?._zod?.def?.entries as Record<string, string> | undefined;
  for (const field of Object.values(sorts ?? {})) {
    calls.push({ how: `sort ${field}`, input: { ...base, field, order: 'descending' } });
  }
  return calls;
}

/** Every page endpoint of the contract. */
function pageEndpoints(): Endpoint[] {
  const out: Endpoint[] = [];
  for (const service of Object.values(api) as Record<string, Endpoint>[]) {
    for (const endpoint of Object.values(service)) {
      if (/^page|Page$/.test(endpoint.action)) out.push(endpoint);
    }
  }
  return out;
}

const readsBig = (text: string) => BIG.filter((t) => new RegExp(`["\`]?${t}["\`]?(?![a-z_])`).test(text));

/** A big table read in a way that grows with the table: how, and the planner's words. */
interface Scan {
  table: string;
  kind: 'full scan' | 'filter off the index' | 'sort off the index';
  plan: string;
}

/**
 * What SQLite's plan of a statement reads whole: a table scan (`SCAN t`); a walk of the tenant's rows (the index
 * constrains only `tenant_id`) while the call filtered (the filter is checked row by row, so a rare value walks them
 * all); or that walk while the rows are sorted apart (`USE TEMP B-TREE FOR ORDER BY`: every row read to sort).
 */
async function sqliteScans(db: Kysely<Database>, q: QueryEvent, filtered: boolean): Promise<Scan[]> {
  const rows = (await db.executeQuery(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]))).rows as {
    detail: string;
  }[];
  const details = rows.map((r) => r.detail.trim());
  const sortsApart = details.some((d) => d.startsWith('USE TEMP B-TREE FOR ORDER BY'));
  const out: Scan[] = [];
  for (const detail of details) {
    const scan = /^SCAN (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX \w+)?$/.exec(detail);
    if (scan?.[1] && BIG.includes(scan[1])) {
      out.push({ table: scan[1], kind: 'full scan', plan: detail });
      continue;
    }
    const search = /^SEARCH (\w+)(?: AS \w+)? USING (?:COVERING )?INDEX \w+ \((.*)\)$/.exec(detail);
    if (!search?.[1] || !BIG.includes(search[1]) || search[2] !== 'tenant_id=?') continue;
    if (filtered) out.push({ table: search[1], kind: 'filter off the index', plan: detail });
    else if (sortsApart) out.push({ table: search[1], kind: 'sort off the index', plan: detail });
  }
  return out;
}

/**
 * The same in PostgreSQL's plan, with sequential scans and sorts priced out (`enable_seqscan`, `enable_sort` off), so
 * the planner takes any index that serves: a `Seq Scan` of a big table left in the plan means no index serves the
 * statement at all. Walks of the tenant's rows are judged on SQLite only: PostgreSQL chooses between indexes and joins
 * by row estimates, which a test database of a few rows cannot give it (its plans for them join and sort as for a
 * small table), while SQLite takes the statistics written by `bigTableStatistics`.
 */
async function postgresScans(db: Kysely<Database>, q: QueryEvent): Promise<Scan[]> {
  return db.connection().execute(async (c) => {
    // priced out: a sequential scan where an index serves, and a sort where an index gives the order
    await sql`set enable_seqscan = off`.execute(c);
    await sql`set enable_sort = off`.execute(c);
    try {
      const res = await c.executeQuery(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${q.sql}`, [...q.parameters]));
      const plan = (res.rows[0] as { 'QUERY PLAN': unknown })['QUERY PLAN'];
      const out: Scan[] = [];
      const walk = (node: Def) => {
        if (!node || typeof node !== 'object') return;
        const table = node['Relation Name'];
        if (BIG.includes(table)) {
          const type = node['Node Type'];
          if (type === 'Seq Scan') out.push({ table, kind: 'full scan', plan: `Seq Scan ${node.Filter ?? ''}` });
        }
        for (const child of node.Plans ?? []) walk(child);
        if (node.Plan) walk(node.Plan);
      };
      for (const p of (typeof plan === 'string' ? JSON.parse(plan) : plan) as Def[]) walk(p);
      return out;
    } finally {
      await sql`reset enable_seqscan`.execute(c);
      await sql`reset enable_sort`.execute(c);
    }
  });
}

/**
 * Makes SQLite plan as it would for a tenant of a million rows: the test database holds a few rows, and without
 * statistics the planner picks indexes by rules of thumb that differ from a big table's. Each index of a big table
 * gets the statistics `ANALYZE` would write for 1,000,000 rows in two tenants (the tenant column halves them, the next
 * column leaves 50 rows, a unique index one), and the planner reloads them.
 */
async function bigTableStatistics(db: Kysely<Database>) {
  await sql`ANALYZE`.execute(db);
  const indexes = (
    await sql<{ tbl: string; name: string; unique: number }>`
      SELECT m.name AS tbl, il.name AS name, il."unique" AS "unique"
      FROM sqlite_schema m, pragma_index_list(m.name) il WHERE m.type = 'table'`.execute(db)
  ).rows.filter((r) => BIG.includes(r.tbl));
  await sql`DELETE FROM sqlite_stat1 WHERE tbl IN (${sql.join(BIG)})`.execute(db);
  for (const ix of indexes) {
    const columns = (await sql<{ name: string }>`SELECT name FROM pragma_index_info(${ix.name})`.execute(db)).rows;
    const stat = [1_000_000];
    columns.forEach((c, i) => {
      if (i === columns.length - 1 && ix.unique) stat.push(1);
      else if (c.name === 'tenant_id' && i === 0) stat.push(500_000);
      else stat.push(Math.max(1, Math.round(50 / 10 ** (i - 1))));
    });
    await sql`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (${ix.tbl}, ${ix.name}, ${stat.join(' ')})`.execute(db);
  }
  for (const table of BIG)
    await sql`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (${table}, NULL, '1000000')`.execute(db);
  await sql`ANALYZE sqlite_schema`.execute(db);
}

for (const dialect of dialectsUnderTest().filter((d) => d !== 'mysql')) {
  describe(`query plans of every list [${dialect}]`, () => {
    let t: TestApp;
    let recording: QueryEvent[] | undefined;
    let admin = '';
    beforeAll(async () => {
      t = await startTestApp(dialect, { onQuery: (e) => recording?.push(e) });
      admin = (await t.login('admin')).accessToken;
      // lists of one count task or one warehouse are asked for an existing one (an unknown id answers 404 first)
      const seeded = await seedCountTask(t, admin, { prefix: 'QP' });
      if (dialect === 'sqlite') await bigTableStatistics(t.kernel.db);
      Object.assign(SAMPLES, {
        taskId: seeded.taskId,
        subTaskId: seeded.subTaskIds[0],
        warehouseId: seeded.warehouseId,
        snapshotId: seeded.snapshotId,
        areaId: seeded.areaId,
        consignorId: seeded.consignorId,
      });
    }, 120_000);
    afterAll(() => t?.close());

    it('reads no big table whole for any filter or sort of a list page', async () => {
      const findings: Finding[] = [];
      const refused: string[] = [];
      let explained = 0;
      for (const endpoint of pageEndpoints()) {
        for (const { how, input } of callsOf(endpoint)) {
          // the log rows of the calls before are written first: their statements are not this call's
          await t.kernel.logs.flush();
          recording = [];
          const res = await t.call(endpoint, input, { token: admin });
          const ran = recording;
          recording = undefined;
          const name = `${endpoint.service}.${endpoint.action}`;
          if (res.status !== 200) {
            refused.push(`${name} ${how}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
            continue;
          }
          for (const q of ran) {
            if (!/^\s*(select|with)\b/i.test(q.sql) || readsBig(q.sql).length === 0) continue;
            explained++;
            const filtered = how.startsWith('filter');
            const scans =
              dialect === 'sqlite' ? await sqliteScans(t.kernel.db, q, filtered) : await postgresScans(t.kernel.db, q);
            for (const s of scans)
              findings.push({ endpoint: name, call: how, ...s, plan: `${s.plan} ${process.env.QP_SQL ? q.sql : ''}` });
          }
        }
      }
      const found = [...new Set(findings.map((f) => `${f.endpoint} ${f.call}: ${f.kind} of ${f.table}`))].sort();
      const known = new Set(baseline[dialect] ?? []);
      console.info(
        `[query plans ${dialect}] ${pageEndpoints().length} list endpoints, ${explained} statements explained, ` +
          `${found.length} reads that grow with a big table (${[...known].length} in the baseline)`,
      );
      if (process.env.QP_WRITE_BASELINE) {
        writeFileSync(BASELINE_FILE, `${JSON.stringify({ ...baseline, [dialect]: found }, null, 2)}\n`);
        baseline[dialect] = found;
        return;
      }
      expect(refused, 'every sample call is accepted').toEqual([]);
      const details = new Map(findings.map((f) => [`${f.endpoint} ${f.call}: ${f.kind} of ${f.table}`, f.plan]));
      expect(
        found.filter((f) => !known.has(f)).map((f) => `${f} (${details.get(f)})`),
        'new reads of a whole big table',
      ).toEqual([]);
      expect(
        [...known].filter((f) => !found.includes(f)),
        'fixed: take these out of query-plans.baseline.json',
      ).toEqual([]);
    }, 300_000);
  });
}
