import { api, type InputOf, type personQuery } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ilike } from '../../kernel/db/paging';
import { tenantScoped } from '../../kernel/db/tenant-scope';
import type { UserContext } from '../../kernel/http/context';
import { defineRoute } from '../../kernel/http/define-route';
import type { Kernel } from '../../kernel/http/kernel';

/** Most people one picker answer lists. */
const MAX_PEOPLE = 50;

/**
 * Who can be given counting work (counters, reviewers): enabled users of the caller's tenant, by name or account,
 * or by id (to show the chosen ones). Supervisors and auditors need this without the user administration grant;
 * it answers names and accounts only.
 */
export async function peopleOptions(kernel: Kernel, ctx: UserContext, input: z.output<typeof personQuery>) {
  let q = tenantScoped(kernel.db, ctx, 'sys_user')
    .selectFrom()
    .leftJoin('sys_org as o', (j) =>
      j.onRef('o.id', '=', 'sys_user.org_id').onRef('o.tenant_id', '=', 'sys_user.tenant_id'),
    )
    .select(['sys_user.id', 'sys_user.account', 'sys_user.real_name', 'o.name as org_name'])
    .where('sys_user.status', '=', 1);
  const ids = (input.ids ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  if (ids.length) q = q.where('sys_user.id', 'in', ids.slice(0, MAX_PEOPLE));
  if (input.keyword) {
    const k = input.keyword;
    q = q.where((eb) => eb.or([ilike('sys_user.account', k), ilike('sys_user.real_name', k)]));
  }
  const rows = await q.orderBy('sys_user.account').limit(MAX_PEOPLE).execute();
  return rows.map((r) => ({ id: Number(r.id), account: r.account, realName: r.real_name, orgName: r.org_name }));
}

/** The people pickers of sub-tasks (counters) and review tasks (assignees). */
export function registerPeopleRoutes(app: FastifyInstance, kernel: Kernel) {
  const handler = (input: InputOf<typeof api.inventoryCheckSubTask.counterOptions>, ctx: UserContext) =>
    peopleOptions(kernel, ctx, input);
  defineRoute(app, kernel, api.inventoryCheckSubTask.counterOptions, handler);
  defineRoute(app, kernel, api.inventoryReviewTask.assigneeOptions, handler);
}
