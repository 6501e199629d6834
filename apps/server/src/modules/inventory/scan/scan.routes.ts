import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { type ProgressSink, progressEmitter } from './progress';
import { createScanService } from './scan.service';

/** Routes of `inventoryScan`; applied scans tell supervisors' pages through `realtime` (throttled per task). */
export function registerScanRoutes(app: FastifyInstance, kernel: Kernel, realtime?: ProgressSink) {
  const scans = createScanService(kernel, realtime ? progressEmitter(realtime) : () => undefined);
  const s = api.inventoryScan;
  defineRoute(app, kernel, s.myTasks, (_input, ctx) => scans.myTasks(ctx));
  defineRoute(app, kernel, s.location, (input, ctx) => scans.location(ctx, input));
  defineRoute(app, kernel, s.scan, (input, ctx) => scans.scan(ctx, input));
  defineRoute(app, kernel, s.sync, (input, ctx) => scans.sync(ctx, input.scans));
  defineRoute(app, kernel, s.undo, (input, ctx) => scans.scan(ctx, input));
  defineRoute(app, kernel, s.confirmEmpty, (input, ctx) => scans.scan(ctx, input));
  defineRoute(app, kernel, s.confirmLocation, (input, ctx) => scans.confirmLocation(ctx, input).then(() => null));
}
