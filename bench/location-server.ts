// The child process of `locations.ts`: the real application, in process, plus a way to run the exact SQL an
// endpoint ran, so that the endpoint and its raw query are measured in the same process on the same data.
import { CompiledQuery } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { QueryEvent } from '../apps/server/src/kernel/db/connect';

/** Messages the parent sends. */
export type BenchCommand =
  | { type: 'captureStart' }
  | { type: 'captureStop' }
  | { type: 'raw'; queries: { sql: string; parameters: unknown[] }[]; seconds: number; concurrency: number }
  | { type: 'mem' };

let captured: QueryEvent[] | null = null;
const { app, kernel } = await buildApp({
  config: loadConfig(),
  logger: false,
  onQuery: (e) => captured?.push(e),
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

process.on('message', (m: BenchCommand) => {
  if (m.type === 'captureStart') {
    captured = [];
    send({ type: 'ok' });
  } else if (m.type === 'captureStop') {
    send({ type: 'captured', queries: (captured ?? []).map((q) => ({ sql: q.sql, parameters: q.parameters })) });
    captured = null;
  } else if (m.type === 'mem') {
    // maxRSS: the process's peak resident set so far, in KiB
    send({ type: 'mem', rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 });
  } else if (m.type === 'raw') {
    raw(m.queries, m.seconds, m.concurrency).then((r) => send({ type: 'raw', ...r }));
  }
});
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
