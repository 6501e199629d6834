import type { Kysely } from 'kysely';
import type { Database } from '../../../kernel/db/schema';
import { tenantScoped } from '../../../kernel/db/tenant-scope';
import { notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { createItemRepo, itemDto, OPEN_REVIEW, taskAccess } from '../../inventory';
import { scopedWarehouses } from '../../warehouse/warehouse';
import { checklistState, withStatus } from './state-rule';
import { resolveTask } from './task-data';

// One location in a task: its state, checklist entry and lines. The lines are the item page's own (`itemDto`), so
// book quantity, difference and result follow its blind rule exactly: shown for a guided count, and for a blind
// count only to callers with `inventoryCheckItem:book` (or a super admin).

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function locationLines(
  db: Kysely<Database>,
  ctx: UserContext,
  input: { locationId: number; taskId?: number | undefined },
  time: TimeFormatter,
) {
  const loc = await tenantScoped(db, ctx, 'wh_location')
    .selectFrom()
    .innerJoin('wh_area as a', (j) =>
      j.onRef('a.id', '=', 'wh_location.area_id').onRef('a.tenant_id', '=', 'wh_location.tenant_id'),
    )
    .select([
      'wh_location.id',
      'wh_location.warehouse_id',
      'wh_location.code',
      'wh_location.area_id',
      'a.code as area_code',
      'wh_location.aisle',
      'wh_location.bay',
      'wh_location.level',
      'wh_location.slot',
      'wh_location.status',
      'wh_location.abc_class',
      'wh_location.max_capacity',
      'wh_location.last_counted_at',
    ])
    .where('wh_location.id', '=', input.locationId)
    .where('wh_location.warehouse_id', 'in', scopedWarehouses(db, ctx).select('wh_warehouse.id'))
    .executeTakeFirst();
  if (!loc) throw notFound('location');
  const task = await resolveTask(db, ctx, Number(loc.warehouse_id), input.taskId);

  const entry = task
    ? await tenantScoped(db, ctx, 'inv_task_location')
        .selectFrom()
        .leftJoin('sys_user as u', (j) =>
          j
            .onRef('u.id', '=', 'inv_task_location.confirmed_by')
            .onRef('u.tenant_id', '=', 'inv_task_location.tenant_id'),
        )
        .select([
          'inv_task_location.state',
          'inv_task_location.line_count',
          'inv_task_location.counted_line_count',
          'inv_task_location.diff_line_count',
          'inv_task_location.confirmed_at',
          'u.real_name',
          'u.account',
        ])
        .where('inv_task_location.task_id', '=', task.id)
        .where('inv_task_location.location_id', '=', input.locationId)
        .executeTakeFirst()
    : undefined;

  let lines: ReturnType<typeof itemDto>[] = [];
  let inReview = false;
  if (task) {
    // the item page's access: the book flag by count mode and permission (the warehouse is in the caller's scope)
    const access = await taskAccess(db, ctx, task.id);
    const repo = createItemRepo(db);
    const rows = [];
    for await (const batch of repo.each(ctx.tenantId, access, { taskId: task.id, locationCode: loc.code })) {
      rows.push(...batch.filter((r) => Number(r.location_id) === input.locationId));
    }
    const pictures = await repo.pictures(
      ctx.tenantId,
      rows.filter((r) => Number(r.picture_count) > 0).map((r) => Number(r.id)),
    );
    lines = rows.map((r) => itemDto(r, access.book, pictures.get(Number(r.id)) ?? [], time));
    if (rows.length) {
      const open = await db
        .selectFrom('inv_review_item as ri')
        .innerJoin('inv_review_task as rt', (j) =>
          j.onRef('rt.id', '=', 'ri.review_task_id').onRef('rt.tenant_id', '=', 'ri.tenant_id'),
        )
        .select('ri.id')
        .where('ri.tenant_id', '=', ctx.tenantId)
        .where(
          'ri.item_id',
          'in',
          rows.map((r) => Number(r.id)),
        )
        .where('rt.status', 'in', [...OPEN_REVIEW])
        .limit(1)
        .executeTakeFirst();
      inReview = open !== undefined;
    }
  }

  const checklist = entry
    ? checklistState(
        {
          state: Number(entry.state),
          lineCount: Number(entry.line_count),
          countedLineCount: Number(entry.counted_line_count),
          diffLineCount: Number(entry.diff_line_count),
        },
        inReview,
      )
    : 0;
  return {
    location: {
      id: Number(loc.id),
      code: loc.code,
      areaId: Number(loc.area_id),
      areaCode: loc.area_code,
      aisle: loc.aisle,
      bay: loc.bay,
      level: loc.level,
      slot: loc.slot,
      status: Number(loc.status),
      abcClass: num(loc.abc_class),
      maxCapacity: num(loc.max_capacity),
      lastCountedAt: time(num(loc.last_counted_at)),
      state: withStatus(checklist, Number(loc.status)),
    },
    task: task
      ? {
          id: task.id,
          code: task.code,
          name: task.name,
          inventoryStatus: task.inventoryStatus,
          auditStatus: task.auditStatus,
        }
      : null,
    countState: entry ? Number(entry.state) : null,
    confirmedBy: entry ? (entry.real_name ?? entry.account ?? null) : null,
    confirmedAt: entry ? time(num(entry.confirmed_at)) : null,
    lines: lines.map((l) => ({
      itemId: l.id,
      skuId: l.skuId,
      skuCode: l.skuCode,
      skuName: l.skuName,
      consignorCode: l.consignorCode,
      lot: l.lot,
      bookQty: l.bookQty,
      countedQty: l.countedQty,
      reviewQty: l.reviewQty,
      diffQty: l.diffQty,
      result: l.result,
      status: l.status,
      counterName: l.counterName,
      countedAt: l.countTime,
      abnormalCause: l.abnormalCause,
      pictures: l.pictures,
    })),
  };
}
