import type { Readable } from 'node:stream';
import {
  areaImportRow,
  type InputOf,
  type Locale,
  ShelfTypeEnum,
  Status,
  type warehouseArea,
} from '@shelfwise/contract';
import { audited, type TenantDatabase, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { importColumns, readImportSheet, rowIssue, sheetText } from '../../../kernel/files/master-files';
import { type SheetColumn, xlsxWriter } from '../../../kernel/files/xlsx';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { liveStreamRepo } from '../live-view';
import { refuseIfCounted } from '../warehouse';
import { type AreaFilters, type AreaRow, areaRepo as repo } from './area.repo';

type Input<K extends keyof typeof warehouseArea> = InputOf<(typeof warehouseArea)[K]>;

function areaDto(row: AreaRow, time: TimeFormatter) {
  return {
    id: row.id,
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    code: row.code,
    name: row.name,
    shelfType: row.shelf_type,
    status: row.status,
    posX: row.pos_x,
    posY: row.pos_y,
    width: row.width,
    length: row.length,
    locationCount: Number(row.location_count),
    remark: row.remark,
    ...auditDto(row, time),
  };
}

const text = sheetText({
  warehouseCode: { en: 'Warehouse code', 'zh-cn': '仓库编码', 'zh-tw': '倉庫編碼' },
  warehouseName: { en: 'Warehouse', 'zh-cn': '仓库', 'zh-tw': '倉庫' },
  code: { en: 'Area code', 'zh-cn': '库区编码', 'zh-tw': '儲區編碼' },
  name: { en: 'Area name', 'zh-cn': '库区名称', 'zh-tw': '儲區名稱' },
  shelfType: { en: 'Shelf type', 'zh-cn': '货架类型', 'zh-tw': '貨架類型' },
  posX: { en: 'Position X (m)', 'zh-cn': '位置 X（米）', 'zh-tw': '位置 X（公尺）' },
  posY: { en: 'Position Y (m)', 'zh-cn': '位置 Y（米）', 'zh-tw': '位置 Y（公尺）' },
  width: { en: 'Width (m)', 'zh-cn': '宽度（米）', 'zh-tw': '寬度（公尺）' },
  length: { en: 'Length (m)', 'zh-cn': '长度（米）', 'zh-tw': '長度（公尺）' },
  locationCount: { en: 'Storage locations', 'zh-cn': '库位数', 'zh-tw': '儲位數' },
  sheet: { en: 'Storage areas', 'zh-cn': '库区', 'zh-tw': '儲區' },
  unknownWarehouse: {
    en: 'no warehouse with code {v}',
    'zh-cn': '仓库编码 {v} 不存在',
    'zh-tw': '倉庫編碼 {v} 不存在',
  },
  codeTaken: {
    en: 'area code {v} already exists in this warehouse',
    'zh-cn': '该仓库下库区编码 {v} 已存在',
    'zh-tw': '該倉庫下儲區編碼 {v} 已存在',
  },
});

const IMPORT_KEYS = [
  'warehouseCode',
  'code',
  'name',
  'shelfType',
  'posX',
  'posY',
  'width',
  'length',
  'remark',
] as const;
const EXPORT_KEYS = [...IMPORT_KEYS, 'warehouseName', 'locationCount', 'status', 'createTime'] as const;
const columnsOf = <K extends string>(keys: readonly K[], locale: Locale): SheetColumn<K>[] =>
  keys.map((key) => ({ key, header: text(key, locale), width: key === 'name' || key === 'warehouseName' ? 30 : 16 }));
const shelfLabel = (value: number, locale: Locale) =>
  ShelfTypeEnum.members.find((m) => m.value === value)?.label[locale] ?? String(value);

/** Storage areas of the warehouses the caller may see. */
export function createAreaService(kernel: Kernel) {
  const tdb = kernel.tenantDb;
  async function areaOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), ctx, id);
    if (!row) throw notFound();
    return row;
  }
  const columns = (input: Input<'add'>) => ({
    code: input.code,
    name: input.name,
    shelf_type: input.shelfType,
    status: input.status,
    pos_x: input.posX,
    pos_y: input.posY,
    width: input.width,
    length: input.length,
    remark: input.remark,
  });
  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), ctx, input);
      return { ...page, items: page.items.map((r) => areaDto(r, time)) };
    },
    list: async (ctx: UserContext, warehouseId: number, time: TimeFormatter) =>
      (await repo.list(tdb(ctx), ctx, warehouseId)).map((r) => areaDto(r, time)),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) => areaDto(await areaOr404(ctx, id), time),
    async add(ctx: UserContext, input: Input<'add'>) {
      if (!(await repo.warehouseVisible(tdb(ctx), ctx, input.warehouseId))) throw notFound('warehouse');
      if (await repo.codeTaken(tdb(ctx), input.warehouseId, input.code))
        throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      await repo.insert(tdb(ctx), audited(ctx, id, { warehouse_id: input.warehouseId, ...columns(input) }, Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const before = await areaOr404(ctx, input.id);
      // an area stays in its warehouse: its locations' codes are unique per warehouse
      if (before.warehouse_id !== input.warehouseId)
        throw new AppError('validation', { count: 1 }, { warehouseId: ['area_moves'] });
      if (await repo.codeTaken(tdb(ctx), input.warehouseId, input.code, input.id)) {
        throw new AppError('duplicateCode', { value: input.code });
      }
      const changes = { ...columns(input), ...updatedBy(ctx, Date.now()) };
      await repo.update(tdb(ctx), input.id, changes);
      kernel.logs.diff(ctx, { table: 'wh_area', id: input.id, op: 'update', before, after: { ...before, ...changes } });
    },
    async delete(ctx: UserContext, id: number) {
      const row = await areaOr404(ctx, id);
      if (Number(row.location_count) > 0) throw new AppError('hasChildren');
      // its cameras would be left without an area (and out of every warehouse's live view)
      const cameras = await liveStreamRepo.countInArea(tdb(ctx), id);
      if (cameras > 0) throw new AppError('areaHasStreams', { count: cameras });
      await refuseIfCounted(kernel.tenantDb(ctx), 'area', id);
      await repo.remove(tdb(ctx), id);
      kernel.logs.diff(ctx, { table: 'wh_area', id, op: 'delete', before: row });
    },
    async setStatus(ctx: UserContext, id: number, status: number) {
      const before = await areaOr404(ctx, id);
      await repo.update(tdb(ctx), id, { status, ...updatedBy(ctx, Date.now()) });
      kernel.logs.diff(ctx, { table: 'wh_area', id, op: 'update', before, after: { ...before, status } });
    },

    /** Streams the areas of the filters (this page, or the chosen ids) as .xlsx, placed by warehouse code. */
    async export(ctx: UserContext, input: Input<'export'>, time: TimeFormatter): Promise<Readable> {
      const { scope, ids, page, pageSize, field: _f, order: _o, ...filters } = input;
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(EXPORT_KEYS, ctx.locale));
      const write = async () => {
        const batches =
          scope === 'page'
            ? pageBatch()
            : repo.each(tdb(ctx), ctx, filters as AreaFilters, scope === 'selected' ? (ids ?? []) : undefined);
        for await (const rows of batches) {
          for (const a of rows) {
            sheet.add({
              warehouseCode: a.warehouse_code,
              code: a.code,
              name: a.name,
              shelfType: shelfLabel(a.shelf_type, ctx.locale),
              posX: a.pos_x,
              posY: a.pos_y,
              width: a.width,
              length: a.length,
              remark: a.remark,
              warehouseName: a.warehouse_name,
              locationCount: Number(a.location_count),
              status: text(a.status === Status.enabled ? 'enabled' : 'disabled', ctx.locale),
              createTime: time(a.created_at),
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
     * Imports areas from an .xlsx stream into warehouses the caller may see (by code). Every row is checked (schema,
     * shelf type by value or label, warehouse, duplicate codes per warehouse in the file and in the database); with
     * any failure nothing is written unless `partial` is set, then the good rows are, in one transaction.
     */
    async import(ctx: UserContext, file: Readable, partial: boolean) {
      const rows = await readImportSheet(file, importColumns(IMPORT_KEYS, text, ctx.locale), [
        'warehouseCode',
        'code',
        'name',
      ]);
      const warehouses = await repo.visibleWarehouses(tdb(ctx), ctx);
      const taken = await repo.keysIn(tdb(ctx), [...warehouses.values()]);
      const seen = new Set<string>();
      const errors: { row: number; message: string }[] = [];
      const good: TenantDatabase['wh_area'][] = [];
      const now = Date.now();
      for (const { row, cells } of rows) {
        const parsed = areaImportRow.safeParse(Object.fromEntries(IMPORT_KEYS.map((k) => [k, cells[k] ?? ''])));
        if (!parsed.success) {
          errors.push({ row, message: rowIssue(parsed.error, ctx.locale, (k) => text(k, ctx.locale)) });
          continue;
        }
        const r = parsed.data;
        const warehouseId = warehouses.get(r.warehouseCode);
        if (warehouseId === undefined) {
          errors.push({ row, message: text('unknownWarehouse', ctx.locale, r.warehouseCode) });
          continue;
        }
        const key = `${warehouseId}:${r.code}`;
        if (taken.has(key) || seen.has(key)) {
          const problem = taken.has(key) ? 'codeTaken' : 'duplicateInFile';
          errors.push({ row, message: text(problem, ctx.locale, r.code) });
          continue;
        }
        seen.add(key);
        // Object.assign, not a spread with new keys (a slow path on Node 20, paid per imported row)
        const input = Object.assign({}, r, { warehouseId, status: Status.enabled });
        good.push(audited(ctx, kernel.ids.next(), { warehouse_id: warehouseId, ...columns(input) }, now));
      }
      const writes = errors.length && !partial ? [] : good;
      if (writes.length) {
        await tdb(ctx)
          .transaction()
          .execute((trx) => repo.insertMany(trx, writes));
      }
      return { total: rows.length, succeeded: writes.length, failed: rows.length - writes.length, errors };
    },
  };
}
