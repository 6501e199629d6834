import { DataScope } from '@shelfwise/contract';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { ShapeValue } from '../db/shaped';

/**
 * What organisation-owned data a user may see: everything, or the records of a set of organisations plus,
 * when `self` is set, the records they created themselves.
 */
export type DataScopeGrant = { all: true } | { all: false; orgIds: number[]; self: boolean };

/** The grant of a caller with no roles: only their own records. */
export const OWN_RECORDS_ONLY: DataScopeGrant = { all: false, orgIds: [], self: true };

/** A role as the scope calculation needs it. */
export interface ScopedRole {
  id: number;
  dataScope: number;
  /** Organisations of a custom scope. */
  orgIds: readonly number[];
}

/** Ids of an organisation and everything below it, from (id, pid) pairs; cycles are ignored. */
export function descendantsOf(orgs: readonly { id: number; pid: number }[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const o of orgs) {
    const list = children.get(o.pid);
    if (list) list.push(o.id);
    else children.set(o.pid, [o.id]);
  }
  const out = new Set<number>([rootId]);
  const queue = [rootId];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const child of children.get(id) ?? []) {
      if (!out.has(child)) {
        out.add(child);
        queue.push(child);
      }
    }
  }
  return [...out];
}

/**
 * The scope of a user: the union of what each of their enabled roles allows (so the widest role wins, and two
 * narrow roles add up). Organisation-based scopes of a user without an organisation add nothing.
 */
export function combineScopes(
  roles: readonly ScopedRole[],
  user: { orgId: number | null },
  orgs: readonly { id: number; pid: number }[],
): DataScopeGrant {
  const orgIds = new Set<number>();
  let self = false;
  for (const role of roles) {
    switch (role.dataScope) {
      case DataScope.all:
        return { all: true };
      case DataScope.orgAndBelow:
        if (user.orgId !== null) for (const id of descendantsOf(orgs, user.orgId)) orgIds.add(id);
        break;
      case DataScope.ownOrg:
        if (user.orgId !== null) orgIds.add(user.orgId);
        break;
      case DataScope.custom:
        for (const id of role.orgIds) orgIds.add(id);
        break;
      default:
        self = true;
    }
  }
  if (roles.length === 0) self = true;
  return { all: false, orgIds: [...orgIds].sort((a, b) => a - b), self };
}

/** Loads the organisation tree and role scopes of a user and combines them. */
export async function loadDataScope(
  db: Kysely<Database>,
  tenantId: number,
  user: { orgId: number | null },
  roles: readonly { id: number; dataScope: number }[],
): Promise<DataScopeGrant> {
  if (roles.some((r) => r.dataScope === DataScope.all)) return { all: true };
  const needsTree = roles.some((r) => r.dataScope === DataScope.orgAndBelow);
  const customIds = roles.filter((r) => r.dataScope === DataScope.custom).map((r) => r.id);
  const [orgs, custom] = await Promise.all([
    needsTree
      ? db.selectFrom('sys_org').select(['id', 'pid']).where('tenant_id', '=', tenantId).execute()
      : Promise.resolve([]),
    customIds.length
      ? db
          .selectFrom('sys_role_org')
          .select(['role_id', 'org_id'])
          .where('tenant_id', '=', tenantId)
          .where('role_id', 'in', customIds)
          .execute()
      : Promise.resolve([]),
  ]);
  const scoped = roles.map((r) => ({
    ...r,
    orgIds: custom.filter((c) => c.role_id === r.id).map((c) => c.org_id),
  }));
  return combineScopes(scoped, user, orgs);
}

/** What the scope filter needs to know about the caller. */
export interface ScopeContext {
  userId: number | null;
  dataScope: DataScopeGrant;
}

/**
 * The one place organisation-owned data is filtered by data scope: a condition on the row's organisation column
 * and (for own records) its creator column, or `undefined` when the caller sees everything.
 *
 * ```ts
 * const filter = scopeFilter(ctx, { org: 'u.org_id', owner: 'u.created_by' });
 * if (filter) query = query.where(filter);
 * ```
 */
export function scopeFilter(
  ctx: ScopeContext,
  columns: { org: string; owner?: string },
): Expression<SqlBool> | undefined {
  const scope = ctx.dataScope;
  if (scope.all) return undefined;
  const parts: ReturnType<typeof sql<boolean>>[] = [];
  if (scope.orgIds.length) parts.push(sql<boolean>`${sql.ref(columns.org)} in (${sql.join(scope.orgIds)})`);
  if (scope.self && columns.owner && ctx.userId !== null) {
    parts.push(sql<boolean>`${sql.ref(columns.owner)} = ${ctx.userId}`);
  }
  if (!parts.length) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** Whether the caller's scope covers an organisation (for writes that place data in one). */
export function scopeCoversOrg(ctx: ScopeContext, orgId: number | null): boolean {
  const scope = ctx.dataScope;
  if (scope.all) return true;
  return orgId !== null && scope.orgIds.includes(orgId);
}

/**
 * The data scope as values of a shaped query (see `createShapedQueries`): nothing for a caller who sees everything,
 * else a marker, the organisations one by one and the owner. `scopeFilterOf` builds the same condition as
 * `scopeFilter` from them.
 */
export function scopeArgs(ctx: ScopeContext): Record<string, ShapeValue> {
  const scope = ctx.dataScope;
  if (scope.all) return {};
  const args: Record<string, ShapeValue> = { 'scope.on': null };
  scope.orgIds.forEach((id, i) => {
    args[`scope.org.${i}`] = id;
  });
  if (scope.self && ctx.userId !== null) args['scope.owner'] = ctx.userId;
  return args;
}

/** `scopeFilter` for a shaped query: the condition of `scopeArgs`, every value bound through `param`. */
export function scopeFilterOf(
  args: Record<string, ShapeValue>,
  param: (key: string) => never,
  columns: { org: string; owner?: string },
): Expression<SqlBool> | undefined {
  if (!('scope.on' in args)) return undefined;
  const parts: ReturnType<typeof sql<boolean>>[] = [];
  const orgs = Object.keys(args).filter((k) => k.startsWith('scope.org.'));
  if (orgs.length) parts.push(sql<boolean>`${sql.ref(columns.org)} in (${sql.join(orgs.map((k) => param(k)))})`);
  if ('scope.owner' in args && columns.owner)
    parts.push(sql<boolean>`${sql.ref(columns.owner)} = ${param('scope.owner')}`);
  if (!parts.length) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}
