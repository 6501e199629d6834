import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const { app, seed } = await buildApp({ config });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  });
}

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
