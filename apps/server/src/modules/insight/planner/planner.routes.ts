import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createPlannerService } from './planner.service';
import { planWorkbook } from './planner-export';

/** Routes of `consolidationPlanner`. */
export function registerPlannerRoutes(app: FastifyInstance, kernel: Kernel) {
  const planner = createPlannerService(kernel);
  const p = api.consolidationPlanner;
  defineRoute(app, kernel, p.query, (input, ctx, { time }) => planner.query(ctx, input, time));
  defineRoute(app, kernel, p.plan, (input, ctx, { time }) => planner.plan(ctx, input, time));
  defineRoute(app, kernel, p.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'consolidation-plan', planWorkbook(ctx.locale, time, await planner.run(ctx, input))),
  );
}
