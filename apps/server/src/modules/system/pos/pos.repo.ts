import type { InputOf, sysPos } from '@shelfwise/contract';
import type { Selectable } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

const SORT = { code: 'code', name: 'name', orderNo: 'order_no', createTime: 'created_at' };

type PosTable = TenantDatabase['sys_pos'];

/** A position row with the number of accounts holding it. */
export type PosRow = Selectable<PosTable> & { user_count: number | null };

const withCount = (db: TenantDb) =>
  db
    .selectFrom('sys_pos')
    .selectAll('sys_pos')
    .select((eb) =>
      eb
        .selectFrom('sys_user as u')
        .whereRef('u.pos_id', '=', 'sys_pos.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('user_count'),
    );

/**
 * Data access of positions. Every method takes the tenant database first (`kernel.tenantDb(ctx)`, or a transaction
 * begun on it), which scopes each query to the caller's tenant (docs/tenancy-and-permissions.md).
 */
export const posRepo = {
  page(db: TenantDb, input: InputOf<typeof sysPos.page>) {
    let q = withCount(db);
    if (input.code) q = q.where(ilike('code', input.code));
    if (input.name) q = q.where(ilike('name', input.name));
    if (input.status) q = q.where('status', '=', input.status);
    if (input.keyword) {
      const k = input.keyword;
      q = q.where((eb) => eb.or([ilike('code', k), ilike('name', k)]));
    }
    return paginate(q, input, SORT, { column: 'order_no', desc: false }, 'id');
  },
  list: (db: TenantDb) => withCount(db).orderBy('order_no').orderBy('id').execute(),
  byId: (db: TenantDb, id: number) => withCount(db).where('id', '=', id).executeTakeFirst(),
  async codeTaken(db: TenantDb, code: string, exceptId?: number) {
    let q = db.selectFrom('sys_pos').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  insert: (db: TenantDb, row: PosTable) => db.insertInto('sys_pos').values(row).execute(),
  update: (db: TenantDb, id: number, set: Partial<PosTable>) =>
    db.updateTable('sys_pos').set(set).where('id', '=', id).execute(),
  remove: (db: TenantDb, id: number) => db.deleteFrom('sys_pos').where('id', '=', id).execute(),
};
