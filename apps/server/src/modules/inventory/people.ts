import { AccountType, api, type InputOf, type personQuery, type reviewerQuery, Status } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { scopeFilter } from '../../kernel/access/data-scope';
import { ilike } from '../../kernel/db/paging';
import { tenantScoped } from '../../kernel/db/tenant-scope';
import type { UserContext } from '../../kernel/http/context';
import { defineRoute } from '../../kernel/http/define-route';
import type { Kernel } from '../../kernel/http/kernel';
import { firstCounters } from './review/review-core';

/** Most people one picker answer lists. */
const MAX_PEOPLE = 50;

/** The permission the work of each picker needs: scanning for counters, entering review quantities for reviewers. */
const WORK_PERMISSION = { counter: 'inventoryScan:scan', reviewer: 'inventoryReviewTask:review' } as const;

/**
 * `sys_user` holds a permission, the way principals get theirs: a super admin every one, a system admin those of
 * the menus granted to the tenant, anyone else those of their enabled roles' menus within that grant.
 */
const holds = (permission: string) =>
  sql<SqlBool>`(sys_user.account_type = ${AccountType.superAdmin} or exists (select 1 from sys_menu m inner join sys_tenant_menu tm on tm.menu_id = m.id where tm.tenant_id = sys_user.tenant_id and m.status = ${Status.enabled} and m.permission = ${permission} and (sys_user.account_type = ${AccountType.sysAdmin} or exists (select 1 from sys_user_role ur inner join sys_role r on r.id = ur.role_id and r.tenant_id = ur.tenant_id inner join sys_role_menu rm on rm.role_id = r.id and rm.tenant_id = ur.tenant_id where ur.tenant_id = sys_user.tenant_id and ur.user_id = sys_user.id and r.status = ${Status.enabled} and rm.menu_id = m.id))))`;

/** Positive safe integers of a comma-separated list. */
const idList = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);

/**
 * Who can be given counting work (counters, reviewers), by name or account: enabled users of the caller's tenant
 * within the caller's data scope who hold the permission the work needs, and for a review none of the lines' first
 * counters (the server refuses them). By `ids` it names chosen people (within the data scope) whatever they may
 * do. Supervisors and auditors need this without the user administration grant; it answers names and accounts only.
 */
export async function peopleOptions(
  kernel: Kernel,
  ctx: UserContext,
  kind: keyof typeof WORK_PERMISSION,
  input: z.output<typeof personQuery> & Partial<z.output<typeof reviewerQuery>>,
) {
  let q = tenantScoped(kernel.db, ctx, 'sys_user')
    .selectFrom()
    .leftJoin('sys_org as o', (j) =>
      j.onRef('o.id', '=', 'sys_user.org_id').onRef('o.tenant_id', '=', 'sys_user.tenant_id'),
    )
    .select(['sys_user.id', 'sys_user.account', 'sys_user.real_name', 'o.name as org_name'])
    .where('sys_user.status', '=', Status.enabled);
  const inScope = scopeFilter(ctx, { org: 'sys_user.org_id', owner: 'sys_user.created_by' });
  if (inScope) q = q.where(inScope);
  const ids = idList(input.ids);
  if (ids.length) q = q.where('sys_user.id', 'in', ids.slice(0, MAX_PEOPLE));
  else {
    q = q.where(holds(WORK_PERMISSION[kind]));
    const counted = await countersOf(kernel, ctx, input);
    if (counted.size) q = q.where('sys_user.id', 'not in', [...counted]);
  }
  if (input.keyword) {
    const k = input.keyword;
    q = q.where((eb) => eb.or([ilike('sys_user.account', k), ilike('sys_user.real_name', k)]));
  }
  const rows = await q.orderBy('sys_user.account').limit(MAX_PEOPLE).execute();
  return rows.map((r) => ({ id: Number(r.id), account: r.account, realName: r.real_name, orgName: r.org_name }));
}

/** First counters of the lines a review is for: of a review task's lines, of the given lines, or of the whole task. */
async function countersOf(kernel: Kernel, ctx: UserContext, input: Partial<z.output<typeof reviewerQuery>>) {
  if (input.reviewTaskId) {
    const rows = await tenantScoped(kernel.db, ctx, 'inv_review_item')
      .selectFrom()
      .select(['inv_review_item.task_id', 'inv_review_item.item_id'])
      .where('inv_review_item.review_task_id', '=', input.reviewTaskId)
      .execute();
    const first = rows[0];
    if (!first) return new Set<number>();
    return firstCounters(
      kernel.db,
      ctx,
      Number(first.task_id),
      rows.map((r) => Number(r.item_id)),
    );
  }
  if (!input.taskId) return new Set<number>();
  const itemIds = idList(input.itemIds);
  return firstCounters(kernel.db, ctx, input.taskId, itemIds.length ? itemIds : undefined);
}

/** The people pickers of sub-tasks (counters) and review tasks (assignees). */
export function registerPeopleRoutes(app: FastifyInstance, kernel: Kernel) {
  defineRoute(app, kernel, api.inventoryCheckSubTask.counterOptions, (input, ctx: UserContext) =>
    peopleOptions(kernel, ctx, 'counter', input),
  );
  defineRoute(
    app,
    kernel,
    api.inventoryReviewTask.assigneeOptions,
    (input: InputOf<typeof api.inventoryReviewTask.assigneeOptions>, ctx: UserContext) =>
      peopleOptions(kernel, ctx, 'reviewer', input),
  );
}
