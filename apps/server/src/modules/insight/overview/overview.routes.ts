import { api } from '@shelfwise/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { formatNow } from '../../../kernel/i18n/time';
import { createOverviewService, type OverviewOptions, type PlanAnswer } from './overview.service';

/**
 * Routes of the warehouse overview. A large 2D / 3D answer is sent as the JSON text the service keeps (checked
 * against the contract by the tests), wrapped as every answer is; a small one goes through the route's output check.
 */
export function registerOverviewRoutes(app: FastifyInstance, kernel: Kernel, options: OverviewOptions = {}) {
  const overview = createOverviewService(kernel, options);
  const o = api.warehouseOverview;
  const head = Buffer.from('{"code":200,"type":"success","message":"","result":');
  const send = async (answer: PlanAnswer, reply: FastifyReply, timeZone: string) => {
    if ('value' in answer) return answer.value;
    const tail = `,"asOf":${JSON.stringify(answer.asOf)}},"extras":null,"time":${JSON.stringify(formatNow(timeZone))}}`;
    // awaited until written, so the route sees the reply sent and adds nothing
    await reply
      .code(200)
      .type('application/json; charset=utf-8')
      .send(Buffer.concat([head, answer.json, Buffer.from(tail)]));
    return undefined;
  };
  defineRoute(app, kernel, o.cards, (input, ctx, { time }) => overview.cards(ctx, input, time));
  defineRoute(app, kernel, o.plan2d, async (input, ctx, { reply, time }) =>
    send(await overview.plan(ctx, input, time), reply, ctx.timeZone),
  );
  defineRoute(app, kernel, o.scene3d, async (input, ctx, { reply, time }) =>
    send(await overview.plan(ctx, input, time), reply, ctx.timeZone),
  );
  defineRoute(app, kernel, o.locationLines, (input, ctx, { time }) => overview.locationLines(ctx, input, time));
  return overview;
}
