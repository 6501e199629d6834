import { type InputOf, type Locale, type sysUserRegWay, YesNo } from '@shelfwise/contract';
import { roleHoldsAdminMenusIn } from '../../../kernel/access/menu-scope';
import { audited, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { keepSeedText, seedText } from '../../../kernel/i18n/seed-texts';
import { type RegWayRow, regWayRepo as repo } from './reg-way.repo';

type Input<K extends keyof typeof sysUserRegWay> = InputOf<(typeof sysUserRegWay)[K]>;

type Row = RegWayRow;

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
  const tdb = (ctx: UserContext) => kernel.tenantDb(ctx);
  async function wayOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), id);
    if (!row) throw notFound();
    return row;
  }
  async function check(ctx: UserContext, input: Input<'add'>) {
    if (!(await repo.exists(tdb(ctx), 'sys_role', input.roleId))) throw notFound('role');
    // anyone may register by the scheme: its role must not open administration to them
    if (await roleHoldsAdminMenusIn(tdb(ctx), input.roleId)) {
      throw new AppError('validation', { count: 1 }, { roleId: ['regway_role_privileged'] });
    }
    if (!(await repo.exists(tdb(ctx), 'sys_org', input.orgId))) throw notFound('organisation');
    if (!(await repo.exists(tdb(ctx), 'sys_pos', input.posId))) throw notFound('position');
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
      const page = await repo.page(tdb(ctx), input);
      return { ...page, items: page.items.map((r) => regWayDto(r, time, ctx.locale)) };
    },
    list: async (ctx: UserContext, time: TimeFormatter) =>
      (await repo.list(tdb(ctx))).map((r) => regWayDto(r, time, ctx.locale)),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      regWayDto(await wayOr404(ctx, id), time, ctx.locale),
    async add(ctx: UserContext, input: Input<'add'>) {
      await check(ctx, input);
      const id = kernel.ids.next();
      await repo.insert(tdb(ctx), audited(ctx, id, columns(input), Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const before = await wayOr404(ctx, input.id);
      await check(ctx, input);
      const changes = {
        ...columns(input),
        name: keepSeedText('regWay', before.name, input.name),
        ...updatedBy(ctx, Date.now()),
      };
      await repo.update(tdb(ctx), input.id, changes);
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
      const tenant = await repo.tenant(tdb(ctx), ctx.tenantId);
      if (tenant?.reg_way_id === id) throw new AppError('inUse', { what: 'default registration scheme' });
      await repo.remove(tdb(ctx), id);
      kernel.logs.diff(ctx, { table: 'sys_user_reg_way', id, op: 'delete', before });
    },
    async setDefault(ctx: UserContext, input: Input<'setDefault'>) {
      if (input.id !== null) {
        const way = await wayOr404(ctx, input.id);
        // a scheme saved before its role gained an administration grant is not offered either (closing is fine)
        if (input.enableReg === YesNo.yes && (await roleHoldsAdminMenusIn(tdb(ctx), way.role_id))) {
          throw new AppError('validation', { count: 1 }, { id: ['regway_role_privileged'] });
        }
      }
      if (input.enableReg === YesNo.yes && input.id === null) {
        throw new AppError('validation', { count: 1 }, { id: ['Required'] });
      }
      await repo.setTenantRegistration(tdb(ctx), ctx.tenantId, input.id, input.enableReg);
      await kernel.tenants.invalidate(ctx.tenantId);
    },
  };
}
