// `npm run bench`: throughput and latency of the kernel's authenticated endpoints against a bare Fastify route,
// measured in the same run on this machine. Figures are printed; nothing here passes or fails a build.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const root = new URL('..', import.meta.url).pathname;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

function start(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start:\n${out}`)), 30_000);
    const on = (b: Buffer) => {
      out += b.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m });
      }
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
    child.on('exit', (c) => reject(new Error(`exited ${c}:\n${out}`)));
  });
}

async function measure(name: string, opts: autocannon.Options) {
  await autocannon({ ...opts, connections: CONNECTIONS, duration: 2 }); // warm-up
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
  const bad = r.non2xx + r.errors + r.timeouts;
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, bad };
}

const dataDir = mkdtempSync(join(tmpdir(), 'shelfwise-bench-'));
const password = 'Bench-pass-2026';
const db = process.env.BENCH_DATABASE_URL ?? '';
const server = await start(
  process.execPath,
  [join(root, 'apps/server/dist/main.js')],
  {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: password,
    SEED_CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
  },
  /running at http:\/\/localhost:(\d+)/,
);
const bare = await start(
  process.execPath,
  ['--import', 'tsx', join(root, 'bench/bare-server.ts')],
  {},
  /listening (\d+)/,
);
const base = `http://127.0.0.1:${server.match[1]}`;
const bareUrl = `http://127.0.0.1:${bare.match[1]}/bare`;

try {
  const login = await fetch(`${base}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password }),
  });
  const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
  const auth = { authorization: `Bearer ${token}` };

  const results = [
    await measure('bare Fastify route', { url: bareUrl }),
    await measure('GET /api/sysAuth/userInfo', { url: `${base}/api/sysAuth/userInfo`, headers: auth }),
    await measure('POST /api/sysConfig/page', {
      url: `${base}/api/sysConfig/page`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, pageSize: 20 }),
    }),
  ];
  const bareRps = results[0]?.rps ?? 1;
  console.log(`\nShelfwise kernel benchmark: ${CONNECTIONS} connections, ${DURATION} s each after a 2 s warm-up`);
  console.log(
    `database: ${db ? db.replace(/\/\/[^@]*@/, '//***@') : 'SQLite (embedded default)'}; server log level warn; node ${process.version}\n`,
  );
  console.log('endpoint                          req/s    p50 ms  p99 ms  vs bare   target');
  for (const r of results) {
    const ratio = r.rps / bareRps;
    const target = r.name.startsWith('bare')
      ? ''
      : ratio >= 0.3 && r.p99 < 20
        ? 'met (>=30 %, p99 < 20 ms)'
        : 'MISSED (>=30 %, p99 < 20 ms)';
    console.log(
      `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${(ratio * 100).toFixed(0).padStart(6)} %   ${target}${r.bad ? `  (${r.bad} failed requests!)` : ''}`,
    );
  }
  console.log('');
} finally {
  server.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
