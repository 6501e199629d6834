import { buildApp } from './app';
import { loadConfig } from './config';

/**
 * The exit code that asks for a restart (a restore was staged; docs/backup-and-restore.md): scripts/start.mjs starts
 * the server again on it, as a service manager's restart-on-failure does.
 */
const RESTART_EXIT_CODE = 75;

const config = loadConfig();
let closing = false;
function shutdown(reason: string, code: number) {
  if (closing) return;
  closing = true;
  app.log.info({ reason }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => process.exit(code || 1), 15_000);
  force.unref();
  app
    .close()
    .then(() => process.exit(code))
    .catch((err) => {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    });
}

// the restore's answer is sent before the close begins: the close waits for it like any request in flight
const { app, seed } = await buildApp({
  config,
  onRestart: () => setTimeout(() => shutdown('restore', RESTART_EXIT_CODE), 200),
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal, 0));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = `http://localhost:${port}`;
const lines = ['', `  Shelfwise is running at ${url}`, `  API docs: ${url}/swagger`];
if (seed.generatedPasswords) {
  lines.push(
    '',
    '  First start: accounts created with generated passwords (shown only this once):',
    `    superadmin / ${seed.generatedPasswords.superadmin}   (super administrator)`,
    `    admin      / ${seed.generatedPasswords.admin}   (system administrator)`,
    '  Keep them safe; change them after signing in.',
  );
} else if (config.adminPassword && seed.inserted.tenant) {
  lines.push('', '  Sign in as superadmin or admin with the password from ADMIN_PASSWORD.');
} else {
  lines.push('', '  Sign in as superadmin or admin (passwords were printed at the first start).');
}
process.stdout.write(`${lines.join('\n')}\n\n`);
