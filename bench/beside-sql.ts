// An endpoint measured beside the raw SQL it runs (issues 5 and 6), with where its time goes: the same statements
// timed inside its requests, and the HTTP floor of this machine (a bare Fastify route sending the same answer).
import autocannon from 'autocannon';
import { median, type startBenchServer } from './bench-server';

type Server = Awaited<ReturnType<typeof startBenchServer>>;

/** How an endpoint is measured: its request, which of its statements are "its SQL", and the load. */
export interface BesideSqlOptions {
  token: string;
  path: string;
  body: unknown;
  /** The statements counted as the endpoint's SQL (the rest, if any, is named in the report). */
  sqlMatch: RegExp;
  connections: number;
  seconds: number;
  rounds: number;
  /** With `BENCH_PROFILE=<dir>`: a CPU profile of one more round is written there under this name. */
  profileName: string;
}

/** Figures of one endpoint: medians over the interleaved rounds; times per request in microseconds. */
export interface BesideSql {
  total: number;
  rows: number;
  sql: string[];
  others: number;
  apiRps: number;
  apiP50: number;
  apiP99: number;
  rawRps: number;
  rawP50: number;
  rawP99: number;
  floorRps: number;
  ratio: number;
  perRound: number[];
  bad: number;
  /** Time per request: the endpoint's, its statements' inside it, the raw loop's, the floor's. */
  us: { endpoint: number; sqlInside: number; raw: number; floor: number };
  profile?: string;
}

const perSecond = (r: autocannon.Result) => r.requests.average || 1;

/** Runs the endpoint at `connections` and its SQL in the server's process, round after round, and the floor. */
export async function besideSql(server: Server, o: BesideSqlOptions): Promise<BesideSql> {
  const { ask, call, base } = server;
  const opts: autocannon.Options = {
    url: `${base}${o.path}`,
    method: 'POST',
    headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(o.body),
  };
  await ask({ type: 'captureStart' });
  const sample = await call<{ total: number; items: unknown[] }>(o.path, o.body, o.token);
  const { queries } = (await ask({ type: 'captureStop' })) as unknown as {
    queries: { sql: string; parameters: unknown[] }[];
  };
  const own = queries.filter((q) => o.sqlMatch.test(q.sql));
  const load = { connections: o.connections, duration: o.seconds };
  await autocannon({ ...opts, ...load, duration: 2 });
  const rounds: { api: autocannon.Result; raw: { rps: number; p50: number; p99: number }; sqlUs: number }[] = [];
  for (let round = 0; round < o.rounds; round++) {
    await ask({ type: 'sqlTimeStart', sql: own.map((q) => q.sql) });
    const api = await autocannon({ ...opts, ...load });
    const inside = (await ask({ type: 'sqlTimeStop' })) as unknown as { ms: number };
    const raw = (await ask({
      type: 'raw',
      queries: own,
      seconds: o.seconds,
      concurrency: o.connections,
    })) as unknown as {
      rps: number;
      p50: number;
      p99: number;
    };
    rounds.push({ api, raw, sqlUs: (inside.ms * 1000) / (api.requests.total || 1) });
  }
  // the floor: the endpoint's whole answer (wrapper included), sent by a bare route of the same process
  const answer = await fetch(opts.url, {
    method: 'POST',
    headers: opts.headers as Record<string, string>,
    body: opts.body as string,
  });
  const { port } = (await ask({ type: 'floor', body: await answer.json() })) as unknown as { port: number };
  const floor = await autocannon({ ...opts, ...load, url: `http://127.0.0.1:${port}/floor` });
  let profile: string | undefined;
  if (process.env.BENCH_PROFILE) {
    // after the measured rounds, so that the profiler does not change their figures
    profile = `${process.env.BENCH_PROFILE}/${o.profileName}.cpuprofile`;
    await ask({ type: 'profileStart' });
    await autocannon({ ...opts, ...load });
    await ask({ type: 'profileStop', file: profile });
  }
  const apiRps = median(rounds.map((r) => perSecond(r.api)));
  const rawRps = median(rounds.map((r) => r.raw.rps));
  const floorRps = perSecond(floor);
  return {
    total: sample.total,
    rows: sample.items.length,
    sql: own.map((q) => q.sql.replace(/\s+/g, ' ')),
    others: queries.length - own.length,
    apiRps,
    apiP50: median(rounds.map((r) => r.api.latency.p50)),
    apiP99: median(rounds.map((r) => r.api.latency.p99)),
    rawRps,
    rawP50: median(rounds.map((r) => r.raw.p50)),
    rawP99: median(rounds.map((r) => r.raw.p99)),
    floorRps,
    ratio: median(rounds.map((r) => r.raw.rps / perSecond(r.api))),
    perRound: rounds.map((r) => r.raw.rps / perSecond(r.api)),
    bad: rounds.reduce((n, r) => n + r.api.non2xx + r.api.errors + r.api.timeouts, 0) + floor.non2xx,
    us: {
      endpoint: 1e6 / apiRps,
      sqlInside: median(rounds.map((r) => r.sqlUs)),
      raw: 1e6 / rawRps,
      floor: 1e6 / floorRps,
    },
    profile,
  };
}

/** The lines of the report: the SQL, the three measurements side by side, the ratio and where the time goes. */
export function besideSqlReport(m: BesideSql, o: { connections: number; rounds: number; seconds: number }): string[] {
  const row = (name: string, rps: number, p50: number | string, p99: number | string) =>
    `${name.padEnd(30)}${rps.toFixed(0).padStart(7)} ${String(p50).padStart(8)} ${String(p99).padStart(8)}`;
  const us = (v: number) => `${v.toFixed(0)} us`;
  const rest = m.us.endpoint - m.us.sqlInside - m.us.floor;
  return [
    `the SQL it runs (${m.sql.length} statements${m.others ? `; ${m.others} other queries of the request not counted` : ''}):`,
    ...m.sql.map((q) => `  ${q}`),
    `${o.connections} connections, ${o.rounds} interleaved rounds of ${o.seconds} s, medians`,
    `${''.padEnd(30)}  req/s   p50 ms   p99 ms`,
    row('endpoint (HTTP)', m.apiRps, m.apiP50.toFixed(2), m.apiP99.toFixed(2)) +
      (m.bad ? `  (${m.bad} failed requests!)` : ''),
    row('raw SQL, same process', m.rawRps, m.rawP50.toFixed(2), m.rawP99.toFixed(2)),
    row('bare Fastify route, same answer', m.floorRps, '', ''),
    `endpoint time / raw SQL time: ${m.ratio.toFixed(2)}x (per round: ${m.perRound.map((r) => `${r.toFixed(2)}x`).join(' ')})`,
    `time per request: endpoint ${us(m.us.endpoint)} = its SQL ${us(m.us.sqlInside)} (the same statements in the raw loop: ${us(m.us.raw)})`,
    `  + HTTP floor ${us(m.us.floor)} (a bare Fastify route of the same process sending the same answer)`,
    `  + the rest ${us(rest)} (token and session checks, input and output schemas, data scope, mapping, hooks)`,
    ...(m.profile ? [`CPU profile of one more round: ${m.profile}`] : []),
  ];
}
