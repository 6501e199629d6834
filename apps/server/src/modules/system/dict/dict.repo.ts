import type { Updateable } from 'kysely';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

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
