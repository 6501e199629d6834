// The real server in a child process (`location-server.ts`) for the benchmarks that measure an endpoint beside the
// raw SQL it runs: started on a fresh data folder, driven by messages, answered by the API with the admin's password.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { BenchCommand } from './location-server';

const root = new URL('..', import.meta.url).pathname;
/** The admin password of the benchmark server. */
export const BENCH_PASSWORD = 'Bench-pass-2026';

type Reply = { type: string; [key: string]: unknown };

let bundled: Promise<string> | undefined;
/**
 * The benchmark server as production runs the application: one esbuild bundle with the options of
 * apps/server/build.mjs (npm packages external), not the sources through tsx, whose per-module transform (names kept
 * on every function made per request, among others) the shipped server does not pay. Built once per run, under
 * bench/dist (ignored by git), where the packages resolve as they do for the server.
 */
function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    const pkg = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const outfile = join(root, 'bench/dist/location-server.mjs');
    await build({
      entryPoints: [join(root, 'bench/location-server.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      external: [...Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@shelfwise/')), 'fastify'],
      logLevel: 'warning',
    });
    return outfile;
  })();
  return bundled;
}

/** The median of some figures (0 for none). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Forks the server on SQLite under a fresh temporary folder (or `BENCH_DATABASE_URL`) and waits until it listens.
 * The server runs as a bundle (`serverBundle`); `BENCH_TSX=1` runs the sources through tsx instead.
 * `BENCH_CPU_PROF=<dir>` writes a CPU profile of the server process there; `BENCH_KEEP=1` keeps the data folder.
 * With `dataDir`, a further server process on the data of one already started (SQLite in WAL mode takes both).
 */
export async function startBenchServer(name: string, options: { dataDir?: string } = {}) {
  // a second process on a folder another one made (`options.dataDir`) leaves the folder to that one
  const owned = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `shelfwise-bench-${name}-`));
  const tsx = Boolean(process.env.BENCH_TSX);
  const entry = tsx ? join(root, 'bench/location-server.ts') : await serverBundle();
  const child: ChildProcess = fork(entry, [], {
    cwd: root,
    execArgv: [
      ...(tsx ? ['--import', 'tsx'] : []),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      SEED_CAPTCHA: 'off',
      SEED_REGIONS: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
    },
  });
  const replies: Reply[] = [];
  let waiting: ((r: Reply) => void) | null = null;
  child.on('message', (m: Reply) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w(m);
    } else replies.push(m);
  });
  // one listener for the child's exit, failing whoever waits then (not one more listener per message)
  let failWaiting: ((e: Error) => void) | null = null;
  child.once('exit', (c) => failWaiting?.(new Error(`bench server exited ${c}`)));
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      const queued = replies.shift();
      if (queued) return resolve(queued);
      waiting = resolve;
      failWaiting = reject;
    });
  /** Sends a command to the server process and waits for its answer. */
  const ask = (m: BenchCommand) => {
    child.send(m);
    return next();
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (!owned) return;
    if (process.env.BENCH_KEEP) console.log(`data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
  let ready: Reply;
  try {
    ready = await next();
  } catch (e) {
    await stop();
    throw e;
  }
  const base = `http://127.0.0.1:${ready.port}`;
  /** Calls the API (GET without a body, POST with one); answers the result or throws with the message. */
  const call = async <T>(path: string, body?: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const out = (await res.json()) as { code: number; result: T; message: string };
    if (out.code !== 200) throw new Error(`${path}: ${out.code} ${out.message}`);
    return out.result;
  };
  return { base, dataDir, ask, call, stop };
}
