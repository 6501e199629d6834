import type { InputOf, OrgNode, sysOrg } from '@shelfwise/contract';
import { descendantsOf, scopeCoversOrg } from '../../../kernel/access/data-scope';
import { audited, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { type OrgRow, orgRepo as repo } from './org.repo';

function orgDto(row: OrgRow, time: TimeFormatter): Omit<OrgNode, 'children'> {
  return {
    id: row.id,
    pid: row.pid,
    code: row.code,
    name: row.name,
    type: row.type,
    directorId: row.director_id,
    directorName: row.director_name,
    orderNo: row.order_no,
    status: row.status,
    remark: row.remark,
    ...auditDto(row, time),
  };
}

/** Builds a tree from rows; a row whose parent is not among them becomes a root (scope-limited views). */
export function buildOrgTree(rows: OrgRow[], time: TimeFormatter): OrgNode[] {
  const nodes = new Map<number, OrgNode>(rows.map((r) => [r.id, { ...orgDto(r, time), children: [] }]));
  const roots: OrgNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.pid);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

type Input<K extends keyof typeof sysOrg> = InputOf<(typeof sysOrg)[K]>;

/** Organisations: a tree per tenant; writes stay inside the caller's data scope. */
export function createOrgService(kernel: Kernel) {
  const { ids } = kernel;
  const tdb = kernel.tenantDb;

  async function checkPlacement(ctx: UserContext, input: Input<'add'>, selfId?: number) {
    if (input.pid !== 0) {
      const parent = await repo.visible(tdb(ctx), ctx, input.pid);
      if (!parent) throw notFound('parent organisation');
      if (selfId !== undefined) {
        const below = descendantsOf(await repo.links(tdb(ctx)), selfId);
        if (below.includes(input.pid)) throw new AppError('orgParentInvalid');
      }
    } else if (!ctx.dataScope.all) {
      // a top-level organisation is outside any organisation-based scope
      throw new AppError('outsideDataScope');
    }
    if (await repo.codeTaken(tdb(ctx), input.code, selfId)) throw new AppError('duplicateCode', { value: input.code });
    if (input.directorId !== null && !(await repo.userExists(tdb(ctx), input.directorId))) throw notFound('director');
  }

  const columns = (input: Input<'add'>) => ({
    pid: input.pid,
    code: input.code,
    name: input.name,
    type: input.type,
    director_id: input.directorId,
    order_no: input.orderNo,
    status: input.status,
    remark: input.remark,
  });

  return {
    async list(ctx: UserContext, input: Input<'list'>, time: TimeFormatter): Promise<OrgNode[]> {
      const rows = await repo.list(tdb(ctx), ctx, input);
      const filtered = Boolean(input.name || input.code || input.type !== undefined);
      return filtered ? rows.map((r) => ({ ...orgDto(r, time), children: [] })) : buildOrgTree(rows, time);
    },
    async add(ctx: UserContext, input: Input<'add'>): Promise<number> {
      await checkPlacement(ctx, input);
      const id = ids.next();
      await repo.insert(tdb(ctx), audited(ctx, id, columns(input), Date.now()));
      await kernel.principals.invalidateAll();
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>): Promise<void> {
      const before = await repo.visible(tdb(ctx), ctx, input.id);
      if (!before) throw notFound();
      if (input.id === input.pid) throw new AppError('orgParentInvalid');
      await checkPlacement(ctx, input, input.id);
      const changes = { ...columns(input), ...updatedBy(ctx, Date.now()) };
      await repo.update(tdb(ctx), input.id, changes);
      kernel.logs.diff(ctx, { table: 'sys_org', id: input.id, op: 'update', before, after: { ...before, ...changes } });
      if (before.pid !== input.pid) await kernel.principals.invalidateAll();
    },
    async delete(ctx: UserContext, id: number): Promise<void> {
      const row = await repo.visible(tdb(ctx), ctx, id);
      if (!row || !scopeCoversOrg(ctx, id)) throw notFound();
      if ((await repo.childCount(tdb(ctx), id)) > 0) throw new AppError('hasChildren');
      const users = await repo.userCount(tdb(ctx), id);
      if (users > 0) throw new AppError('inUse', { what: `${users} account(s)` });
      await repo.remove(tdb(ctx), id);
      kernel.logs.diff(ctx, { table: 'sys_org', id, op: 'delete', before: row });
      await kernel.principals.invalidateAll();
    },
  };
}
