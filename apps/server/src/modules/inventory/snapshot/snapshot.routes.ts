import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx, uploadedFile } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { MAX_STOCK_FILE_BYTES } from '../stock-files';
import { createSnapshotService } from './snapshot.service';
import { ORPHAN_AGE_MS } from './snapshot-sweep';

/** Routes of `inventorySnapshot`. */
export function registerSnapshotRoutes(app: FastifyInstance, kernel: Kernel) {
  const snapshots = createSnapshotService(kernel);
  // lines of imports that died before their header (a killed process) are invisible; they are dropped an hour on
  app.addHook('onReady', async () => {
    setTimeout(() => {
      snapshots
        .sweepOrphanLines(Date.now() - ORPHAN_AGE_MS)
        .then((n) => n && app.log.info({ snapshots: n }, 'dropped the lines of unfinished snapshot imports'))
        .catch((err) => app.log.warn({ err }, 'sweeping unfinished snapshot imports failed'));
    }, 5_000).unref();
  });
  const s = api.inventorySnapshot;
  defineRoute(app, kernel, s.page, (input, ctx, { time }) => snapshots.page(ctx, input, time));
  defineRoute(app, kernel, s.list, (input, ctx, { time }) => snapshots.list(ctx, input.warehouseId, time));
  defineRoute(app, kernel, s.detail, (input, ctx, { time }) => snapshots.detail(ctx, input.id, time));
  defineRoute(app, kernel, s.lines, (input, ctx) => snapshots.lines(ctx, input));
  defineRoute(app, kernel, s.delete, (input, ctx) => snapshots.delete(ctx, input.id).then(() => null));
  defineRoute(app, kernel, s.export, async (input, ctx, { reply }) =>
    sendXlsx(reply, 'stock-snapshot', await snapshots.export(ctx, input)),
  );
  defineRoute(app, kernel, s.importTemplate, async (_input, ctx, { reply }) =>
    sendXlsx(reply, 'stock-snapshot-import-template', await snapshots.importTemplate(ctx)),
  );
  defineRoute(app, kernel, s.import, async (input, ctx, { req, time }) => {
    const file = await uploadedFile(req, MAX_STOCK_FILE_BYTES);
    return snapshots.import(ctx, input, file, time);
  });
}
