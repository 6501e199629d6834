import { ALL_ENUMS, api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../kernel/errors/app-error';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';

/** Routes of `sysConst`: the shared enumerations as constant lists, named in the caller's language. */
export function registerConstRoutes(app: FastifyInstance, kernel: Kernel) {
  const e = api.sysConst;
  defineRoute(app, kernel, e.list, (_input, ctx) =>
    ALL_ENUMS.map((def) => ({
      name: def.name[ctx.locale],
      code: def.code,
      data: { result: def.members.map((m) => ({ name: m.label[ctx.locale], code: m.value })) },
    })),
  );
  defineRoute(app, kernel, e.data, (input, ctx) => {
    const wanted = input.typeName.toLowerCase();
    const def = ALL_ENUMS.find((d) => d.code.toLowerCase() === wanted || d.code.toLowerCase() === `${wanted}enum`);
    if (!def) throw notFound('constant');
    return def.members.map((m) => ({ name: m.label[ctx.locale], code: m.value }));
  });
}
