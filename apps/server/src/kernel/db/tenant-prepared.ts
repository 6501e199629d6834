import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { markedTenantDb, type TenantDb, tenantIdOf } from './tenant-db';

// Statements compiled once and run for every tenant (docs/tenancy-and-permissions.md#hot-paths). Building and
// compiling a Kysely query costs more than SQLite takes to run it, so the per-request and bulk paths compile a
// statement once; these helpers do it on a handle whose tenant scope binds the tenant as a marked parameter, and fill
// the marker in with the tenant of the `TenantDb` (or transaction of one) each call runs on. A statement can thus no
// more forget the tenant than a query built on the tenant database can, and callers never pass a tenant id.

const PARAM = '\u0000tparam:';
const TENANT = '\u0000tenant';

/** A value a statement binds. */
export type BoundValue = string | number | null;

/** Stands in for a value of a compiled statement: `param('code')`; annotating it names the arguments. */
export type Param<Args> = <K extends keyof Args & string>(name: K) => Args[K];

/** A compiled statement and, per parameter, the argument it takes (null: the tenant). */
interface Plan<Row> {
  query: CompiledQuery<Row>;
  names: (string | null)[];
}

// biome-ignore lint/suspicious/noExplicitAny: a tenant database or a transaction of one, of any schema
type AnyDb = Kysely<any>;

function plan<Row>(db: AnyDb, what: string, build: (db: TenantDb, param: (name: string) => never) => Compilable<Row>) {
  const query = build(markedTenantDb(db, TENANT), (name) => `${PARAM}${name}` as never).compile();
  const names = query.parameters.map((v) => {
    if (v === TENANT) return null;
    // a value written in rather than bound would be reused for every later caller (another tenant's, another
    // filter's): refused, so such a statement fails its first test instead of leaking
    if (typeof v !== 'string' || !v.startsWith(PARAM)) throw new Error(`${what}: a value is not bound through param()`);
    return v.slice(PARAM.length);
  });
  return { query, names } satisfies Plan<Row>;
}

function bind(what: string, names: readonly (string | null)[], args: Record<string, unknown>, tenantId: number) {
  const out = new Array<unknown>(names.length);
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string | null;
    if (name === null) out[i] = tenantId;
    else {
      const v = args[name];
      if (v === undefined) throw new Error(`${what}: missing parameter ${name}`);
      out[i] = v;
    }
  }
  return out;
}

/**
 * A statement of fixed shape, compiled once per dialect in use and run on the tenant database or transaction handed
 * in: `const byCode = tenantStatement((db, p: Param<{ code: string }>) => db.selectFrom('sku')...where('code', '=', p('code')))`,
 * then `await byCode(tdb, { code })`. The tenant condition is the scope's, filled in from `tdb`.
 */
export function tenantStatement<Args extends Record<string, BoundValue>, Row>(
  build: (db: TenantDb, param: Param<Args>) => Compilable<Row>,
): (tdb: AnyDb, args: Args) => Promise<QueryResult<Row>> {
  // a database and its transactions share one dialect adapter, which keys the compiled statement
  const byAdapter = new WeakMap<object, Plan<Row>>();
  return (tdb, args) => {
    const tenantId = tenantIdOf(tdb);
    const adapter = tdb.getExecutor().adapter;
    let p = byAdapter.get(adapter);
    if (!p) {
      p = plan(tdb, 'tenant statement', build as never);
      byAdapter.set(adapter, p);
    }
    return tdb.executeQuery<Row>({ ...p.query, parameters: bind('tenant statement', p.names, args, tenantId) });
  };
}

/** As `tenantStatement`, answering the rows. */
export function tenantPrepared<Args extends Record<string, BoundValue>, Row>(
  build: (db: TenantDb, param: Param<Args>) => Compilable<Row>,
): (tdb: AnyDb, args: Args) => Promise<Row[]> {
  const run = tenantStatement(build);
  return async (tdb, args) => (await run(tdb, args)).rows;
}

/**
 * Queries whose SQL depends only on which arguments are present (a list page with optional filters), compiled once
 * per shape and run with new values. The shape is the names of the arguments given plus `extra` (e.g. the sort), so
 * `build` must decide what to add from `args` alone and bind every value through `param(name)`; lists (`in`) are bound
 * element by element (`param('ids.0')`, ...), their length being part of the names. At most `max` shapes are kept.
 */
export function createTenantShapedQueries(max = 200) {
  const byAdapter = new WeakMap<object, Map<string, Plan<unknown>>>();
  return async function run<Row>(
    tdb: AnyDb,
    name: string,
    args: Record<string, BoundValue>,
    extra: string,
    build: (db: TenantDb, param: (key: string) => never) => Compilable<Row>,
  ): Promise<Row[]> {
    const tenantId = tenantIdOf(tdb);
    const adapter = tdb.getExecutor().adapter;
    let cache = byAdapter.get(adapter);
    if (!cache) {
      cache = new Map();
      byAdapter.set(adapter, cache);
    }
    const key = `${name}|${Object.keys(args).sort().join(',')}|${extra}`;
    let p = cache.get(key) as Plan<Row> | undefined;
    if (p) cache.delete(key);
    else {
      p = plan<Row>(tdb, `shaped query ${name}`, (db, param) =>
        build(db, (k) => {
          if (!(k in args)) throw new Error(`shaped query ${name}: no argument ${k}`);
          return param(k);
        }),
      );
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    }
    cache.set(key, p as Plan<unknown>);
    return (await tdb.executeQuery<Row>({ ...p.query, parameters: bind(name, p.names, args, tenantId) })).rows;
  };
}

/** Runs shaped queries (see `createTenantShapedQueries`). */
export type TenantShapedQueries = ReturnType<typeof createTenantShapedQueries>;

/**
 * A multi-row INSERT of fixed columns (without the tenant column, which the scope adds) into a tenant-owned table,
 * compiled once per row count and dialect and run with a flat list of values (row after row, each in the order of
 * `columns`) on the tenant database or transaction handed in: bulk writes (imports, scans) skip building and
 * compiling a query of thousands of values per batch.
 */
export function tenantPreparedInsert(table: string, columns: readonly string[]) {
  const width = columns.length;
  // per adapter, by row count; the last, shorter batch of each import has its own count, so only a few are kept
  const byAdapter = new WeakMap<object, Map<number, { query: CompiledQuery; at: Int32Array }>>();
  return async (tdb: AnyDb, values: readonly unknown[]): Promise<void> => {
    const rows = values.length / width;
    if (!Number.isInteger(rows)) throw new Error(`prepared insert: ${values.length} values are not rows of ${width}`);
    if (rows === 0) return;
    const tenantId = tenantIdOf(tdb);
    const adapter = tdb.getExecutor().adapter;
    let cache = byAdapter.get(adapter);
    if (!cache) {
      cache = new Map();
      byAdapter.set(adapter, cache);
    }
    let entry = cache.get(rows);
    if (entry) cache.delete(rows);
    else {
      const marked = Array.from({ length: rows }, (_, r) =>
        Object.fromEntries(columns.map((c, i) => [c, `${PARAM}${r * width + i}`])),
      );
      const p = plan(tdb, `prepared insert into ${table}`, (db) => (db as AnyDb).insertInto(table).values(marked));
      // where each bound value comes from: an index into `values`, or -1 for the tenant
      const at = Int32Array.from(p.names, (n) => (n === null ? -1 : Number(n)));
      entry = { query: p.query, at };
      if (cache.size >= 4) cache.delete(cache.keys().next().value as number);
    }
    cache.set(rows, entry);
    const { at } = entry;
    const parameters = new Array<unknown>(at.length);
    for (let i = 0; i < at.length; i++) parameters[i] = at[i] === -1 ? tenantId : values[at[i] as number];
    await tdb.executeQuery({ ...entry.query, parameters });
  };
}
