import type { InputOf, sysPos } from '@shelfwise/contract';
import { type Kysely, sql } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, SysPosTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';

const SORT = { code: 'code', name: 'name', orderNo: 'order_no', createTime: 'created_at' };

/** A position row with the number of accounts holding it. */
export type PosRow = SysPosTable & { id: number; user_count: number };

/** Data access of positions. */
export function createPosRepo(db: Kysely<Database>) {
  const positions = (ctx: TenantContext) => tenantScoped(db, ctx, 'sys_pos');
  const withCount = (ctx: TenantContext) =>
    positions(ctx)
      .selectFrom()
      .selectAll('sys_pos')
      .select(
        sql<number>`(select count(*) from sys_user u where u.tenant_id = sys_pos.tenant_id and u.pos_id = sys_pos.id)`.as(
          'user_count',
        ),
      );

  return {
    page(ctx: TenantContext, input: InputOf<typeof sysPos.page>) {
      let q = withCount(ctx);
      if (input.code) q = q.where(ilike('code', input.code));
      if (input.name) q = q.where(ilike('name', input.name));
      if (input.status) q = q.where('status', '=', input.status);
      if (input.keyword) {
        const k = input.keyword;
        q = q.where((eb) => eb.or([ilike('code', k), ilike('name', k)]));
      }
      return paginate(q, input, SORT, { column: 'order_no', desc: false }, 'id');
    },
    list: (ctx: TenantContext): Promise<PosRow[]> => withCount(ctx).orderBy('order_no').orderBy('id').execute(),
    byId: (ctx: TenantContext, id: number): Promise<PosRow | undefined> =>
      withCount(ctx).where('id', '=', id).executeTakeFirst(),
    codeTaken: async (ctx: TenantContext, code: string, exceptId?: number) => {
      let q = positions(ctx).selectFrom().select('id').where('code', '=', code);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    insert: (ctx: TenantContext, row: SysPosTable & { id: number }) =>
      positions(ctx).insertInto().values(row).execute(),
    update: (ctx: TenantContext, id: number, set: Partial<SysPosTable>) =>
      positions(ctx).updateTable().set(set).where('id', '=', id).execute(),
    remove: (ctx: TenantContext, id: number) => positions(ctx).deleteFrom().where('id', '=', id).execute(),
  };
}
