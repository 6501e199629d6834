import type { Compilable, CompiledQuery, Kysely } from 'kysely';

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
