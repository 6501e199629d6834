import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createBuildFacts } from './build-info';
import { createHomeService } from './home.service';
import { createScheduleService } from './schedule.service';

/** Routes of the workbench: `sysHome` (layout, charts, work in progress, build) and `sysSchedule` (calendar). */
export function registerHomeRoutes(app: FastifyInstance, kernel: Kernel, version: string) {
  const home = createHomeService(kernel, createBuildFacts());
  const schedule = createScheduleService(kernel);
  const h = api.sysHome;
  const s = api.sysSchedule;
  const done = () => null;
  defineRoute(app, kernel, h.layout, (_input, ctx, { time }) => home.layout(ctx, time));
  defineRoute(app, kernel, h.saveLayout, (input, ctx, { time }) => home.saveLayout(ctx, input, time));
  defineRoute(app, kernel, h.saveVariant, (input, ctx, { time }) => home.saveVariant(ctx, input, time));
  defineRoute(app, kernel, h.resetLayout, (_input, ctx) => home.resetLayout(ctx));
  defineRoute(app, kernel, h.chartData, (_input, ctx) => home.chartData(ctx));
  defineRoute(app, kernel, h.progressing, (_input, ctx) => home.progressing(ctx));
  defineRoute(app, kernel, h.buildInfo, (_input, _ctx, { time }) => home.buildInfo(time, version));

  defineRoute(app, kernel, s.list, (input, ctx, { time }) => schedule.list(ctx, input, time));
  defineRoute(app, kernel, s.detail, (input, ctx, { time }) => schedule.detail(ctx, input.id, time));
  defineRoute(app, kernel, s.add, (input, ctx) => schedule.add(ctx, input));
  defineRoute(app, kernel, s.update, (input, ctx) => schedule.update(ctx, input).then(done));
  defineRoute(app, kernel, s.delete, (input, ctx) => schedule.remove(ctx, input.id).then(done));
}
