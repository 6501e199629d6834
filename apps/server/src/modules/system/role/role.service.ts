import { DataScope, type GrantNode, type InputOf, type Locale, type sysRole } from '@shelfwise/contract';
import { scopeCoversOrg } from '../../../kernel/access/data-scope';
import { audited, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { keepSeedText, seedText } from '../../../kernel/i18n/seed-texts';
import { type RoleRow, roleRepo as repo } from './role.repo';

function roleDto(row: RoleRow, time: TimeFormatter, locale: Locale) {
  return {
    id: row.id,
    code: row.code,
    name: seedText('role', row.name, locale),
    dataScope: row.data_scope,
    orderNo: row.order_no,
    status: row.status,
    remark: row.remark,
    userCount: Number(row.user_count),
    ...auditDto(row, time),
  };
}

type Input<K extends keyof typeof sysRole> = InputOf<(typeof sysRole)[K]>;

const titleIn = (m: { title: string; title_zh_cn: string | null; title_zh_tw: string | null }, locale: Locale) =>
  (locale === 'zh-cn' ? m.title_zh_cn : locale === 'zh-tw' ? m.title_zh_tw : null) ?? m.title;

/**
 * Roles: menu and button grants within the tenant's grant, and data scopes. Every change that can alter what a
 * holder may do rebuilds the cached principals, so it takes effect on the holders' next request.
 */
export function createRoleService(kernel: Kernel) {
  const tdb = kernel.tenantDb;

  async function roleOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), id);
    if (!row) throw notFound();
    return row;
  }

  /** Menu ids must all lie inside the tenant's grant; parents of granted entries are added. */
  async function withinCeiling(ctx: UserContext, menuIds: readonly number[]): Promise<number[]> {
    const ceiling = await repo.tenantMenus(tdb(ctx), ctx.tenantId);
    const byId = new Map(ceiling.map((m) => [m.id, m]));
    const out = new Set<number>();
    for (const id of menuIds) {
      if (!byId.has(id)) throw new AppError('grantOutsideCeiling');
      for (let m = byId.get(id); m && !out.has(m.id); m = byId.get(m.pid)) out.add(m.id);
    }
    return [...out].sort((a, b) => a - b);
  }

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), input);
      return { ...page, items: page.items.map((r) => roleDto(r, time, ctx.locale)) };
    },
    list: async (ctx: UserContext, time: TimeFormatter) =>
      (await repo.list(tdb(ctx))).map((r) => roleDto(r, time, ctx.locale)),
    async add(ctx: UserContext, input: Input<'add'>): Promise<number> {
      if (await repo.codeTaken(tdb(ctx), input.code)) throw new AppError('duplicateCode', { value: input.code });
      if (input.dataScope === DataScope.custom)
        throw new AppError('validation', { count: 1 }, { dataScope: ['custom_scope_needs_orgs'] });
      const menuIds = await withinCeiling(ctx, input.menuIds);
      const id = kernel.ids.next();
      const row = audited(
        ctx,
        id,
        {
          code: input.code,
          name: input.name,
          data_scope: input.dataScope,
          order_no: input.orderNo,
          status: input.status,
          remark: input.remark,
        },
        Date.now(),
      );
      await repo.insert(tdb(ctx), row, menuIds);
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>): Promise<void> {
      const before = await roleOr404(ctx, input.id);
      if (await repo.codeTaken(tdb(ctx), input.code, input.id))
        throw new AppError('duplicateCode', { value: input.code });
      const changes = {
        code: input.code,
        name: keepSeedText('role', before.name, input.name),
        order_no: input.orderNo,
        status: input.status,
        remark: input.remark,
        ...updatedBy(ctx, Date.now()),
      };
      await repo.update(tdb(ctx), input.id, changes);
      kernel.logs.diff(ctx, {
        table: 'sys_role',
        id: input.id,
        op: 'update',
        before,
        after: { ...before, ...changes },
      });
      if (before.status !== input.status) await kernel.principals.invalidateAll();
    },
    async delete(ctx: UserContext, id: number): Promise<void> {
      const row = await roleOr404(ctx, id);
      const users = Number(row.user_count);
      if (users > 0) throw new AppError('inUse', { what: `${users} account(s)` });
      await repo.remove(tdb(ctx), id);
      kernel.logs.diff(ctx, { table: 'sys_role', id, op: 'delete', before: row });
    },
    async setStatus(ctx: UserContext, id: number, status: number): Promise<void> {
      const before = await roleOr404(ctx, id);
      await repo.update(tdb(ctx), id, { status, ...updatedBy(ctx, Date.now()) });
      kernel.logs.diff(ctx, { table: 'sys_role', id, op: 'update', before, after: { ...before, status } });
      await kernel.principals.invalidateAll();
    },
    async grantTree(ctx: UserContext): Promise<GrantNode[]> {
      const rows = await repo.tenantMenus(tdb(ctx), ctx.tenantId);
      const nodes = new Map<number, GrantNode>(
        rows.map((m) => [
          m.id,
          { id: m.id, pid: m.pid, type: m.type, title: titleIn(m, ctx.locale), permission: m.permission, children: [] },
        ]),
      );
      const roots: GrantNode[] = [];
      for (const node of nodes.values()) {
        const parent = nodes.get(node.pid);
        if (parent) parent.children.push(node);
        else roots.push(node);
      }
      return roots;
    },
    async ownMenuList(ctx: UserContext, id: number): Promise<number[]> {
      await roleOr404(ctx, id);
      return repo.menuIds(tdb(ctx), id);
    },
    async grantMenu(ctx: UserContext, input: Input<'grantMenu'>): Promise<void> {
      await roleOr404(ctx, input.id);
      const previous = await repo.menuIds(tdb(ctx), input.id);
      const menuIds = await withinCeiling(ctx, input.menuIds);
      await repo.replaceMenus(tdb(ctx), input.id, menuIds);
      kernel.logs.diff(ctx, {
        table: 'sys_role_menu',
        id: input.id,
        op: 'update',
        before: { menuIds: previous },
        after: { menuIds },
      });
      await kernel.principals.invalidateAll();
    },
    async ownOrgList(ctx: UserContext, id: number): Promise<number[]> {
      await roleOr404(ctx, id);
      return repo.orgIds(tdb(ctx), id);
    },
    async grantDataScope(ctx: UserContext, input: Input<'grantDataScope'>): Promise<void> {
      const before = await roleOr404(ctx, input.id);
      const previousOrgs = await repo.orgIds(tdb(ctx), input.id);
      let orgIds: number[] = [];
      if (input.dataScope === DataScope.custom) {
        orgIds = [...new Set(input.orgIds)];
        const known = await repo.existingOrgs(tdb(ctx), orgIds);
        if (known.length !== orgIds.length) throw notFound('organisation');
        // nobody grants more than they can see themselves
        if (!orgIds.every((o) => scopeCoversOrg(ctx, o))) throw new AppError('outsideDataScope');
      } else if (input.dataScope === DataScope.all && !ctx.dataScope.all) {
        throw new AppError('outsideDataScope');
      }
      await repo.setScope(tdb(ctx), input.id, { data_scope: input.dataScope, ...updatedBy(ctx, Date.now()) }, orgIds);
      kernel.logs.diff(ctx, {
        table: 'sys_role',
        id: input.id,
        op: 'update',
        before: { data_scope: before.data_scope, orgIds: previousOrgs },
        after: { data_scope: input.dataScope, orgIds },
      });
      await kernel.principals.invalidateAll();
    },
  };
}
