// Type-checks every TypeScript project of the repository, as many at a time as there are cores (each tsc is
// single-threaded); prints each project's errors together and fails when any project has one.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

// the longest first, so that the lanes end together
const PROJECTS = ['apps/web', 'apps/server', 'packages/contract', 'apps/web/src/sw', 'e2e', 'bench'];
const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

function check(project) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n${out}`);
      done(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const lanes = Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
  return ok;
});
const results = await Promise.all(lanes);
process.exit(results.every(Boolean) ? 0 : 1);
