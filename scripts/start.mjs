// `npm start`: builds the web app and the server when their output is missing or older than the sources,
// then runs the server. Environment: .env in the project root (if present), then the real environment.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const outputs = [join(root, 'apps/server/dist/main.js'), join(root, 'apps/web/dist/index.html')];
const builtAt = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
const sourcesAt = Math.max(
  newest(join(root, 'apps/server/src')),
  newest(join(root, 'apps/web/src')),
  newest(join(root, 'packages/contract/src')),
);
if (builtAt < sourcesAt) {
  console.log('Building the web app and the server...');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// the server exits with 75 to be started again: a restore from the updates page is swapped in at that start
// (docs/backup-and-restore.md); any other exit ends `npm start` with the server's code
const RESTART_EXIT_CODE = 75;
let child;
let stopping = false;
function run() {
  child = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  child.on('exit', (code, signal) => {
    if (code === RESTART_EXIT_CODE && !stopping) {
      console.log('Restarting the server (a restore was staged)...');
      run();
      return;
    }
    process.exit(code ?? (signal ? 1 : 0));
  });
}
run();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = true;
    child.kill(signal);
  });
