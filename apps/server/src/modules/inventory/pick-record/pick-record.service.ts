import type { Readable } from 'node:stream';
import { type InputOf, type inventoryPickRecord, type Locale, pickRecordImportRow } from '@shelfwise/contract';
import { audited } from '../../../kernel/db/tenant-db';
import { notFound } from '../../../kernel/errors/app-error';
import { importColumns, rowIssue, sheetText } from '../../../kernel/files/master-files';
import { type SheetColumn, xlsxWriter } from '../../../kernel/files/xlsx';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import type { UploadedStockFile } from '../snapshot/snapshot.service';
import { parsePickTime, readStockFile, resolveStockCodes, roundQuantity, STOCK_SHEET_TEXT } from '../stock-files';
import { timeRange } from '../time-range';
import { type PickFilters, type PickRecordTable, type PickRow, pickRecordRepo as repo } from './pick-record.repo';

type Input<K extends keyof typeof inventoryPickRecord> = InputOf<(typeof inventoryPickRecord)[K]>;

const text = sheetText({
  ...STOCK_SHEET_TEXT,
  sheet: { en: 'Pick records', 'zh-cn': '拣货记录', 'zh-tw': '揀貨紀錄' },
});

const IMPORT_KEYS = ['locationCode', 'skuCode', 'consignorCode', 'quantity', 'pickedTime', 'orderRef'] as const;
const EXPORT_KEYS = [...IMPORT_KEYS, 'warehouseCode', 'skuName', 'createTime'] as const;
const columnsOf = <K extends string>(keys: readonly K[], locale: Locale): SheetColumn<K>[] =>
  keys.map((key) => ({ key, header: text(key, locale), width: key === 'skuName' ? 28 : 18 }));

function pickDto(row: PickRow, time: TimeFormatter) {
  return {
    id: Number(row.id),
    warehouseId: Number(row.warehouse_id),
    warehouseCode: row.warehouse_code,
    locationId: Number(row.location_id),
    locationCode: row.location_code,
    skuId: Number(row.sku_id),
    skuCode: row.sku_code,
    skuName: row.sku_name,
    consignorId: Number(row.consignor_id),
    consignorCode: row.consignor_code,
    quantity: Number(row.quantity),
    pickedTime: time(Number(row.picked_at)),
    orderRef: row.order_ref,
    createTime: time(Number(row.created_at)),
    createUserId: row.created_by === null ? null : Number(row.created_by),
  };
}

/** Pick records of the warehouses the caller may see: import, list, export, delete. */
export function createPickRecordService(kernel: Kernel) {
  const tdb = kernel.tenantDb;
  const range = (ctx: UserContext, f: { startTime?: string | undefined; endTime?: string | undefined }) =>
    timeRange(f.startTime, f.endTime, ctx.timeZone);

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), ctx, input, range(ctx, input));
      return { ...page, items: page.items.map((r) => pickDto(r, time)) };
    },
    /** Deletes chosen picks of visible warehouses; unknown ids are skipped. */
    delete: (ctx: UserContext, ids: number[]) => repo.removeIds(tdb(ctx), ctx, ids),
    /** Deletes a visible warehouse's picks of a date range (inclusive, open ends allowed). */
    async clear(ctx: UserContext, input: Input<'clear'>) {
      const warehouse = await repo.warehouse(tdb(ctx), ctx, input.warehouseId);
      if (!warehouse) throw notFound('warehouse');
      return repo.removeRange(tdb(ctx), Number(warehouse.id), range(ctx, input));
    },

    /** Streams the picks of the filters (this page, or the chosen ids) as .xlsx, in the columns of the import first. */
    async export(ctx: UserContext, input: Input<'export'>, time: TimeFormatter): Promise<Readable> {
      const { scope, ids, page, pageSize, field: _f, order: _o, ...filters } = input;
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(EXPORT_KEYS, ctx.locale));
      const r = range(ctx, filters);
      const write = async () => {
        const batches =
          scope === 'page'
            ? pageBatch()
            : repo.each(tdb(ctx), ctx, filters as PickFilters, r, scope === 'selected' ? (ids ?? []) : undefined);
        for await (const rows of batches) {
          for (const p of rows) {
            sheet.add({
              locationCode: p.location_code,
              skuCode: p.sku_code,
              consignorCode: p.consignor_code,
              quantity: Number(p.quantity),
              pickedTime: time(Number(p.picked_at)),
              orderRef: p.order_ref,
              warehouseCode: p.warehouse_code,
              skuName: p.sku_name,
              createTime: time(Number(p.created_at)),
            });
          }
        }
        await sheet.finish();
      };
      write().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;

      async function* pageBatch() {
        yield (await repo.page(tdb(ctx), ctx, { ...input, page, pageSize }, r)).items;
      }
    },
    /** An empty import sheet with the headers in the caller's language. */
    async importTemplate(ctx: UserContext): Promise<Readable> {
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(IMPORT_KEYS, ctx.locale));
      sheet.finish().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;
    },

    /**
     * Imports picks of one warehouse (.xlsx or CSV). Every row is checked like a snapshot row (schema, location of
     * the warehouse, consignor, SKU of the consignor; nothing is created) and its pick time read on the tenant's
     * clock (`yyyy-MM-dd HH:mm:ss`, `yyyy-MM-dd`, Excel dates). The same pick may appear twice (two picks of one
     * order line are real), so there is no duplicate rule. Strict unless `partial`; one transaction, in batches.
     */
    async import(ctx: UserContext, input: Input<'import'>, upload: UploadedStockFile) {
      const warehouse = await repo.warehouse(tdb(ctx), ctx, input.warehouseId);
      if (!warehouse) {
        upload.file.resume();
        throw notFound('warehouse');
      }
      const rows = await readStockFile(upload, importColumns(IMPORT_KEYS, text, ctx.locale), [
        'locationCode',
        'skuCode',
        'consignorCode',
        'quantity',
        'pickedTime',
      ]);
      const warehouseId = Number(warehouse.id);
      const codes = await resolveStockCodes(tdb(ctx), warehouseId, rows);
      const errors: { row: number; message: string }[] = [];
      const good: PickRecordTable[] = [];
      const say = (key: string, v: string) => text(key, ctx.locale, v);
      const now = Date.now();
      for (const { row, cells } of rows) {
        const parsed = pickRecordImportRow.safeParse(Object.fromEntries(IMPORT_KEYS.map((k) => [k, cells[k] ?? ''])));
        if (!parsed.success) {
          errors.push({ row, message: rowIssue(parsed.error, ctx.locale, (k) => text(k, ctx.locale)) });
          continue;
        }
        const r = parsed.data;
        const locationId = codes.locations.get(r.locationCode);
        const consignorId = codes.consignors.get(r.consignorCode);
        const skuId = consignorId === undefined ? undefined : codes.skus.get(`${consignorId}:${r.skuCode}`);
        const pickedAt = parsePickTime(r.pickedTime, ctx.timeZone);
        let problem: string | undefined;
        if (locationId === undefined) problem = say('unknownLocation', r.locationCode);
        else if (consignorId === undefined) problem = say('unknownConsignor', r.consignorCode);
        else if (skuId === undefined) problem = say('unknownSku', r.skuCode);
        else if (pickedAt === undefined) problem = say('badPickedTime', r.pickedTime);
        if (
          problem ||
          locationId === undefined ||
          consignorId === undefined ||
          skuId === undefined ||
          pickedAt === undefined
        ) {
          errors.push({ row, message: problem ?? '' });
          continue;
        }
        good.push(
          audited(
            ctx,
            kernel.ids.next(),
            {
              warehouse_id: warehouseId,
              location_id: locationId,
              sku_id: skuId,
              consignor_id: consignorId,
              location_code: r.locationCode,
              sku_code: r.skuCode,
              consignor_code: r.consignorCode,
              quantity: roundQuantity(r.quantity),
              picked_at: pickedAt,
              order_ref: r.orderRef,
            },
            now,
          ),
        );
      }
      const writes = errors.length && !input.partial ? [] : good;
      if (writes.length) await repo.insertMany(tdb(ctx), writes);
      return { total: rows.length, succeeded: writes.length, failed: rows.length - writes.length, errors };
    },
  };
}
