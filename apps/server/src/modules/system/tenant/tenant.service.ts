import { AccountType, DataScope, type InputOf, OrgType, Status, type sysTenant } from '@shelfwise/contract';
import { platformMenuIds } from '../../../kernel/access/menu-scope';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { hashPassword } from '../../../kernel/auth/password';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { RequestContext, TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { type Realtime, rooms } from '../../../kernel/realtime/realtime';
import { SETTING } from '../../../kernel/settings/settings';
import { generatePassword } from '../seed';
import { createTenantRepo, type TenantRow } from './tenant.repo';

type Input<K extends keyof typeof sysTenant> = InputOf<(typeof sysTenant)[K]>;

function tenantDto(row: TenantRow, time: TimeFormatter) {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    status: row.status,
    timeZone: row.time_zone,
    logo: row.logo,
    title: row.title,
    viceTitle: row.vice_title,
    viceDesc: row.vice_desc,
    icp: row.icp,
    icpUrl: row.icp_url,
    watermark: row.watermark,
    copyright: row.copyright,
    enableReg: row.enable_reg,
    regWayId: row.reg_way_id,
    adminAccount: row.admin_account,
    userCount: Number(row.user_count),
    orderNo: row.order_no,
    remark: row.remark,
    isDefault: row.id === DEFAULT_TENANT_ID,
    ...auditDto(row, time),
  };
}

/** Directories a new tenant is not granted by default: the platform's own administration and developer tools. */
const PLATFORM_ONLY_PATHS = ['/platform', '/develop'];

/**
 * Tenants: creation with their starting data (root organisation, default role, position, administrator), branding,
 * status, menu grant (the ceiling of the tenant's roles), the administrator's password, and the super admin's
 * switch into a tenant.
 */
export function createTenantService(kernel: Kernel, realtime: Realtime) {
  const { db, ids } = kernel;
  const repo = createTenantRepo(db);

  async function tenantOr404(id: number) {
    const row = await repo.byId(id);
    if (!row) throw notFound();
    return row;
  }

  const branding = (input: Omit<Input<'add'>, 'adminAccount' | 'adminRealName' | 'adminPhone' | 'menuIds'>) => ({
    name: input.name,
    host: input.host,
    time_zone: input.timeZone,
    title: input.title,
    vice_title: input.viceTitle,
    vice_desc: input.viceDesc,
    icp: input.icp,
    icp_url: input.icpUrl,
    watermark: input.watermark,
    copyright: input.copyright,
    enable_reg: input.enableReg,
    order_no: input.orderNo,
    remark: input.remark,
  });

  /** Every menu, less the platform-only directories and what lies below them. */
  async function defaultGrant(): Promise<number[]> {
    const menus = await repo.allMenus();
    const excluded = new Set(
      menus.filter((m) => m.pid === 0 && PLATFORM_ONLY_PATHS.includes(m.path ?? '')).map((m) => m.id),
    );
    const byId = new Map(menus.map((m) => [m.id, m]));
    const outside = (id: number): boolean => {
      for (let m = byId.get(id); m; m = byId.get(m.pid)) if (excluded.has(m.id)) return true;
      return false;
    };
    return menus.filter((m) => !outside(m.id)).map((m) => m.id);
  }

  /**
   * The grant of a tenant: the chosen menus with the directories above them. Another tenant than the platform's
   * never receives the platform's own menus (a grant tree ticked whole leaves them out).
   */
  async function checkMenus(tenantId: number, menuIds: readonly number[]): Promise<number[]> {
    const menus = await repo.allMenus();
    const byId = new Map(menus.map((m) => [m.id, m]));
    const platform = tenantId === DEFAULT_TENANT_ID ? new Set<number>() : platformMenuIds(menus);
    const out = new Set<number>();
    for (const id of menuIds) {
      if (!byId.has(id)) throw notFound('menu');
      if (platform.has(id)) continue;
      for (let m = byId.get(id); m && !out.has(m.id); m = byId.get(m.pid)) out.add(m.id);
    }
    return [...out].sort((a, b) => a - b);
  }

  async function endTenantSessions(tenantId: number) {
    await kernel.sessions.revokeTenant(tenantId, 'tenantDisabled');
    realtime.forceOffline(rooms.tenant(tenantId), 'tenantDisabled');
  }

  return {
    async page(input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(input);
      return { ...page, items: page.items.map((r) => tenantDto(r, time)) };
    },

    /** Creates the tenant and its starting data in one transaction; the administrator's password is shown once. */
    async add(ctx: UserContext, input: Input<'add'>) {
      if (input.host && (await repo.hostTaken(input.host))) throw new AppError('duplicateCode', { value: input.host });
      const tenantId = ids.next();
      const menuIds = input.menuIds ? await checkMenus(tenantId, input.menuIds) : await defaultGrant();
      const password = generatePassword();
      const hash = await hashPassword(password);
      const now = Date.now();
      const audit = { created_at: now, created_by: ctx.userId, updated_at: null, updated_by: null };
      const orgId = ids.next();
      const roleId = ids.next();
      const posId = ids.next();
      const regWayId = ids.next();
      const adminId = ids.next();
      const t = { tenant_id: tenantId };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sys_tenant')
          .values({
            id: tenantId,
            status: Status.enabled,
            logo: null,
            reg_way_id: regWayId,
            ...branding(input),
            ...audit,
          })
          .execute();
        await trx
          .insertInto('sys_org')
          .values({
            id: orgId,
            ...t,
            pid: 0,
            code: 'ROOT',
            name: input.name,
            type: OrgType.company,
            director_id: adminId,
            order_no: 100,
            status: Status.enabled,
            remark: null,
            ...audit,
          })
          .execute();
        await trx
          .insertInto('sys_role')
          .values({
            id: roleId,
            ...t,
            code: 'default',
            name: 'Default role',
            data_scope: DataScope.ownOrg,
            order_no: 100,
            status: Status.enabled,
            remark: null,
            ...audit,
          })
          .execute();
        await trx
          .insertInto('sys_pos')
          .values({
            id: posId,
            ...t,
            code: 'staff',
            name: 'Staff',
            order_no: 100,
            status: Status.enabled,
            remark: null,
            ...audit,
          })
          .execute();
        await trx
          .insertInto('sys_user_reg_way')
          .values({
            id: regWayId,
            ...t,
            name: 'Self-registered member',
            account_type: AccountType.member,
            role_id: roleId,
            org_id: orgId,
            pos_id: posId,
            order_no: 100,
            remark: null,
            ...audit,
          })
          .execute();
        await trx
          .insertInto('sys_user')
          .values({
            id: adminId,
            ...t,
            account: input.adminAccount,
            password_hash: hash,
            real_name: input.adminRealName,
            nick_name: null,
            phone: input.adminPhone,
            id_card_num: null,
            email: null,
            account_type: AccountType.sysAdmin,
            avatar: null,
            address: null,
            signature: null,
            org_id: orgId,
            pos_id: posId,
            status: Status.enabled,
            failed_count: 0,
            locked_until: null,
            last_login_at: null,
            last_login_ip: null,
            order_no: 100,
            remark: null,
            ...audit,
          })
          .execute();
        for (let i = 0; i < menuIds.length; i += 200) {
          await trx
            .insertInto('sys_tenant_menu')
            .values(menuIds.slice(i, i + 200).map((menu_id) => ({ ...t, menu_id })))
            .execute();
        }
      });
      return { id: tenantId, adminAccount: input.adminAccount, adminPassword: password };
    },

    async update(ctx: UserContext, input: Input<'update'>) {
      const before = await tenantOr404(input.id);
      if (input.host && (await repo.hostTaken(input.host, input.id))) {
        throw new AppError('duplicateCode', { value: input.host });
      }
      const changes = { ...branding(input), logo: input.logo, updated_at: Date.now(), updated_by: ctx.userId };
      await repo.update(input.id, changes);
      kernel.logs.diff(ctx, {
        table: 'sys_tenant',
        id: input.id,
        op: 'update',
        before,
        after: { ...before, ...changes },
      });
      await kernel.tenants.invalidate(input.id);
    },

    async setStatus(ctx: UserContext, id: number, status: number) {
      const row = await tenantOr404(id);
      if (id === DEFAULT_TENANT_ID && status !== Status.enabled) throw new AppError('defaultTenantProtected');
      await repo.update(id, { status, updated_at: Date.now(), updated_by: ctx.userId });
      kernel.logs.diff(ctx, { table: 'sys_tenant', id, op: 'update', before: row, after: { ...row, status } });
      await kernel.tenants.invalidate(id);
      if (status === Status.disabled && row.status !== Status.disabled) await endTenantSessions(id);
    },

    /** Deletes a disabled tenant with everything it owns. */
    async delete(id: number) {
      const row = await tenantOr404(id);
      if (id === DEFAULT_TENANT_ID) throw new AppError('defaultTenantProtected');
      if (row.status !== Status.disabled) throw new AppError('tenantHasData');
      await endTenantSessions(id);
      await repo.remove(id);
      await kernel.tenants.invalidate(id);
      await kernel.principals.invalidateAll();
    },

    async ownMenuList(id: number) {
      await tenantOr404(id);
      return repo.menuIds(id);
    },

    async grantMenu(input: Input<'grantMenu'>) {
      await tenantOr404(input.id);
      await repo.replaceMenus(input.id, await checkMenus(input.id, input.menuIds));
      await kernel.principals.invalidateAll();
    },

    async resetPwd(ctx: UserContext, id: number) {
      await tenantOr404(id);
      const admin = await repo.admin(id);
      if (!admin) throw notFound('administrator');
      const password = generatePassword();
      await repo.setPassword(id, admin.id, await hashPassword(password), ctx.userId);
      if (await kernel.sessions.revokeUser(id, admin.id, 'passwordReset')) {
        realtime.forceOffline(rooms.user(id, admin.id), 'passwordReset');
      }
      return { account: admin.account, password };
    },

    /** A super admin's session acts inside another tenant (new tokens); their own tenant ends the switch. */
    async changeTenant(ctx: UserContext, tenantId: number) {
      if (!ctx.isSuperAdmin) throw new AppError('switchTenantDenied');
      await tenantOr404(tenantId);
      if (!ctx.tokenJti) throw new AppError('tokenInvalid');
      return kernel.sessions.reissue(
        { uid: ctx.userId, tid: ctx.homeTenantId, sid: ctx.sessionId, jti: ctx.tokenJti, exp: 0 },
        tenantId === ctx.homeTenantId ? undefined : tenantId,
      );
    },

    async switchList(ctx: UserContext) {
      if (!ctx.isSuperAdmin) throw new AppError('switchTenantDenied');
      return repo.allNames();
    },

    /**
     * Tenants as options (`label`, `host`, `value`), the shape Admin.NET's pages load before anything else: every
     * tenant for a super admin, else only the caller's own.
     */
    async options(ctx: UserContext) {
      const rows = await repo.options(ctx.isSuperAdmin ? undefined : ctx.tenantId);
      return rows.map((t) => ({ label: t.name, host: t.host, value: t.id }));
    },

    /** Enabled tenants for the sign-in page, unless the platform hides the selector. */
    async loginList(_ctx: RequestContext) {
      if (await kernel.settings.bool(SETTING.hideTenantForLogin, false)) return [];
      return (await repo.enabledNames(Status.enabled)).map((t) => ({ id: t.id, name: t.name }));
    },
  };
}
