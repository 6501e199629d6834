import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/** A built server running on a free port with a fresh SQLite database. */
export interface RunningServer {
  url: string;
  password: string;
  /** The server's data folder (its JWT secret, files, SQLite database). */
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL: nothing is finished, nothing cleaned up; the data folder stays). */
  kill(): Promise<void>;
}

/** Starts `apps/server/dist/main.js` (built by `npm run build`) and waits until it listens. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error('The server is not built: run `npm run build` first');
  // nodes of one cluster share a data folder (its JWT secret and files); a single server gets its own
  const ownDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR || mkdtempSync(join(tmpdir(), 'shelfwise-e2e-'));
  const password = 'E2e-pass-2026';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: password,
      SEED_CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // a server that did not start in time is ended: left running it would keep the journey's process (and the
    // whole node:test run) waiting for it forever
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    password,
    dataDir,
    output: () => output,
    async stop() {
      const exited = new Promise<number | null>((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM:\n${output.slice(-2000)}`);
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
