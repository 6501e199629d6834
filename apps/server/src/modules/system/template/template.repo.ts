import type { InputOf, sysTemplate } from '@shelfwise/contract';
import type { Selectable } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

const SORT = { code: 'code', name: 'name', groupName: 'group_name', orderNo: 'order_no', createTime: 'created_at' };

type TemplateTable = TenantDatabase['sys_template'];

/** A template row. */
export type TemplateRow = Selectable<TemplateTable>;

/**
 * Data access of templates. Every method takes the tenant database first (`kernel.tenantDb(ctx)`, or a transaction
 * begun on it), which scopes each query to the caller's tenant (docs/tenancy-and-permissions.md).
 */
export const templateRepo = {
  page(db: TenantDb, input: InputOf<typeof sysTemplate.page>) {
    let q = db.selectFrom('sys_template').selectAll();
    if (input.code) q = q.where(ilike('code', input.code));
    if (input.name) q = q.where(ilike('name', input.name));
    if (input.groupName) q = q.where(ilike('group_name', input.groupName));
    if (input.status) q = q.where('status', '=', input.status);
    if (input.keyword) {
      const k = input.keyword;
      q = q.where((eb) => eb.or([ilike('code', k), ilike('name', k), ilike('group_name', k)]));
    }
    return paginate(q, input, SORT, { column: 'order_no', desc: false }, 'id');
  },
  list: (db: TenantDb) => db.selectFrom('sys_template').selectAll().orderBy('order_no').orderBy('id').execute(),
  byId: (db: TenantDb, id: number) => db.selectFrom('sys_template').selectAll().where('id', '=', id).executeTakeFirst(),
  byCode: (db: TenantDb, code: string) =>
    db.selectFrom('sys_template').selectAll().where('code', '=', code).executeTakeFirst(),
  async groups(db: TenantDb): Promise<string[]> {
    const rows = await db
      .selectFrom('sys_template')
      .select('group_name')
      .distinct()
      .where('group_name', 'is not', null)
      .orderBy('group_name')
      .execute();
    return rows.map((r) => r.group_name as string);
  },
  async codeTaken(db: TenantDb, code: string, exceptId?: number) {
    let q = db.selectFrom('sys_template').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  insert: (db: TenantDb, row: TemplateTable) => db.insertInto('sys_template').values(row).execute(),
  update: (db: TenantDb, id: number, set: Partial<TemplateTable>) =>
    db.updateTable('sys_template').set(set).where('id', '=', id).execute(),
  remove: (db: TenantDb, id: number) => db.deleteFrom('sys_template').where('id', '=', id).execute(),
};
