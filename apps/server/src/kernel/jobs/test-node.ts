// A server node for the exactly-once test (kernel/jobs/exactly-once.test.ts): builds the app on DATABASE_URL with
// short scheduler timings and a handler that writes a line to MARKS_FILE when it starts and ends each firing.
import { appendFileSync } from 'node:fs';
import { z } from 'zod';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { defineJobHandler } from './registry';

const marks = process.env.MARKS_FILE ?? '';
const mark = defineJobHandler({
  key: 'test.mark',
  scope: 'tenant',
  title: { en: 'mark', 'zh-cn': 'mark', 'zh-tw': 'mark' },
  params: z.object({ sleepMs: z.number().default(400) }),
  async run(ctx, p) {
    appendFileSync(marks, `start ${ctx.scheduledAt} ${ctx.attempt} ${process.pid} ${ctx.firingId}\n`);
    await new Promise((r) => setTimeout(r, p.sleepMs));
    appendFileSync(marks, `end ${ctx.scheduledAt} ${ctx.attempt} ${process.pid} ${ctx.firingId}\n`);
    return 'marked';
  },
});

const { app } = await buildApp({
  config: loadConfig(),
  logger: false,
  jobs: { tickMs: 100, pollMs: 250, leaseMs: 2000, reloadMs: 500, handlers: [mark] },
});
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
process.stdout.write('ready\n');
