import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

const MARK = '\u0000param:';

/**
 * A query of fixed shape compiled once and run with new parameter values: building and compiling a Kysely
 * query costs more than running it on SQLite, which matters on per-request paths. `build` receives `param(name)`
 * to stand in for each value; only scalar parameters are supported (not `in` lists, whose length changes the SQL).
 */
export function prepared<Args extends Record<string, string | number | null>, Row>(
  db: Kysely<unknown>,
  build: (param: <K extends keyof Args & string>(name: K) => Args[K]) => Compilable<Row>,
): (args: Args) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  return async (args) => {
    compiled ??= build((name) => `${MARK}${name}` as never).compile();
    const parameters = compiled.parameters.map((v) => {
      if (typeof v !== 'string' || !v.startsWith(MARK)) return v;
      const name = v.slice(MARK.length);
      if (!(name in args)) throw new Error(`prepared query: missing parameter ${name}`);
      return args[name];
    });
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}

/**
 * A multi-row INSERT of fixed columns into a table of `db`, compiled once per row count and run with a flat list of
 * values (row after row, each in the order of `columns`): bulk writes (imports) skip building and compiling a
 * query of thousands of values per batch. A transaction of the same database may be given to run it in.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database (its row types do not matter here: values are bound as given)
export function preparedInsert(db: Kysely<any>, table: string, columns: readonly string[]) {
  // by row count; the last, shorter batch of each import has its own count, so only the most recent few are kept
  const compiled = new Map<number, CompiledQuery>();
  const width = columns.length;
  // biome-ignore lint/suspicious/noExplicitAny: as `db`
  return async (values: readonly unknown[], executor: Kysely<any> = db): Promise<void> => {
    const rows = values.length / width;
    if (!Number.isInteger(rows)) throw new Error(`prepared insert: ${values.length} values are not rows of ${width}`);
    if (rows === 0) return;
    let query = compiled.get(rows);
    if (query) compiled.delete(rows);
    else {
      const marked = Array.from({ length: rows }, (_, r) =>
        Object.fromEntries(columns.map((c, i) => [c, `${MARK}${r * width + i}`])),
      );
      query = db.insertInto(table).values(marked).compile();
      // every dialect lists the values row by row, column by column: what is bound below relies on it
      if (query.parameters.some((v, i) => v !== `${MARK}${i}`))
        throw new Error(`prepared insert: unexpected parameter order for ${table}`);
      if (compiled.size >= 4) compiled.delete(compiled.keys().next().value as number);
    }
    compiled.set(rows, query);
    await executor.executeQuery({ ...query, parameters: values });
  };
}

/** Stands in for a value of a prepared statement: `param('tenantId')`; the lambda's annotation names them all. */
export type Param<Args> = <K extends keyof Args & string>(name: K) => Args[K];

/**
 * A query of fixed shape for code handed its database or transaction on each call (the count ledger runs inside
 * its callers' transactions): compiled once per dialect in use, run on the executor given. A database and its
 * transactions share one dialect adapter, which keys the cache. Every value is bound through `param(name)`
 * (constants go in as `sql.lit`): a value written in any other way would be frozen into the cached SQL for every
 * later caller, so such a query is refused when it is first compiled. The arguments are typed by annotating `param`:
 * `preparedStatement((db, p: Param<{ tenantId: number }>) => ...)`.
 */
export function preparedStatement<Args extends Record<string, string | number | null>, Row>(
  // biome-ignore lint/suspicious/noExplicitAny: any database (its row types are the builder's business)
  build: (db: Kysely<any>, param: Param<Args>) => Compilable<Row>,
  // biome-ignore lint/suspicious/noExplicitAny: as in `build`
): (db: Kysely<any>, args: Args) => Promise<QueryResult<Row>> {
  const byAdapter = new WeakMap<object, { query: CompiledQuery<Row>; names: string[] }>();
  return async (db, args) => {
    const adapter = db.getExecutor().adapter;
    let entry = byAdapter.get(adapter);
    if (!entry) {
      const query = build(db, (name) => `${MARK}${name}` as never).compile();
      const names = query.parameters.map((v) => {
        if (typeof v !== 'string' || !v.startsWith(MARK))
          throw new Error('prepared statement: a value is not bound through param()');
        return v.slice(MARK.length);
      });
      entry = { query, names };
      byAdapter.set(adapter, entry);
    }
    const parameters = entry.names.map((name) => {
      const v = args[name];
      if (v === undefined) throw new Error(`prepared statement: missing parameter ${name}`);
      return v;
    });
    return db.executeQuery<Row>({ ...entry.query, parameters });
  };
}
