import type { InputOf, Locale, sysPos } from '@shelfwise/contract';
import { audited, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { keepSeedText, seedText } from '../../../kernel/i18n/seed-texts';
import { type PosRow, posRepo as repo } from './pos.repo';

function posDto(row: PosRow, time: TimeFormatter, locale: Locale) {
  return {
    id: row.id,
    code: row.code,
    name: seedText('pos', row.name, locale),
    orderNo: row.order_no,
    status: row.status,
    remark: row.remark,
    userCount: Number(row.user_count),
    ...auditDto(row, time),
  };
}

type Input<K extends keyof typeof sysPos> = InputOf<(typeof sysPos)[K]>;

/** Positions: a flat list per tenant; codes unique; a position still held cannot be deleted. */
export function createPosService(kernel: Kernel) {
  const tdb = kernel.tenantDb;
  const columns = (input: Input<'add'>) => ({
    code: input.code,
    name: input.name,
    order_no: input.orderNo,
    status: input.status,
    remark: input.remark,
  });

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), input);
      return { ...page, items: page.items.map((r) => posDto(r, time, ctx.locale)) };
    },
    list: async (ctx: UserContext, time: TimeFormatter) =>
      (await repo.list(tdb(ctx))).map((r) => posDto(r, time, ctx.locale)),
    async add(ctx: UserContext, input: Input<'add'>): Promise<number> {
      if (await repo.codeTaken(tdb(ctx), input.code)) throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      await repo.insert(tdb(ctx), audited(ctx, id, columns(input), Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>): Promise<void> {
      const before = await repo.byId(tdb(ctx), input.id);
      if (!before) throw notFound();
      if (await repo.codeTaken(tdb(ctx), input.code, input.id))
        throw new AppError('duplicateCode', { value: input.code });
      const changes = {
        ...columns(input),
        name: keepSeedText('pos', before.name, input.name),
        ...updatedBy(ctx, Date.now()),
      };
      await repo.update(tdb(ctx), input.id, changes);
      kernel.logs.diff(ctx, { table: 'sys_pos', id: input.id, op: 'update', before, after: { ...before, ...changes } });
    },
    async delete(ctx: UserContext, id: number): Promise<void> {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) throw notFound();
      const users = Number(row.user_count);
      if (users > 0) throw new AppError('inUse', { what: `${users} account(s)` });
      await repo.remove(tdb(ctx), id);
      kernel.logs.diff(ctx, { table: 'sys_pos', id, op: 'delete', before: row });
    },
  };
}
