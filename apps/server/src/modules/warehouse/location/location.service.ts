import type { InputOf, warehouseLocation } from '@shelfwise/contract';
import type { WhLocationTable } from '../../../kernel/db/schema';
import { updated, withAudit } from '../../../kernel/db/tenant-scope';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { createLocationRepo, type LocationRow } from './location.repo';
import { combinations, expandRange, missingTokens } from './location-generator';

type Input<K extends keyof typeof warehouseLocation> = InputOf<(typeof warehouseLocation)[K]>;

/** Most locations one generator run writes. */
export const MAX_GENERATED = 200_000;

function locationDto(row: LocationRow, time: TimeFormatter) {
  return {
    id: row.id,
    warehouseId: row.warehouse_id,
    areaId: row.area_id,
    areaCode: row.area_code,
    code: row.code,
    aisle: row.aisle,
    bay: row.bay,
    level: row.level,
    slot: row.slot,
    length: row.length,
    width: row.width,
    height: row.height,
    maxLoad: row.max_load,
    maxCapacity: row.max_capacity === null ? null : Number(row.max_capacity),
    status: row.status,
    x: row.x,
    y: row.y,
    z: row.z,
    abcClass: row.abc_class,
    lastCountedTime: time(row.last_counted_at),
    remark: row.remark,
    ...auditDto(row, time),
  };
}

/** Storage locations of the warehouses the caller may see, and the range generator. */
export function createLocationService(kernel: Kernel) {
  const repo = createLocationRepo(kernel.db);

  async function locationOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(ctx, id);
    if (!row) throw notFound();
    return row;
  }
  async function areaOr404(ctx: UserContext, id: number) {
    const area = await repo.area(ctx, id);
    if (!area) throw notFound('storage area');
    return area;
  }
  const columns = (input: Input<'add'>) => ({
    area_id: input.areaId,
    code: input.code,
    aisle: input.aisle,
    bay: input.bay,
    level: input.level,
    slot: input.slot,
    length: input.length,
    width: input.width,
    height: input.height,
    max_load: input.maxLoad,
    max_capacity: input.maxCapacity,
    status: input.status,
    x: input.x,
    y: input.y,
    z: input.z,
    abc_class: input.abcClass,
    remark: input.remark,
  });

  function expand(input: Input<'generate'>) {
    const dims = { aisles: input.aisles, bays: input.bays, levels: input.levels, slots: input.slots };
    const out: Record<string, string[] | null> = {};
    for (const [name, range] of Object.entries(dims)) {
      try {
        out[name] = range ? expandRange(range) : null;
      } catch (e) {
        throw new AppError('validation', { count: 1 }, { [name]: [(e as Error).message] });
      }
    }
    return out as { aisles: string[]; bays: string[]; levels: string[]; slots: string[] | null };
  }

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(ctx, input);
      return { ...page, items: page.items.map((r) => locationDto(r, time)) };
    },
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      locationDto(await locationOr404(ctx, id), time),
    async add(ctx: UserContext, input: Input<'add'>) {
      const area = await areaOr404(ctx, input.areaId);
      if (await repo.codeTaken(ctx, area.warehouse_id, input.code))
        throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      const row = withAudit(
        ctx,
        id,
        { warehouse_id: area.warehouse_id, ...columns(input), last_counted_at: null },
        Date.now(),
      );
      await repo.insert(ctx, row);
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const before = await locationOr404(ctx, input.id);
      const area = await areaOr404(ctx, input.areaId);
      if (area.warehouse_id !== before.warehouse_id) {
        throw new AppError('validation', { count: 1 }, { areaId: ['area_moves'] });
      }
      if (await repo.codeTaken(ctx, before.warehouse_id, input.code, input.id)) {
        throw new AppError('duplicateCode', { value: input.code });
      }
      const changes = { ...columns(input), ...updated(ctx, Date.now()) };
      await repo.update(ctx, input.id, changes);
      kernel.logs.diff(ctx, {
        table: 'wh_location',
        id: input.id,
        op: 'update',
        before,
        after: { ...before, ...changes },
      });
    },
    async delete(ctx: UserContext, id: number) {
      const before = await locationOr404(ctx, id);
      await repo.remove(ctx, [id]);
      kernel.logs.diff(ctx, { table: 'wh_location', id, op: 'delete', before });
    },
    async batchDelete(ctx: UserContext, ids: number[]) {
      const visible = await repo.visibleIds(ctx, ids);
      return visible.length ? repo.remove(ctx, visible) : 0;
    },
    async setStatus(ctx: UserContext, id: number, status: number) {
      const before = await locationOr404(ctx, id);
      await repo.update(ctx, id, { status, ...updated(ctx, Date.now()) });
      kernel.logs.diff(ctx, { table: 'wh_location', id, op: 'update', before, after: { ...before, status } });
    },

    /**
     * Previews or writes the locations of the ranges. Codes must be unique among themselves and against the
     * warehouse; the write is all or nothing, in one transaction.
     */
    async generate(ctx: UserContext, input: Input<'generate'>) {
      const area = await areaOr404(ctx, input.areaId);
      const ranges = expand(input);
      const count = ranges.aisles.length * ranges.bays.length * ranges.levels.length * (ranges.slots?.length ?? 1);
      if (count > MAX_GENERATED) throw new AppError('generateTooMany', { count, max: MAX_GENERATED });
      const missing = missingTokens(input.pattern, {
        aisle: ranges.aisles.length,
        bay: ranges.bays.length,
        level: ranges.levels.length,
        slot: ranges.slots?.length ?? 1,
      });
      if (missing.length) throw new AppError('validation', { count: 1 }, { pattern: ['pattern_missing_tokens'] });
      const existing = await repo.codesOf(ctx, area.warehouse_id);
      const size = { length: input.length, width: input.width, height: input.height };
      const seen = new Set<string>();
      const generated = [];
      const conflicts: string[] = [];
      for (const loc of combinations(ranges, input.pattern, area.code, size)) {
        if (seen.has(loc.code)) throw new AppError('validation', { count: 1 }, { pattern: ['pattern_ambiguous'] });
        seen.add(loc.code);
        if (existing.has(loc.code)) conflicts.push(loc.code);
        generated.push(loc);
      }
      const result = {
        count,
        created: 0,
        sample: generated.slice(0, 20).map((l) => l.code),
        conflicts: conflicts.length,
        conflictSample: conflicts.slice(0, 10),
      };
      if (input.preview) return result;
      if (conflicts.length) {
        throw new AppError('locationCodesTaken', { count: conflicts.length, sample: conflicts.slice(0, 3).join(', ') });
      }
      const now = Date.now();
      const rows: WhLocationTable[] = generated.map((l) =>
        withAudit(
          ctx,
          kernel.ids.next(),
          {
            warehouse_id: area.warehouse_id,
            area_id: area.id,
            code: l.code,
            aisle: l.aisle,
            bay: l.bay,
            level: l.level,
            slot: l.slot,
            length: input.length,
            width: input.width,
            height: input.height,
            max_load: input.maxLoad,
            max_capacity: input.maxCapacity,
            status: 1,
            x: l.x,
            y: l.y,
            z: l.z,
            abc_class: null,
            last_counted_at: null,
            remark: null,
          },
          now,
        ),
      );
      await repo.insertMany(ctx, rows);
      return { ...result, created: rows.length };
    },
  };
}
