import { type InputOf, Status, type sysDictData, type sysDictType, YesNo } from '@shelfwise/contract';
import type { Expression, Kysely, SqlBool, Updateable } from 'kysely';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database } from '../../../kernel/db/schema';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import type { TenantContext } from '../../../kernel/db/tenant-scope';

/**
 * Which dictionary types a tenant sees: its own, plus the platform's shared types (owned by the default
 * tenant, `is_tenant` = no). Writes only ever touch the tenant's own rows (`dictRepo`, on the tenant database).
 */
function visibleTypes(ctx: TenantContext, alias: 't' | 'sys_dict_type' = 'sys_dict_type') {
  return (eb: {
    or(e: Expression<SqlBool>[]): Expression<SqlBool>;
    and(e: Expression<SqlBool>[]): Expression<SqlBool>;
    // biome-ignore lint/suspicious/noExplicitAny: the expression builder of either alias
    (...a: any[]): Expression<SqlBool>;
  }) =>
    eb.or([
      eb(`${alias}.tenant_id`, '=', ctx.tenantId),
      eb.and([eb(`${alias}.tenant_id`, '=', DEFAULT_TENANT_ID), eb(`${alias}.is_tenant`, '=', YesNo.no)]),
    ]);
}

const TYPE_SORT = { name: 'name', code: 'code', orderNo: 'order_no', createTime: 'created_at' };
const DATA_SORT = { value: 'value', label: 'label', orderNo: 'order_no', createTime: 'created_at' };

/**
 * Reads of the dictionaries a tenant can see. They work across tenants by design: the platform's shared types and
 * their values are rows of the default tenant that every tenant reads, which the tenant database (scoped to the
 * caller's tenant alone) cannot express; so these reads stay on the whole database, each filtered by
 * `visibleTypes`. Everything the tenant owns and every write goes through `dictRepo` below.
 */
export function createSharedDictRepo(db: Kysely<Database>) {
  return {
    typesPage(ctx: TenantContext, input: InputOf<typeof sysDictType.page>) {
      let q = db.selectFrom('sys_dict_type').selectAll().where(visibleTypes(ctx));
      if (input.name) q = q.where(ilike('name', input.name));
      if (input.code) q = q.where(ilike('code', input.code));
      if (input.status) q = q.where('status', '=', input.status);
      if (input.keyword) {
        const k = input.keyword;
        q = q.where((eb) => eb.or([ilike('name', k), ilike('code', k)]));
      }
      return paginate(q, input, TYPE_SORT, { column: 'order_no', desc: false }, 'id');
    },
    typesList: (ctx: TenantContext) =>
      db.selectFrom('sys_dict_type').selectAll().where(visibleTypes(ctx)).orderBy('order_no').orderBy('id').execute(),
    /** A type the tenant can see (for reads). */
    visibleType: (ctx: TenantContext, id: number) =>
      db.selectFrom('sys_dict_type').selectAll().where(visibleTypes(ctx)).where('id', '=', id).executeTakeFirst(),
    /**
     * Whether the code is taken by a type the tenant can see (its own and the shared ones; other tenants' private
     * types are never probed). A shared type of the platform must be unique across every tenant: that check is
     * the one named cross-tenant read here.
     */
    codeTaken: async (ctx: TenantContext, code: string, shared: boolean, exceptId?: number) => {
      let q = db.selectFrom('sys_dict_type').select('id').where('code', '=', code);
      if (!(shared && ctx.tenantId === DEFAULT_TENANT_ID)) q = q.where(visibleTypes(ctx));
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    dataPage(ctx: TenantContext, input: InputOf<typeof sysDictData.page>) {
      let q = db
        .selectFrom('sys_dict_data as d')
        .innerJoin('sys_dict_type as t', 't.id', 'd.dict_type_id')
        .selectAll('d')
        .select('t.code as type_code')
        .where(visibleTypes(ctx, 't'));
      if (input.dictTypeId) q = q.where('d.dict_type_id', '=', input.dictTypeId);
      if (input.typeCode) q = q.where('t.code', '=', input.typeCode);
      if (input.label) q = q.where(ilike('d.label', input.label));
      if (input.value) q = q.where(ilike('d.value', input.value));
      if (input.status) q = q.where('d.status', '=', input.status);
      if (input.keyword) {
        const k = input.keyword;
        q = q.where((eb) => eb.or([ilike('d.label', k), ilike('d.value', k)]));
      }
      const sort = Object.fromEntries(Object.entries(DATA_SORT).map(([k, v]) => [k, `d.${v}`]));
      return paginate(q, input, sort, { column: 'd.order_no', desc: false }, 'd.id');
    },
    dataOfType: (typeId: number) =>
      db
        .selectFrom('sys_dict_data as d')
        .innerJoin('sys_dict_type as t', 't.id', 'd.dict_type_id')
        .selectAll('d')
        .select('t.code as type_code')
        .where('d.dict_type_id', '=', typeId)
        .orderBy('d.order_no')
        .orderBy('d.id')
        .execute(),
    /** A value of a type the tenant can see. */
    visibleData: (ctx: TenantContext, id: number) =>
      db
        .selectFrom('sys_dict_data as d')
        .innerJoin('sys_dict_type as t', 't.id', 'd.dict_type_id')
        .selectAll('d')
        .select(['t.code as type_code', 't.sys_flag as type_sys_flag'])
        .where(visibleTypes(ctx, 't'))
        .where('d.id', '=', id)
        .executeTakeFirst(),
    /** Enabled values of enabled visible types, optionally of one code. */
    enabledValues(ctx: TenantContext, code?: string) {
      let q = db
        .selectFrom('sys_dict_data as d')
        .innerJoin('sys_dict_type as t', 't.id', 'd.dict_type_id')
        .selectAll('d')
        .select('t.code as type_code')
        .where(visibleTypes(ctx, 't'))
        .where('t.status', '=', Status.enabled)
        .where('d.status', '=', Status.enabled);
      if (code) q = q.where('t.code', '=', code);
      return q.orderBy('t.order_no').orderBy('d.order_no').orderBy('d.id').execute();
    },
  };
}

type TypeTable = TenantDatabase['sys_dict_type'];
type DataTable = TenantDatabase['sys_dict_data'];

/**
 * Data access of the tenant's own dictionary rows. Every method takes the tenant database first
 * (`kernel.tenantDb(ctx)`, or a transaction begun on it), which scopes each query to the caller's tenant.
 */
export const dictRepo = {
  /** A type the tenant owns (for writes). */
  ownType: (db: TenantDb, id: number) =>
    db.selectFrom('sys_dict_type').selectAll().where('id', '=', id).executeTakeFirst(),
  /** A value of a type the tenant owns. */
  ownData: (db: TenantDb, id: number) =>
    db
      .selectFrom('sys_dict_data')
      .innerJoin('sys_dict_type as t', 't.id', 'sys_dict_data.dict_type_id')
      .selectAll('sys_dict_data')
      .select(['t.code as type_code', 't.sys_flag as type_sys_flag'])
      .where('sys_dict_data.id', '=', id)
      .executeTakeFirst(),
  valueTaken: async (db: TenantDb, typeId: number, value: string, exceptId?: number) => {
    let q = db.selectFrom('sys_dict_data').select('id').where('dict_type_id', '=', typeId).where('value', '=', value);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  insertType: (db: TenantDb, row: TypeTable) => db.insertInto('sys_dict_type').values(row).execute(),
  insertData: (db: TenantDb, row: DataTable) => db.insertInto('sys_dict_data').values(row).execute(),
  /** Reads a type and writes the changes in one transaction: the row before, undefined (nothing written) when gone. */
  updateType: (db: TenantDb, id: number, changes: Updateable<TypeTable>) =>
    db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('sys_dict_type').selectAll().where('id', '=', id).executeTakeFirst();
      if (row) await trx.updateTable('sys_dict_type').set(changes).where('id', '=', id).execute();
      return row;
    }),
  /** Reads a value and writes the changes in one transaction: the row before, undefined (nothing written) when gone. */
  updateData: (db: TenantDb, id: number, changes: Updateable<DataTable>) =>
    db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('sys_dict_data').selectAll().where('id', '=', id).executeTakeFirst();
      if (row) await trx.updateTable('sys_dict_data').set(changes).where('id', '=', id).execute();
      return row;
    }),
  /** Deletes a type with its values: what was removed. */
  removeType: (db: TenantDb, id: number) =>
    db.transaction().execute(async (trx) => {
      const values = await trx.selectFrom('sys_dict_data').selectAll().where('dict_type_id', '=', id).execute();
      const type = await trx.selectFrom('sys_dict_type').selectAll().where('id', '=', id).executeTakeFirst();
      await trx.deleteFrom('sys_dict_data').where('dict_type_id', '=', id).execute();
      await trx.deleteFrom('sys_dict_type').where('id', '=', id).execute();
      return { type, values };
    }),
  /** Deletes a value: the row removed, if it was there. */
  removeData: (db: TenantDb, id: number) =>
    db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('sys_dict_data').selectAll().where('id', '=', id).executeTakeFirst();
      await trx.deleteFrom('sys_dict_data').where('id', '=', id).execute();
      return current;
    }),
};
