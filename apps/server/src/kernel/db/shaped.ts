import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** A value bound to a shaped query. */
export type ShapeValue = string | number | null;

const MARK = '\u0000shape:';

/**
 * Queries whose SQL depends only on which arguments are present (a list page with optional filters), compiled once
 * per shape and run with new values: building and compiling a Kysely query of a few joins and filters takes longer
 * than SQLite takes to run it, on every request of a list page. The shape is the names of the arguments given (and
 * `extra`, e.g. the sort), so `build` must decide what to add from `args` alone and bind every value through
 * `param(name)`; a value written into the query any other way would be frozen into the cached SQL, so a compiled
 * query with any parameter that is not such a binding is refused. Lists (`in`) are
 * bound element by element (`param('ids.0')`, ...), their length being part of the names.
 */
export function createShapedQueries(db: Kysely<unknown>, max = 200) {
  const cache = new Map<string, CompiledQuery>();
  return async function run<Row>(
    name: string,
    args: Record<string, ShapeValue>,
    extra: string,
    build: (param: (key: string) => never) => Compilable<Row>,
  ): Promise<Row[]> {
    const key = `${name}|${Object.keys(args).sort().join(',')}|${extra}`;
    let compiled = cache.get(key);
    if (compiled) {
      cache.delete(key);
    } else {
      compiled = build((k) => {
        if (!(k in args)) throw new Error(`shaped query ${name}: no argument ${k}`);
        return `${MARK}${k}` as never;
      }).compile();
      // a value written in rather than bound would be reused for every later caller of this shape (another tenant's
      // id, another filter): refused, so such a query fails its first test instead of leaking
      if (compiled.parameters.some((v) => typeof v !== 'string' || !v.startsWith(MARK))) {
        throw new Error(`shaped query ${name}: a value is not bound through param()`);
      }
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    }
    cache.set(key, compiled);
    const parameters = compiled.parameters.map((v) =>
      typeof v === 'string' && v.startsWith(MARK) ? args[v.slice(MARK.length)] : v,
    );
    return (await db.executeQuery<Row>({ ...(compiled as CompiledQuery<Row>), parameters })).rows;
  };
}

/** Runs shaped queries of one database (see `createShapedQueries`). */
export type ShapedQueries = ReturnType<typeof createShapedQueries>;
