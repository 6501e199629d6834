import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createDictService } from './dict.service';

/** Routes of `sysDictType` and `sysDictData`. */
export function registerDictRoutes(app: FastifyInstance, kernel: Kernel) {
  const dict = createDictService(kernel);
  const t = api.sysDictType;
  const d = api.sysDictData;
  const done = () => null;
  defineRoute(app, kernel, t.page, (input, ctx, { time }) => dict.typesPage(ctx, input, time));
  defineRoute(app, kernel, t.list, (_input, ctx, { time }) => dict.typesList(ctx, time));
  defineRoute(app, kernel, t.detail, (input, ctx, { time }) => dict.typeDetail(ctx, input.id, time));
  defineRoute(app, kernel, t.add, (input, ctx) => dict.addType(ctx, input));
  defineRoute(app, kernel, t.update, (input, ctx) => dict.updateType(ctx, input).then(done));
  defineRoute(app, kernel, t.delete, (input, ctx) => dict.deleteType(ctx, input.id).then(done));
  defineRoute(app, kernel, t.setStatus, (input, ctx) => dict.setTypeStatus(ctx, input.id, input.status).then(done));
  defineRoute(app, kernel, t.allDictList, (_input, ctx) => dict.allDictList(ctx));
  defineRoute(app, kernel, t.dataList, (input, ctx) => dict.dataList(ctx, input.code));

  defineRoute(app, kernel, d.page, (input, ctx, { time }) => dict.dataPage(ctx, input, time));
  defineRoute(app, kernel, d.list, (input, ctx, { time }) => dict.dataOfType(ctx, input.dictTypeId, time));
  defineRoute(app, kernel, d.detail, (input, ctx, { time }) => dict.dataDetail(ctx, input.id, time));
  defineRoute(app, kernel, d.add, (input, ctx) => dict.addData(ctx, input));
  defineRoute(app, kernel, d.update, (input, ctx) => dict.updateData(ctx, input).then(done));
  defineRoute(app, kernel, d.delete, (input, ctx) => dict.deleteData(ctx, input.id).then(done));
  defineRoute(app, kernel, d.setStatus, (input, ctx) => dict.setDataStatus(ctx, input.id, input.status).then(done));
}
