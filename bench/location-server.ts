// The child process of `locations.ts`: the real application, in process, plus a way to run the exact SQL an
// endpoint ran, so that the endpoint and its raw query are measured in the same process on the same data.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { CompiledQuery } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { QueryEvent } from '../apps/server/src/kernel/db/connect';

/** Messages the parent sends. */
export type BenchCommand =
  | { type: 'captureStart' }
  | { type: 'captureStop' }
  | { type: 'raw'; queries: { sql: string; parameters: unknown[] }[]; seconds: number; concurrency: number }
  | { type: 'mem' }
  | { type: 'memWatch'; everyMs?: number; gc?: boolean }
  | { type: 'memPeak' }
  | { type: 'cpu' }
  | { type: 'floor'; body: unknown }
  | { type: 'sqlTimeStart'; sql: string[] }
  | { type: 'sqlTimeStop' }
  | { type: 'profileStart' }
  | { type: 'profileStop'; file: string };

let captured: QueryEvent[] | null = null;
let profiler: Session | null = null;
let floorBody: unknown = null;
let floorPort: Promise<number> | undefined;
/** The time the statements of `sqlTimeStart` took inside the endpoint's requests, while the load runs. */
let sqlTime: { sql: Set<string>; ms: number; statements: number } | null = null;
const { app, kernel } = await buildApp({
  config: loadConfig(),
  logger: false,
  onQuery: (e) => {
    captured?.push(e);
    if (sqlTime?.sql.has(e.sql)) {
      sqlTime.ms += e.ms;
      sqlTime.statements++;
    }
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const send = (m: unknown) => process.send?.(m);
send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });

/** Runs the queries one after another, as one "request", in `concurrency` loops for `seconds`. */
async function raw(queries: { sql: string; parameters: unknown[] }[], seconds: number, concurrency: number) {
  const compiled = queries.map((q) => CompiledQuery.raw(q.sql, q.parameters));
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      for (const q of compiled) await kernel.db.executeQuery(q);
      latencies.push(performance.now() - t0);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), count: latencies.length };
}

/**
 * The peak resident set of a measured operation (`memWatch` ... `memPeak`). On Linux the kernel's high-water mark is
 * reset at the start (`clear_refs` 5) and read at the end, so no short peak is missed (the reset also resets the
 * process's maxRSS that `mem` answers); elsewhere (or if /proc is not writable) RSS is sampled on a timer, which a
 * busy event loop delays.
 */
let watch: { timer: NodeJS.Timeout; peak: number; start: number; kernel: boolean } | null = null;
const sampleRss = () => {
  if (watch) watch.peak = Math.max(watch.peak, process.memoryUsage.rss());
};
/** A full garbage collection (the flag is set at run time: the process is not started with --expose-gc). */
const collectGarbage = () => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
};
const resetHighWater = () => {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
};
const highWater = () => {
  try {
    const kib = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kib ? Number(kib) * 1024 : 0;
  } catch {
    return 0;
  }
};

process.on('message', (m: BenchCommand) => {
  if (m.type === 'captureStart') {
    captured = [];
    send({ type: 'ok' });
  } else if (m.type === 'captureStop') {
    send({
      type: 'captured',
      queries: (captured ?? []).map((q) => ({ sql: q.sql, parameters: q.parameters, ms: q.ms })),
    });
    captured = null;
  } else if (m.type === 'mem') {
    // maxRSS: the process's peak resident set so far, in KiB
    send({ type: 'mem', rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 });
  } else if (m.type === 'memWatch') {
    // the peak of an operation, not of the process's life: maxRSS keeps the highest level of any earlier work;
    // with `gc`, the garbage of earlier work is collected first, so it is not counted as the operation's
    if (watch) clearInterval(watch.timer);
    if (m.gc) collectGarbage();
    const rss = process.memoryUsage.rss();
    const kernelMark = resetHighWater();
    watch = { timer: setInterval(sampleRss, m.everyMs ?? 20), peak: rss, start: rss, kernel: kernelMark };
    send({ type: 'ok', rss });
  } else if (m.type === 'memPeak') {
    sampleRss();
    const w = watch;
    if (w) clearInterval(w.timer);
    watch = null;
    const peak = Math.max(w?.peak ?? 0, w?.kernel ? highWater() : 0);
    send({ type: 'memPeak', start: w?.start ?? 0, peak, how: w?.kernel ? 'kernel high-water mark' : 'sampled' });
  } else if (m.type === 'cpu') {
    // CPU time of this process (user + system), in microseconds: per-request cost that other load on the machine
    // does not inflate the way it inflates wall time
    const u = process.cpuUsage();
    send({ type: 'cpu', micros: u.user + u.system });
  } else if (m.type === 'sqlTimeStart') {
    sqlTime = { sql: new Set(m.sql), ms: 0, statements: 0 };
    send({ type: 'ok' });
  } else if (m.type === 'sqlTimeStop') {
    send({ type: 'sqlTime', ms: sqlTime?.ms ?? 0, statements: sqlTime?.statements ?? 0 });
    sqlTime = null;
  } else if (m.type === 'floor') {
    // the HTTP floor: a bare Fastify route of this process answering the endpoint's answer, serialised per request
    floorBody = m.body;
    floorPort ??= (async () => {
      const bare = Fastify({ logger: false });
      bare.route({ method: ['GET', 'POST'], url: '/floor', handler: async () => floorBody });
      await bare.listen({ port: 0, host: '127.0.0.1' });
      const a = bare.server.address();
      return typeof a === 'object' && a ? a.port : 0;
    })();
    floorPort.then((port) => send({ type: 'floor', port }));
  } else if (m.type === 'profileStart') {
    // a CPU profile of one measured stretch only (`BENCH_PROFILE`), not of the set-up before it
    profiler = new Session();
    profiler.connect();
    profiler
      .post('Profiler.enable')
      .then(() => profiler?.post('Profiler.start'))
      .then(() => send({ type: 'ok' }));
  } else if (m.type === 'profileStop') {
    const session = profiler;
    profiler = null;
    session?.post('Profiler.stop').then(({ profile }) => {
      writeFileSync(m.file, JSON.stringify(profile));
      session.disconnect();
      send({ type: 'ok', file: m.file });
    });
  } else if (m.type === 'raw') {
    raw(m.queries, m.seconds, m.concurrency).then((r) => send({ type: 'raw', ...r }));
  }
});
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
