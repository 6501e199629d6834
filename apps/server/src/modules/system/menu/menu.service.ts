import { type InputOf, type Locale, MenuType, type sysMenu } from '@shelfwise/contract';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import type { SysMenuTable } from '../../../kernel/db/schema';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { menuRepo as repo } from './menu.repo';
import { createMenuRemoval } from './menu-removal';

type MenuInput = InputOf<typeof sysMenu.add>;

function titleIn(row: SysMenuTable, locale: Locale): string {
  if (locale === 'zh-cn') return row.title_zh_cn || row.title;
  if (locale === 'zh-tw') return row.title_zh_tw || row.title_zh_cn || row.title;
  return row.title;
}

function adminDto(row: SysMenuTable, time: TimeFormatter) {
  return {
    id: row.id,
    pid: row.pid,
    type: row.type,
    name: row.name,
    path: row.path,
    component: row.component,
    redirect: row.redirect,
    permission: row.permission,
    title: row.title,
    titleZhCn: row.title_zh_cn,
    titleZhTw: row.title_zh_tw,
    icon: row.icon,
    isIframe: row.is_iframe === 1,
    outLink: row.out_link,
    isHide: row.is_hide === 1,
    isKeepAlive: row.is_keep_alive === 1,
    isAffix: row.is_affix === 1,
    orderNo: row.order_no,
    status: row.status,
    remark: row.remark,
    createTime: time(row.created_at),
    updateTime: time(row.updated_at),
    createUserId: row.created_by,
    updateUserId: row.updated_by,
  };
}

function routeDto(row: SysMenuTable, locale: Locale) {
  const path = row.path ?? '';
  return {
    id: row.id,
    pid: row.pid,
    type: row.type,
    name: row.name ?? '',
    path,
    component: row.component ?? '',
    redirect: row.redirect ?? '',
    permission: row.permission ?? '',
    orderNo: row.order_no,
    status: row.status,
    meta: {
      title: titleIn(row, locale),
      icon: row.icon ?? '',
      isIframe: row.is_iframe === 1,
      isLink: row.out_link ?? '',
      isHide: row.is_hide === 1,
      isKeepAlive: row.is_keep_alive === 1,
      isAffix: row.is_affix === 1,
      isPublic: false,
      isDynamic: /\/:/.test(path),
      isDynamicPath: path,
    },
  };
}

/** Builds a tree from rows sorted by order; rows whose parent is missing become roots. */
export function buildTree<T extends { id: number; pid: number }>(rows: T[]): (T & { children: unknown[] })[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as unknown[] }]));
  const roots: (T & { children: unknown[] })[] = [];
  for (const n of nodes.values()) {
    const parent = n.pid ? nodes.get(n.pid) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

/** Menus: admin tree, placement rules, the per-user route tree and button codes. */
export function createMenuService(kernel: Kernel) {
  const { ids, principals, logs } = kernel;
  const tdb = kernel.tenantDb;
  // menus are platform rows: their reads need no tenant, any tenant database reads them as they are
  const menus = (ctx: UserContext) => tdb(ctx);
  const removeMenus = createMenuRemoval(kernel);

  /** Checks the kind-specific rules and the place in the tree (docs/menus.md). */
  async function validate(ctx: UserContext, input: MenuInput, selfId?: number) {
    const fieldErrors: Record<string, string[]> = {};
    if (input.type === MenuType.button) {
      if (!input.permission) fieldErrors.permission = ['required_for_type'];
    } else {
      if (!input.name) fieldErrors.name = ['required_for_type'];
      if (!input.path) fieldErrors.path = ['required_for_type'];
    }
    if (Object.keys(fieldErrors).length) {
      throw new AppError('validation', { count: Object.keys(fieldErrors).length }, fieldErrors);
    }
    const parent = input.pid ? await repo.byId(menus(ctx), input.pid) : undefined;
    if (input.pid && !parent) throw notFound('parent');
    if (input.type === MenuType.button) {
      if (parent?.type !== MenuType.menu)
        throw new AppError('menuParentInvalid', { reason: 'reason_button_under_menu' });
    } else if (parent && parent.type !== MenuType.dir) {
      throw new AppError('menuParentInvalid', { reason: 'reason_menu_under_dir' });
    }
    if (selfId && input.pid) {
      const below = subtree(selfId, await repo.links(menus(ctx)));
      if (below.has(input.pid)) throw new AppError('menuParentInvalid', { reason: 'reason_own_child' });
    }
    if (input.type !== MenuType.button && input.name) {
      const same = (await repo.byName(menus(ctx), input.name)).filter((r) => r.id !== selfId);
      if (same.length) throw new AppError('duplicateCode', { value: input.name });
    }
  }

  function columns(input: MenuInput) {
    const isButton = input.type === MenuType.button;
    return {
      pid: input.pid,
      type: input.type,
      name: isButton ? null : (input.name ?? null),
      path: isButton ? null : (input.path ?? null),
      component: isButton ? null : input.type === MenuType.dir ? 'Layout' : (input.component ?? null),
      redirect: input.type === MenuType.dir ? (input.redirect ?? null) : null,
      permission: input.permission ?? null,
      title: input.title,
      title_zh_cn: input.titleZhCn ?? null,
      title_zh_tw: input.titleZhTw ?? null,
      icon: input.icon ?? null,
      is_iframe: input.isIframe ? 1 : 0,
      out_link: input.outLink ?? null,
      is_hide: input.isHide ? 1 : 0,
      is_keep_alive: input.isKeepAlive ? 1 : 0,
      is_affix: input.isAffix ? 1 : 0,
      order_no: input.orderNo,
      status: input.status,
      remark: input.remark ?? null,
    };
  }

  return {
    async list(ctx: UserContext, input: InputOf<typeof sysMenu.list>, time: TimeFormatter) {
      // only a super admin may look at another tenant's grant; everyone else sees their own tenant's menus
      const tenantId = ctx.isSuperAdmin ? input.tenantId : ctx.tenantId;
      // the grant is read on the database of the tenant looked at (the super admin's choice, else the caller's)
      const db = tenantId === undefined ? tdb(ctx) : tdb({ tenantId });
      let rows = await repo.all(db, { title: input.title, type: input.type, granted: tenantId !== undefined });
      if (input.includeButtons === false) rows = rows.filter((r) => r.type !== MenuType.button);
      const dtos = rows.map((r) => adminDto(r, time));
      if (input.title || input.type) return dtos.map((d) => ({ ...d, children: [] }));
      return buildTree(dtos);
    },

    async add(ctx: UserContext, input: MenuInput) {
      await validate(ctx, input);
      const id = ids.next();
      // the platform tenant holds every menu; other tenants get new menus through their menu grant
      await repo.insert(
        tdb({ tenantId: DEFAULT_TENANT_ID }),
        Object.assign({ id }, columns(input), {
          created_at: Date.now(),
          created_by: ctx.userId,
          updated_at: null,
          updated_by: null,
        }),
      );
      await principals.invalidateAll();
      return id;
    },

    async update(ctx: UserContext, input: InputOf<typeof sysMenu.update>) {
      const row = await repo.byId(menus(ctx), input.id);
      if (!row) throw notFound();
      if (input.type !== row.type) {
        const children = (await repo.links(menus(ctx))).some((l) => l.pid === row.id);
        if (children) throw new AppError('hasChildren');
      }
      await validate(ctx, input, input.id);
      const changes = { ...columns(input), updated_at: Date.now(), updated_by: ctx.userId };
      const before = await repo.update(menus(ctx), input.id, changes);
      if (!before) throw notFound();
      logs.diff(ctx, { table: 'sys_menu', id: input.id, op: 'update', before, after: { ...before, ...changes } });
      await principals.invalidateAll();
    },

    /** Deletes the entry, everything below it, and their grants, in one transaction. */
    async remove(ctx: UserContext, id: number) {
      if (!(await repo.byId(menus(ctx), id))) throw notFound();
      const doomed = [...subtree(id, await repo.links(menus(ctx)))];
      const removed = await removeMenus(doomed);
      for (const before of removed) logs.diff(ctx, { table: 'sys_menu', id: before.id, op: 'delete', before });
      await principals.invalidateAll();
    },

    /** The signed-in user's route tree: directories without any visible menu are left out. */
    async loginMenuTree(ctx: UserContext) {
      const p = await principals.get(ctx.homeTenantId, ctx.userId);
      if (!p) throw new AppError('tokenInvalid');
      const rows = await repo.visibleRoutes(tdb(p), p);
      const byId = new Map(rows.map((r) => [r.id, r]));
      // keep a directory only when something under it is a visible menu, and a menu only when its whole
      // parent chain up to the top is visible too (a disabled or ungranted directory hides what is under it)
      const keep = new Set<number>();
      for (const r of rows) {
        if (r.type !== MenuType.menu) continue;
        const chain: number[] = [];
        let cur: SysMenuTable | undefined = r;
        let rooted = false;
        while (cur && chain.length <= rows.length) {
          chain.push(cur.id);
          if (!cur.pid || keep.has(cur.id)) {
            rooted = true;
            break;
          }
          cur = byId.get(cur.pid);
        }
        if (rooted) for (const id of chain) keep.add(id);
      }
      const tree = buildTree(rows.filter((r) => keep.has(r.id)).map((r) => routeDto(r, ctx.locale)));
      return tree;
    },

    async ownButtons(ctx: UserContext) {
      const p = await principals.get(ctx.homeTenantId, ctx.userId);
      if (!p) throw new AppError('tokenInvalid');
      return principals.codesOf(p);
    },
  };
}

/** The id and every id below it. */
function subtree(rootId: number, links: { id: number; pid: number }[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const l of links) {
    const list = children.get(l.pid) ?? [];
    list.push(l.id);
    children.set(l.pid, list);
  }
  const out = new Set<number>([rootId]);
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop() as number;
    for (const c of children.get(id) ?? []) {
      if (!out.has(c)) {
        out.add(c);
        stack.push(c);
      }
    }
  }
  return out;
}
