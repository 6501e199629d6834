import { type InputOf, type Locale, type sysUserRegWay, YesNo } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import { roleHoldsAdminMenus } from '../../../kernel/access/menu-scope';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, SysUserRegWayTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped, updated, withAudit } from '../../../kernel/db/tenant-scope';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { keepSeedText, seedText } from '../../../kernel/i18n/seed-texts';

type Input<K extends keyof typeof sysUserRegWay> = InputOf<(typeof sysUserRegWay)[K]>;

const SORT = {
  name: 'sys_user_reg_way.name',
  orderNo: 'sys_user_reg_way.order_no',
  createTime: 'sys_user_reg_way.created_at',
};

function createRegWayRepo(db: Kysely<Database>) {
  const ways = (ctx: TenantContext) => tenantScoped(db, ctx, 'sys_user_reg_way');
  const named = (ctx: TenantContext) =>
    ways(ctx)
      .selectFrom()
      .leftJoin('sys_role as r', (j) =>
        j.onRef('r.id', '=', 'sys_user_reg_way.role_id').onRef('r.tenant_id', '=', 'sys_user_reg_way.tenant_id'),
      )
      .leftJoin('sys_org as o', (j) =>
        j.onRef('o.id', '=', 'sys_user_reg_way.org_id').onRef('o.tenant_id', '=', 'sys_user_reg_way.tenant_id'),
      )
      .leftJoin('sys_pos as p', (j) =>
        j.onRef('p.id', '=', 'sys_user_reg_way.pos_id').onRef('p.tenant_id', '=', 'sys_user_reg_way.tenant_id'),
      )
      .selectAll('sys_user_reg_way')
      .select(['r.name as role_name', 'o.name as org_name', 'p.name as pos_name']);
  const exists = async (ctx: TenantContext, table: 'sys_role' | 'sys_org' | 'sys_pos', id: number) =>
    (await tenantScoped(db, ctx, table).selectFrom().select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;
  return {
    page(ctx: TenantContext, input: Input<'page'>) {
      let q = named(ctx);
      const k = input.name ?? input.keyword;
      if (k) q = q.where(ilike('sys_user_reg_way.name', k));
      return paginate(q, input, SORT, { column: 'sys_user_reg_way.order_no', desc: false }, 'sys_user_reg_way.id');
    },
    list: (ctx: TenantContext) =>
      named(ctx).orderBy('sys_user_reg_way.order_no').orderBy('sys_user_reg_way.id').execute(),
    byId: (ctx: TenantContext, id: number) => named(ctx).where('sys_user_reg_way.id', '=', id).executeTakeFirst(),
    exists,
    insert: (ctx: TenantContext, row: SysUserRegWayTable & { id: number }) =>
      ways(ctx).insertInto().values(row).execute(),
    update: (ctx: TenantContext, id: number, set: Partial<SysUserRegWayTable>) =>
      ways(ctx).updateTable().set(set).where('id', '=', id).execute(),
    remove: (ctx: TenantContext, id: number) => ways(ctx).deleteFrom().where('id', '=', id).execute(),
    tenant: (ctx: TenantContext) =>
      db
        .selectFrom('sys_tenant')
        .select(['reg_way_id', 'enable_reg'])
        .where('id', '=', ctx.tenantId)
        .executeTakeFirst(),
    setTenantRegistration: (ctx: TenantContext, regWayId: number | null, enableReg: number) =>
      db
        .updateTable('sys_tenant')
        .set({ reg_way_id: regWayId, enable_reg: enableReg })
        .where('id', '=', ctx.tenantId)
        .execute(),
  };
}

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createRegWayRepo>['byId']>>>;

function regWayDto(row: Row, time: TimeFormatter, locale: Locale) {
  return {
    id: row.id,
    name: seedText('regWay', row.name, locale),
    accountType: row.account_type,
    roleId: row.role_id,
    roleName: seedText('role', row.role_name, locale),
    orgId: row.org_id,
    orgName: row.org_name,
    posId: row.pos_id,
    posName: seedText('pos', row.pos_name, locale),
    orderNo: row.order_no,
    remark: row.remark,
    ...auditDto(row, time),
  };
}

/** Registration schemes of the caller's tenant: what a self-registered user receives. */
export function createRegWayService(kernel: Kernel) {
  const repo = createRegWayRepo(kernel.db);
  async function wayOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(ctx, id);
    if (!row) throw notFound();
    return row;
  }
  async function check(ctx: UserContext, input: Input<'add'>) {
    if (!(await repo.exists(ctx, 'sys_role', input.roleId))) throw notFound('role');
    // anyone may register by the scheme: its role must not open administration to them
    if (await roleHoldsAdminMenus(kernel.db, ctx.tenantId, input.roleId)) {
      throw new AppError('validation', { count: 1 }, { roleId: ['regway_role_privileged'] });
    }
    if (!(await repo.exists(ctx, 'sys_org', input.orgId))) throw notFound('organisation');
    if (!(await repo.exists(ctx, 'sys_pos', input.posId))) throw notFound('position');
  }
  const columns = (input: Input<'add'>) => ({
    name: input.name,
    account_type: input.accountType,
    role_id: input.roleId,
    org_id: input.orgId,
    pos_id: input.posId,
    order_no: input.orderNo,
    remark: input.remark,
  });
  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(ctx, input);
      return { ...page, items: page.items.map((r) => regWayDto(r, time, ctx.locale)) };
    },
    list: async (ctx: UserContext, time: TimeFormatter) =>
      (await repo.list(ctx)).map((r) => regWayDto(r, time, ctx.locale)),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      regWayDto(await wayOr404(ctx, id), time, ctx.locale),
    async add(ctx: UserContext, input: Input<'add'>) {
      await check(ctx, input);
      const id = kernel.ids.next();
      await repo.insert(ctx, withAudit(ctx, id, columns(input), Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const before = await wayOr404(ctx, input.id);
      await check(ctx, input);
      const changes = {
        ...columns(input),
        name: keepSeedText('regWay', before.name, input.name),
        ...updated(ctx, Date.now()),
      };
      await repo.update(ctx, input.id, changes);
      kernel.logs.diff(ctx, {
        table: 'sys_user_reg_way',
        id: input.id,
        op: 'update',
        before,
        after: { ...before, ...changes },
      });
    },
    async delete(ctx: UserContext, id: number) {
      const before = await wayOr404(ctx, id);
      const tenant = await repo.tenant(ctx);
      if (tenant?.reg_way_id === id) throw new AppError('inUse', { what: 'default registration scheme' });
      await repo.remove(ctx, id);
      kernel.logs.diff(ctx, { table: 'sys_user_reg_way', id, op: 'delete', before });
    },
    async setDefault(ctx: UserContext, input: Input<'setDefault'>) {
      if (input.id !== null) {
        const way = await wayOr404(ctx, input.id);
        // a scheme saved before its role gained an administration grant is not offered either (closing is fine)
        if (input.enableReg === YesNo.yes && (await roleHoldsAdminMenus(kernel.db, ctx.tenantId, way.role_id))) {
          throw new AppError('validation', { count: 1 }, { id: ['regway_role_privileged'] });
        }
      }
      if (input.enableReg === YesNo.yes && input.id === null) {
        throw new AppError('validation', { count: 1 }, { id: ['Required'] });
      }
      await repo.setTenantRegistration(ctx, input.id, input.enableReg);
      await kernel.tenants.invalidate(ctx.tenantId);
    },
  };
}
