import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createBuildFacts } from '../home';
import { createBackupService } from './backup.service';
import { createUpdateService } from './update.service';

/** Routes of `sysUpdate` (platform only: every endpoint is declared with `scope: 'platform'`). */
export function registerUpdateRoutes(
  app: FastifyInstance,
  kernel: Kernel,
  options: { version: string; onRestart?: () => void },
) {
  const updates = createUpdateService(kernel, createBuildFacts(), options.version);
  const backups = createBackupService(kernel, options.onRestart);
  const s = api.sysUpdate;
  const entity = (b: { fileName: string; size: number; createdAt: number }, time: (ms: number) => string | null) => ({
    fileName: b.fileName,
    size: b.size,
    createTime: time(b.createdAt) as string,
  });
  defineRoute(app, kernel, s.version, (_input, _ctx, { time }) => updates.version(time));
  defineRoute(app, kernel, s.changelog, () => updates.changelog());
  defineRoute(app, kernel, s.migrationList, (_input, _ctx, { time }) => updates.migrationList(time));
  defineRoute(app, kernel, s.health, () => updates.health());
  defineRoute(app, kernel, s.list, (_input, _ctx, { time }) => backups.list().map((b) => entity(b, time)));
  defineRoute(app, kernel, s.backup, async (_input, _ctx, { time }) => entity(await backups.backup(), time));
  defineRoute(app, kernel, s.downloadBackup, (input, _ctx, { reply }) => {
    const { stream, size } = backups.open(input.fileName);
    return reply
      .type('application/vnd.sqlite3')
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="${input.fileName}"`)
      .send(stream) as never;
  });
  defineRoute(app, kernel, s.deleteBackup, (input) => {
    backups.remove(input.fileName);
    return null;
  });
  defineRoute(app, kernel, s.restore, (input, ctx) => backups.restore(input.fileName, input.confirm, ctx.locale));
}
