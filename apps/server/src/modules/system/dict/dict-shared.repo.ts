import { type InputOf, Status, type sysDictData, type sysDictType, YesNo } from '@shelfwise/contract';
import type { Expression, SqlBool } from 'kysely';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantContext } from '../../../kernel/db/tenant-db';
import type { Kernel } from '../../../kernel/http/kernel';

// A platform exception of the tenancy rule (named in scripts/lint-tenancy.mjs): the platform's shared dictionaries
// are rows of the default tenant that every tenant reads beside its own, which a tenant database (scoped to the
// caller's tenant alone) cannot express. Only these reads are here; the tenant's own rows and every write are
// `dictRepo`'s (dict.repo.ts), on the tenant database.

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
 * `visibleTypes`. Everything the tenant owns and every write goes through `dictRepo` (dict.repo.ts).
 */
export function createSharedDictRepo(kernel: Pick<Kernel, 'db'>) {
  const { db } = kernel;
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
