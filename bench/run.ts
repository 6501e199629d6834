// `npm run bench`: throughput and latency of the kernel's authenticated endpoints against a bare Fastify route,
// measured in the same run on this machine. Figures are printed; nothing here passes or fails a build.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const root = new URL('..', import.meta.url).pathname;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

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

async function measure(name: string, opts: autocannon.Options, warmUp: boolean) {
  if (warmUp) await autocannon({ ...opts, connections: CONNECTIONS, duration: 2 });
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
  /listening (\d+) (\d+)/,
);
const base = `http://127.0.0.1:${server.match[1]}`;
const bareUrl = `http://127.0.0.1:${bare.match[1]}/bare`;
const dressedUrl = `http://127.0.0.1:${bare.match[2]}/api/bare`;

try {
  const login = await fetch(`${base}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password }),
  });
  const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
  const auth = { authorization: `Bearer ${token}` };

  const targets: { name: string; opts: autocannon.Options; gated: boolean }[] = [
    { name: 'bare Fastify route', opts: { url: bareUrl }, gated: false },
    { name: 'bare route + API headers', opts: { url: dressedUrl }, gated: false },
    {
      name: 'GET /api/sysConst/data (no DB)',
      opts: { url: `${base}/api/sysConst/data/StatusEnum`, headers: auth },
      gated: false,
    },
    { name: 'GET /api/sysAuth/userInfo', opts: { url: `${base}/api/sysAuth/userInfo`, headers: auth }, gated: true },
    {
      name: 'POST /api/sysConfig/page',
      opts: {
        url: `${base}/api/sysConfig/page`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ page: 1, pageSize: 20 }),
      },
      gated: true,
    },
  ];
  // the cost of the operation log: one write endpoint with the log switched on and off, back to back
  const json = { ...auth, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
    const out = (await res.json()) as { code: number; result: unknown; message: string };
    if (out.code !== 200) throw new Error(`${path}: ${out.code} ${out.message}`);
    return out.result;
  };
  const typeId = (await post('/api/sysDictType/add', { name: 'Bench', code: 'BenchType' })) as number;
  const valueId = (await post('/api/sysDictData/add', { dictTypeId: typeId, value: 'b', label: 'Bench' })) as number;
  const opLog = (on: boolean) => post('/api/sysConfig/batchUpdate', [{ code: 'sys_op_log', value: String(on) }]);
  const write: autocannon.Options = {
    url: `${base}/api/sysDictData/update`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ id: valueId, dictTypeId: typeId, value: 'b', label: 'Bench value', remark: 'measured' }),
  };

  // this machine's throughput drifts by tens of percent between minutes: the endpoints are measured in
  // interleaved rounds, each ratio against the bare route of the same round, and medians are reported
  const rounds: Awaited<ReturnType<typeof measure>>[][] = [];
  const logRounds: { on: Awaited<ReturnType<typeof measure>>; off: Awaited<ReturnType<typeof measure>> }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const row = [];
    for (const t of targets) row.push(await measure(t.name, t.opts, round === 0));
    rounds.push(row);
    // alternate which comes first, so a drift within the round does not favour one side
    const pair: Partial<(typeof logRounds)[number]> = {};
    for (const on of round % 2 === 0 ? [true, false] : [false, true]) {
      await opLog(on);
      pair[on ? 'on' : 'off'] = await measure(`write, op log ${on ? 'on' : 'off'}`, write, round === 0);
    }
    logRounds.push(pair as (typeof logRounds)[number]);
  }
  await opLog(true);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(
    `\nShelfwise kernel benchmark: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s, medians`,
  );
  console.log(
    `database: ${db ? db.replace(/\/\/[^@]*@/, '//***@') : 'SQLite (embedded default)'}; server log level warn; node ${process.version}\n`,
  );
  console.log(
    'endpoint                          req/s    p50 ms  p99 ms  vs bare   target (>= 30 % of bare, p99 < 20 ms)',
  );
  targets.forEach((t, i) => {
    const runs = rounds.map((row) => row[i] as Awaited<ReturnType<typeof measure>>);
    const ratios = rounds.map((row) => (row[i]?.rps ?? 0) / (row[0]?.rps ?? 1));
    const rps = median(runs.map((r) => r.rps));
    const p50 = median(runs.map((r) => r.p50));
    const p99 = median(runs.map((r) => r.p99));
    const ratio = median(ratios);
    const bad = runs.reduce((n, r) => n + r.bad, 0);
    const verdict =
      i === 0 ? '' : `${ratio >= 0.3 ? 'ratio met' : 'ratio MISSED'}, ${p99 < 20 ? 'p99 met' : 'p99 MISSED'}`;
    const note =
      i === 1 ? '(yardstick: the response headers alone)' : t.gated ? verdict : `${verdict} (kernel path only)`;
    console.log(
      `${t.name.padEnd(32)} ${rps.toFixed(0).padStart(7)} ${String(p50).padStart(8)} ${String(p99).padStart(7)} ${(ratio * 100).toFixed(0).padStart(6)} %   ${i === 0 ? '' : note}${bad ? `  (${bad} failed requests!)` : ''}`,
    );
  });
  const logRatios = logRounds.map((r) => r.on.rps / (r.off.rps || 1));
  const logRatio = median(logRatios);
  const badWrites = logRounds.reduce((n, r) => n + r.on.bad + r.off.bad, 0);
  console.log('\noperation log cost on a write endpoint (POST /api/sysDictData/update, diff log on in both):');
  for (const side of ['on', 'off'] as const) {
    const runs = logRounds.map((r) => r[side]);
    console.log(
      `  op log ${side.padEnd(3)}  ${median(runs.map((r) => r.rps))
        .toFixed(0)
        .padStart(7)} req/s  p50 ${median(runs.map((r) => r.p50))} ms  p99 ${median(runs.map((r) => r.p99))} ms`,
    );
  }
  console.log(
    `  on/off ratio ${logRatio.toFixed(3)} (logging costs ${((1 - logRatio) * 100).toFixed(1)} %; target under 10 %: ${logRatio >= 0.9 ? 'met' : 'MISSED'}); per round ${logRatios.map((r) => r.toFixed(3)).join(' ')}${badWrites ? `  (${badWrites} failed requests!)` : ''}`,
  );
  console.log(
    `ratios per round: ${rounds
      .map((row) =>
        row
          .slice(1)
          .map((r) => `${((r.rps / (row[0]?.rps ?? 1)) * 100).toFixed(0)}%`)
          .join(' '),
      )
      .join(' | ')}\n`,
  );
} finally {
  server.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
