import { type InputOf, type sysConfig, YesNo } from '@shelfwise/contract';
import { type Insertable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import { containsPattern, ilike, paginateShaped } from '../../../kernel/db/paging';
import type { SysConfigTable, SysTenantTable } from '../../../kernel/db/schema';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';
import { type BoundValue, createTenantShapedQueries } from '../../../kernel/db/tenant-prepared';

type Filter = { name?: string; code?: string; groupCode?: string };

const SORT = { name: 'name', code: 'code', groupCode: 'group_code', orderNo: 'order_no', createTime: 'created_at' };

function applyFilter<O>(q: SelectQueryBuilder<TenantDatabase, 'sys_config', O>, f: Filter & { keyword?: string }) {
  let out = q;
  if (f.name) out = out.where(ilike('name', f.name));
  if (f.code) out = out.where(ilike('code', f.code));
  if (f.groupCode) out = out.where('group_code', '=', f.groupCode);
  if (f.keyword) {
    const k = f.keyword;
    out = out.where((eb) => eb.or([ilike('name', k), ilike('code', k), ilike('value', k)]));
  }
  return out;
}

/** The parameters page's statements, compiled once per combination of filters and sort. */
const shaped = createTenantShapedQueries();

const base = (db: TenantDb) => db.selectFrom('sys_config').selectAll();

/**
 * Data access of platform parameters. `sys_config` is platform-wide (not tenant-owned): the Parameters menu
 * belongs to the platform administration; per-tenant settings are the tenant configuration feature. Every method
 * takes the caller's tenant database first, which leaves platform tables (`sys_config`, `sys_tenant`) as they are.
 */
export const configRepo = {
  /**
   * A page of parameters, on queries compiled once per combination of filters (the page is read far more often than
   * the table changes).
   */
  page(db: TenantDb, input: InputOf<typeof sysConfig.page>) {
    // the filter as bound values (patterns made here), for queries compiled once per combination of filters
    const args: Record<string, BoundValue> = {};
    if (input.name) args.name = containsPattern(input.name.toLowerCase());
    if (input.code) args.code = containsPattern(input.code.toLowerCase());
    if (input.groupCode) args.groupCode = input.groupCode;
    if (input.keyword) args.keyword = containsPattern(input.keyword.toLowerCase());
    const like = (column: string, p: (key: string) => never, key: string) =>
      sql<boolean>`lower(${sql.ref(column)}) like ${p(key)} escape '!'`;
    const matching = (tdb: TenantDb, p: (key: string) => never) => {
      let q = tdb.selectFrom('sys_config');
      if ('name' in args) q = q.where(like('name', p, 'name'));
      if ('code' in args) q = q.where(like('code', p, 'code'));
      if ('groupCode' in args) q = q.where('group_code', '=', p('groupCode'));
      if ('keyword' in args)
        q = q.where((eb) =>
          eb.or([like('name', p, 'keyword'), like('code', p, 'keyword'), like('value', p, 'keyword')]),
        );
      return q;
    };
    return paginateShaped(
      shaped,
      db,
      'config.page',
      args,
      input,
      SORT,
      // the list reads in the parameters' own order (its Order column), equal ones as they were added
      { column: 'order_no', desc: false },
      'id',
      matching,
      (tdb, p) => matching(tdb, p).selectAll(),
    );
  },
  list: (db: TenantDb, f: Filter) => applyFilter(base(db), f).orderBy('order_no').orderBy('id').execute(),
  byId: (db: TenantDb, id: number) => base(db).where('id', '=', id).executeTakeFirst(),
  byCode: (db: TenantDb, code: string) => base(db).where('code', '=', code).executeTakeFirst(),
  groups: async (db: TenantDb) =>
    (
      await db
        .selectFrom('sys_config')
        .select('group_code')
        .distinct()
        .where('group_code', 'is not', null)
        .orderBy('group_code')
        .execute()
    ).map((r) => r.group_code as string),
  insert: (db: TenantDb, row: Insertable<SysConfigTable>) => db.insertInto('sys_config').values(row).execute(),
  /** Reads a parameter and writes the changes in one transaction: the row before, undefined when gone. */
  update: (db: TenantDb, id: number, changes: Updateable<SysConfigTable>) =>
    db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('sys_config').selectAll().where('id', '=', id).executeTakeFirst();
      if (current) await trx.updateTable('sys_config').set(changes).where('id', '=', id).execute();
      return current;
    }),
  /** Sets the values of parameters by code in one transaction: each row changed, before and after. */
  setValues: (
    db: TenantDb,
    items: readonly { code: string; value: string | null }[],
    audit: Updateable<SysConfigTable>,
  ) =>
    db.transaction().execute(async (trx) => {
      const out: { before: SysConfigTable; after: SysConfigTable }[] = [];
      for (const item of items) {
        const before = await trx.selectFrom('sys_config').selectAll().where('code', '=', item.code).executeTakeFirst();
        if (!before) continue;
        const changes = { value: item.value, ...audit };
        await trx.updateTable('sys_config').set(changes).where('id', '=', before.id).execute();
        out.push({ before, after: { ...before, ...changes } });
      }
      return out;
    }),
  /** Deletes the parameters that are not built-in among `ids`; returns the rows deleted, read in the same transaction. */
  removeEditable: (db: TenantDb, ids: readonly number[]): Promise<SysConfigTable[]> =>
    db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('sys_config')
        .selectAll()
        .where('id', 'in', ids)
        .where('sys_flag', '<>', YesNo.yes)
        .execute();
      if (rows.length) {
        await trx
          .deleteFrom('sys_config')
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
      }
      return rows;
    }),
  /** Saves a tenant's branding (`sys_tenant` is a platform table: the tenant is its row). */
  saveBranding: (db: TenantDb, tenantId: number, set: Updateable<SysTenantTable>) =>
    db.updateTable('sys_tenant').set(set).where('id', '=', tenantId).execute(),
};

/** The tenant-owned rows the public system info reads; every method takes the tenant database first. */
export const sysInfoRepo = {
  /** The registration scheme offered on the sign-in page, if it is one of the tenant's. */
  offeredWays: (db: TenantDb, wayId: number) =>
    db.selectFrom('sys_user_reg_way').select(['id', 'name']).where('id', '=', wayId).execute(),
};
