import type { TenantDb } from '../../../kernel/db/tenant-db';
import { notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { itemDto, itemRepo, taskAccessOf } from '../../inventory';
import { overviewRepo as repo } from './overview.repo';
import { checklistState, withStatus } from './state-rule';
import { resolveTask } from './task-data';

// One location in a task: its state, checklist entry and lines. The lines are the item page's own (`itemDto`), so
// book quantity, difference and result follow its blind rule exactly: shown for a guided count, and for a blind
// count only to callers with `inventoryCheckItem:book` (or a super admin).

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function locationLines(
  db: TenantDb,
  ctx: UserContext,
  input: { locationId: number; taskId?: number | undefined },
  time: TimeFormatter,
) {
  const loc = await repo.location(db, ctx, input.locationId);
  if (!loc) throw notFound('location');
  const task = await resolveTask(db, Number(loc.warehouse_id), input.taskId);

  const entry = task ? await repo.checklistEntry(db, task.id, input.locationId) : undefined;

  let lines: ReturnType<typeof itemDto>[] = [];
  let inReview = false;
  if (task) {
    // the item page's access: the book flag by count mode and permission (the warehouse is in the caller's scope)
    const access = await taskAccessOf(db, ctx, task.id);
    const rows = [];
    for await (const batch of itemRepo.each(db, access, { taskId: task.id, locationCode: loc.code })) {
      rows.push(...batch.filter((r) => Number(r.location_id) === input.locationId));
    }
    const pictures = await itemRepo.pictures(
      db,
      rows.filter((r) => Number(r.picture_count) > 0).map((r) => Number(r.id)),
    );
    lines = rows.map((r) => itemDto(r, access.book, pictures.get(Number(r.id)) ?? [], time));
    if (rows.length) {
      inReview = await repo.inOpenReview(
        db,
        rows.map((r) => Number(r.id)),
      );
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
