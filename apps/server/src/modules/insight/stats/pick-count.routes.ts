import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { sendXlsx } from '../../../kernel/files/master-files';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { formatNow } from '../../../kernel/i18n/time';
import { createPickCountService } from './pick-count.service';
import type { StatsCache } from './stats-cache';

/** Routes of `pickCount`. */
export function registerPickCountRoutes(app: FastifyInstance, kernel: Kernel, cache: StatsCache) {
  const picks = createPickCountService(kernel, cache);
  const p = api.pickCount;
  defineRoute(app, kernel, p.options, (input, ctx) => picks.options(ctx, input));
  defineRoute(app, kernel, p.summary, (input, ctx, { time }) => picks.summary(ctx, input, time));
  defineRoute(app, kernel, p.locations, (input, ctx, { time }) => picks.locations(ctx, input, time));
  defineRoute(app, kernel, p.skus, (input, ctx, { time }) => picks.skus(ctx, input, time));
  // the heat map is sent as the JSON text kept with the figures (checked against the contract when it was made)
  const head = Buffer.from('{"code":200,"type":"success","message":"","result":{"computedTime":');
  defineRoute(app, kernel, p.heatmap, async (input, ctx, { reply, time }) => {
    const answer = await picks.heatmap(ctx, input, time);
    const tail = `,"extras":null,"time":${JSON.stringify(formatNow(ctx.timeZone))}}`;
    // awaited until written, so the route sees the reply sent and adds nothing
    await reply
      .code(200)
      .type('application/json; charset=utf-8')
      .send(
        Buffer.concat([head, Buffer.from(`${JSON.stringify(answer.computedTime)},`), answer.json, Buffer.from(tail)]),
      );
    return undefined;
  });
  defineRoute(app, kernel, p.writeAbc, (input, ctx) => picks.writeAbc(ctx, input));
  defineRoute(app, kernel, p.export, async (input, ctx, { reply, time }) =>
    sendXlsx(reply, 'pick-count', await picks.export(ctx, input, time)),
  );
}
