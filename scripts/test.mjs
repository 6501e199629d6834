// `npm test`: every check of the repository, each started as soon as what it needs is there, so that two cores are
// kept busy (docs/testing.md#how-npm-test-runs): the lint, the type check and the build start at once (none reads
// what another writes); the browser journeys start when the build is done, Vitest when the lint and the type check
// have ended (both are mostly waiting: on Chromium and the built server, on PostgreSQL and MariaDB). Each step's
// output is printed whole when it ends, so Vitest's and node:test's summaries stay readable (`.ci/run` counts
// them); the run fails when any step fails. The journeys are not started when the build failed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * name, command, the steps that must have ended before it starts (`after`: the cores are theirs until then) and
 * those that must have passed (`needs`)
 */
const STEPS = [
  { name: 'lint', command: [npm, 'run', 'lint'], after: [], needs: [] },
  { name: 'typecheck', command: [npm, 'run', 'typecheck'], after: [], needs: [] },
  { name: 'build', command: [npm, 'run', 'build'], after: [], needs: [] },
  {
    name: 'vitest',
    command: [process.execPath, 'node_modules/vitest/vitest.mjs', 'run'],
    after: ['lint', 'typecheck'],
    needs: [],
  },
  // the journeys wait for Vitest: run together on two cores with the type check, three journeys and Vitest timed
  // out in places (a menu click, a new window, a 30 s test) that pass when each has the cores it expects
  { name: 'journeys', command: [npm, 'test', '-w', 'e2e'], after: ['build', 'vitest'], needs: ['build'] },
];

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** Runs one step with its output kept, then prints it; resolves to whether it passed. */
function run(step) {
  return new Promise((done) => {
    const since = Date.now();
    process.stdout.write(`== ${step.name}: started at ${seconds(started)}\n`);
    const [command, ...args] = step.command;
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    const finish = (ok, why = '') => {
      process.stdout.write(`\n== ${step.name} ${'='.repeat(Math.max(0, 100 - step.name.length))}\n`);
      process.stdout.write(Buffer.concat(chunks));
      process.stdout.write(`== ${step.name}: ${ok ? 'passed' : `FAILED${why}`} in ${seconds(since)}\n`);
      done(ok);
    };
    child.on('error', (error) => finish(false, ` (${error.message})`));
    child.on('close', (code) => finish(code === 0, code === 0 ? '' : ` (exit ${code})`));
  });
}

const results = new Map();
/** Each step waits for the steps before it; one whose needs failed is not run. */
const pending = new Map();
for (const step of STEPS) {
  pending.set(
    step.name,
    Promise.all(step.after.map((name) => pending.get(name))).then(async () => {
      if (!step.needs.every((name) => results.get(name))) {
        process.stdout.write(`== ${step.name}: not run (${step.needs.join(', ')} did not pass)\n`);
        results.set(step.name, false);
        return false;
      }
      const ok = await run(step);
      results.set(step.name, ok);
      return ok;
    }),
  );
}
await Promise.all(pending.values());

const failed = STEPS.filter((s) => !results.get(s.name)).map((s) => s.name);
process.stdout.write(
  `== npm test: ${failed.length ? `FAILED (${failed.join(', ')})` : 'every step passed'} in ${seconds(started)}\n`,
);
process.exit(failed.length ? 1 : 0);
