import { api, type InputOf, type personQuery, type reviewerQuery } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { UserContext } from '../../kernel/http/context';
import { defineRoute } from '../../kernel/http/define-route';
import type { Kernel } from '../../kernel/http/kernel';
import { peopleRepo as repo } from './people.repo';
import { firstCountersOf } from './review/review-core';

/** Most people one picker answer lists. */
const MAX_PEOPLE = 50;

/** The permission the work of each picker needs: scanning for counters, entering review quantities for reviewers. */
const WORK_PERMISSION = { counter: 'inventoryScan:scan', reviewer: 'inventoryReviewTask:review' } as const;

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
  const ids = idList(input.ids);
  const rows = await repo.options(kernel.tenantDb(ctx), ctx, {
    ids: ids.slice(0, MAX_PEOPLE),
    permission: WORK_PERMISSION[kind],
    excluded: ids.length ? new Set() : await countersOf(kernel, ctx, input),
    keyword: input.keyword,
    limit: MAX_PEOPLE,
  });
  return rows.map((r) => ({ id: Number(r.id), account: r.account, realName: r.real_name, orgName: r.org_name }));
}

/** The lines a review is for: a review task's lines, the given lines, or (no line ids) the whole task. */
async function reviewedLines(kernel: Kernel, ctx: UserContext, input: Partial<z.output<typeof reviewerQuery>>) {
  if (input.reviewTaskId) {
    const rows = await repo.reviewLines(kernel.tenantDb(ctx), input.reviewTaskId);
    const first = rows[0];
    return first && { taskId: Number(first.task_id), itemIds: rows.map((r) => Number(r.item_id)) };
  }
  if (!input.taskId) return undefined;
  const itemIds = idList(input.itemIds);
  return { taskId: input.taskId, itemIds: itemIds.length ? itemIds : undefined };
}

/** First counters of the lines a review is for. */
async function countersOf(kernel: Kernel, ctx: UserContext, input: Partial<z.output<typeof reviewerQuery>>) {
  const lines = await reviewedLines(kernel, ctx, input);
  return lines ? firstCountersOf(kernel.tenantDb(ctx), lines.taskId, lines.itemIds) : new Set<number>();
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
