import type { Readable } from 'node:stream';
import {
  type InputOf,
  type Locale,
  LocationStatus,
  LocationStatusEnum,
  locationImportRow,
  type warehouseLocation,
} from '@shelfwise/contract';
import { audited, type TenantDatabase, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { importColumns, readImportSheet, rowIssue, sheetText } from '../../../kernel/files/master-files';
import { type SheetColumn, xlsxWriter } from '../../../kernel/files/xlsx';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { openTaskUsing } from '../warehouse';
import { type LocationFilters, type LocationRow, locationRepo as repo } from './location.repo';
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

const text = sheetText({
  warehouseCode: { en: 'Warehouse code', 'zh-cn': '仓库编码', 'zh-tw': '倉庫編碼' },
  areaCode: { en: 'Area code', 'zh-cn': '库区编码', 'zh-tw': '儲區編碼' },
  code: { en: 'Location code', 'zh-cn': '库位编码', 'zh-tw': '儲位編碼' },
  aisle: { en: 'Aisle', 'zh-cn': '巷道', 'zh-tw': '巷道' },
  bay: { en: 'Bay', 'zh-cn': '列', 'zh-tw': '列' },
  level: { en: 'Level', 'zh-cn': '层', 'zh-tw': '層' },
  slot: { en: 'Slot', 'zh-cn': '格', 'zh-tw': '格' },
  length: { en: 'Length (m)', 'zh-cn': '长度（米）', 'zh-tw': '長度（公尺）' },
  width: { en: 'Width (m)', 'zh-cn': '宽度（米）', 'zh-tw': '寬度（公尺）' },
  height: { en: 'Height (m)', 'zh-cn': '高度（米）', 'zh-tw': '高度（公尺）' },
  maxLoad: { en: 'Max load (kg)', 'zh-cn': '最大承重（kg）', 'zh-tw': '最大承重（kg）' },
  maxCapacity: { en: 'Max capacity', 'zh-cn': '最大容量', 'zh-tw': '最大容量' },
  x: { en: 'X (m)', 'zh-cn': 'X（米）', 'zh-tw': 'X（公尺）' },
  y: { en: 'Y (m)', 'zh-cn': 'Y（米）', 'zh-tw': 'Y（公尺）' },
  z: { en: 'Z (m)', 'zh-cn': 'Z（米）', 'zh-tw': 'Z（公尺）' },
  abcClass: { en: 'ABC class', 'zh-cn': 'ABC 分类', 'zh-tw': 'ABC 分類' },
  lastCountedTime: { en: 'Last counted', 'zh-cn': '最近盘点时间', 'zh-tw': '最近盤點時間' },
  sheet: { en: 'Storage locations', 'zh-cn': '库位', 'zh-tw': '儲位' },
  unknownWarehouse: {
    en: 'no warehouse with code {v}',
    'zh-cn': '仓库编码 {v} 不存在',
    'zh-tw': '倉庫編碼 {v} 不存在',
  },
  unknownArea: {
    en: 'the warehouse has no storage area with code {v}',
    'zh-cn': '该仓库下不存在库区编码 {v}',
    'zh-tw': '該倉庫下不存在儲區編碼 {v}',
  },
  codeTaken: {
    en: 'location code {v} already exists in this warehouse',
    'zh-cn': '该仓库下库位编码 {v} 已存在',
    'zh-tw': '該倉庫下儲位編碼 {v} 已存在',
  },
});

const IMPORT_KEYS = [
  'warehouseCode',
  'areaCode',
  'code',
  'aisle',
  'bay',
  'level',
  'slot',
  'length',
  'width',
  'height',
  'maxLoad',
  'maxCapacity',
  'x',
  'y',
  'z',
  'abcClass',
  'remark',
] as const;
const EXPORT_KEYS = [...IMPORT_KEYS, 'status', 'lastCountedTime', 'createTime'] as const;
const columnsOf = <K extends string>(keys: readonly K[], locale: Locale): SheetColumn<K>[] =>
  keys.map((key) => ({ key, header: text(key, locale), width: key.endsWith('Code') || key === 'code' ? 18 : 12 }));
/** ABC classes as the file writes them (the import also takes 1/2/3 and the dictionary labels). */
const ABC_LETTERS: Record<number, string> = { 1: 'A', 2: 'B', 3: 'C' };
const statusLabel = (value: number, locale: Locale) =>
  LocationStatusEnum.members.find((m) => m.value === value)?.label[locale] ?? String(value);

/** Storage locations of the warehouses the caller may see, and the range generator. */
export function createLocationService(kernel: Kernel) {
  const tdb = kernel.tenantDb;

  async function locationOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), ctx, id);
    if (!row) throw notFound();
    return row;
  }
  async function areaOr404(ctx: UserContext, id: number) {
    const area = await repo.area(tdb(ctx), ctx, id);
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
      const page = await repo.page(tdb(ctx), ctx, input);
      return { ...page, items: page.items.map((r) => locationDto(r, time)) };
    },
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      locationDto(await locationOr404(ctx, id), time),
    async add(ctx: UserContext, input: Input<'add'>) {
      const area = await areaOr404(ctx, input.areaId);
      if (await repo.codeTaken(tdb(ctx), area.warehouse_id, input.code))
        throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      const row = audited(
        ctx,
        id,
        { warehouse_id: area.warehouse_id, ...columns(input), last_counted_at: null },
        Date.now(),
      );
      await repo.insert(tdb(ctx), row);
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const before = await locationOr404(ctx, input.id);
      const area = await areaOr404(ctx, input.areaId);
      if (area.warehouse_id !== before.warehouse_id) {
        throw new AppError('validation', { count: 1 }, { areaId: ['area_moves'] });
      }
      if (await repo.codeTaken(tdb(ctx), before.warehouse_id, input.code, input.id)) {
        throw new AppError('duplicateCode', { value: input.code });
      }
      // a location locked by a running count stays locked (its task unlocks it on submit or cancel)
      const status = before.status === LocationStatus.lockedByCount ? before.status : input.status;
      const changes = { ...columns(input), status, ...updatedBy(ctx, Date.now()) };
      await repo.update(tdb(ctx), input.id, changes);
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
      const { kept } = await repo.remove(tdb(ctx), [id]);
      if (kept.length) throw new AppError('locationHasCountLines', { codes: kept.join(', ') });
      kernel.logs.diff(ctx, { table: 'wh_location', id, op: 'delete', before });
    },
    /** Deletes the visible locations, none when a stocktake counted one of them (a 409 names them). */
    async batchDelete(ctx: UserContext, ids: number[]) {
      const visible = await repo.visibleIds(tdb(ctx), ctx, ids);
      if (!visible.length) return 0;
      const { deleted, kept } = await repo.remove(tdb(ctx), visible);
      if (kept.length) throw new AppError('locationHasCountLines', { codes: kept.join(', ') });
      return deleted;
    },
    /** Enables or disables a location; not one a running count has locked (that would drop its lock). */
    async setStatus(ctx: UserContext, id: number, status: number) {
      const before = await locationOr404(ctx, id);
      if (before.status === LocationStatus.lockedByCount) {
        const task = await openTaskUsing(kernel.tenantDb(ctx), 'location', id);
        if (task !== undefined) throw new AppError('locationLockedByCount', { task });
      }
      await repo.update(tdb(ctx), id, { status, ...updatedBy(ctx, Date.now()) });
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
      const existing = await repo.codesOf(tdb(ctx), area.warehouse_id);
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
      const rows: TenantDatabase['wh_location'][] = generated.map((l) =>
        audited(
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
      await repo.insertMany(tdb(ctx), rows);
      return { ...result, created: rows.length };
    },

    /** Streams the locations of the filters (this page, or the chosen ids) as .xlsx, by warehouse and area code. */
    async export(ctx: UserContext, input: Input<'export'>, time: TimeFormatter): Promise<Readable> {
      const { scope, ids, page, pageSize, field: _f, order: _o, ...filters } = input;
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(EXPORT_KEYS, ctx.locale));
      const write = async () => {
        const { codeOf } = await repo.visibleWarehouses(tdb(ctx), ctx);
        const batches =
          scope === 'page'
            ? pageBatch()
            : repo.each(tdb(ctx), ctx, filters as LocationFilters, scope === 'selected' ? (ids ?? []) : undefined);
        for await (const rows of batches) {
          for (const l of rows) {
            sheet.add({
              warehouseCode: codeOf.get(Number(l.warehouse_id)) ?? null,
              areaCode: l.area_code,
              code: l.code,
              aisle: l.aisle,
              bay: l.bay,
              level: l.level,
              slot: l.slot,
              length: l.length,
              width: l.width,
              height: l.height,
              maxLoad: l.max_load,
              maxCapacity: l.max_capacity === null ? null : Number(l.max_capacity),
              x: l.x,
              y: l.y,
              z: l.z,
              abcClass: l.abc_class === null ? null : (ABC_LETTERS[l.abc_class] ?? null),
              remark: l.remark,
              status: statusLabel(l.status, ctx.locale),
              lastCountedTime: time(l.last_counted_at),
              createTime: time(l.created_at),
            });
          }
        }
        await sheet.finish();
      };
      write().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;

      async function* pageBatch() {
        yield (await repo.page(tdb(ctx), ctx, { ...input, page, pageSize })).items;
      }
    },
    /** An empty import sheet with the headers in the caller's language. */
    async importTemplate(ctx: UserContext): Promise<Readable> {
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(IMPORT_KEYS, ctx.locale));
      sheet.finish().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;
    },
    /**
     * Imports locations from an .xlsx stream into warehouses the caller may see (warehouse and area by code). Every
     * row is checked (schema and numbers, warehouse, area of that warehouse, codes unique per warehouse in the file
     * and in the database: the taken codes are loaded once per warehouse); with any failure nothing is written
     * unless `partial` is set, then the good rows are, in one transaction in batches.
     */
    async import(ctx: UserContext, file: Readable, partial: boolean) {
      const rows = await readImportSheet(file, importColumns(IMPORT_KEYS, text, ctx.locale), [
        'warehouseCode',
        'areaCode',
        'code',
      ]);
      const { idOf } = await repo.visibleWarehouses(tdb(ctx), ctx);
      const named = new Set<number>();
      for (const { cells } of rows) {
        const id = idOf.get(cells.warehouseCode ?? '');
        if (id !== undefined) named.add(id);
      }
      const [areas, taken] = await Promise.all([
        repo.areasIn(tdb(ctx), [...named]),
        repo.codesIn(tdb(ctx), [...named]),
      ]);
      const seen = new Map<number, Set<string>>();
      const errors: { row: number; message: string }[] = [];
      const good: TenantDatabase['wh_location'][] = [];
      const now = Date.now();
      for (const { row, cells } of rows) {
        const parsed = locationImportRow.safeParse(Object.fromEntries(IMPORT_KEYS.map((k) => [k, cells[k] ?? ''])));
        if (!parsed.success) {
          errors.push({ row, message: rowIssue(parsed.error, ctx.locale, (k) => text(k, ctx.locale)) });
          continue;
        }
        const r = parsed.data;
        const warehouseId = idOf.get(r.warehouseCode);
        if (warehouseId === undefined) {
          errors.push({ row, message: text('unknownWarehouse', ctx.locale, r.warehouseCode) });
          continue;
        }
        const areaId = areas.get(`${warehouseId}:${r.areaCode}`);
        const inFile = seen.get(warehouseId) ?? new Set<string>();
        seen.set(warehouseId, inFile);
        let problem: string | undefined;
        if (areaId === undefined) problem = text('unknownArea', ctx.locale, r.areaCode);
        else if (taken.get(warehouseId)?.has(r.code)) problem = text('codeTaken', ctx.locale, r.code);
        else if (inFile.has(r.code)) problem = text('duplicateInFile', ctx.locale, r.code);
        if (problem || areaId === undefined) {
          errors.push({ row, message: problem ?? '' });
          continue;
        }
        inFile.add(r.code);
        // Object.assign, not a spread with new keys (a slow path on Node 20, paid per imported row)
        const input = Object.assign({}, r, { areaId, status: LocationStatus.enabled });
        good.push(
          audited(ctx, kernel.ids.next(), { warehouse_id: warehouseId, ...columns(input), last_counted_at: null }, now),
        );
      }
      const writes = errors.length && !partial ? [] : good;
      if (writes.length) await repo.insertMany(tdb(ctx), writes);
      return { total: rows.length, succeeded: writes.length, failed: rows.length - writes.length, errors };
    },
  };
}
