import type { Readable } from 'node:stream';
import type { InputOf, inventorySnapshot, Locale } from '@shelfwise/contract';
import { audited } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { importColumns, rowIssue, sheetText } from '../../../kernel/files/master-files';
import { type SheetColumn, xlsxWriter } from '../../../kernel/files/xlsx';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { parseTime } from '../../../kernel/i18n/time';
import { loadStockMaster, openStockFile, roundQuantity, STOCK_SHEET_TEXT, STOCK_WRITE_ROWS } from '../stock-files';
import { timeRange } from '../time-range';
import { snapshotRepo as repo, type SnapshotLineRow, type SnapshotRow } from './snapshot.repo';
import { checkSnapshotRow } from './snapshot-rows';
import { sweepOrphanLines } from './snapshot-sweep';

type Input<K extends keyof typeof inventorySnapshot> = InputOf<(typeof inventorySnapshot)[K]>;

/** An uploaded file as the import reads it. */
export interface UploadedStockFile {
  file: Readable;
  filename?: string;
  mimetype?: string;
}

const text = sheetText({
  ...STOCK_SHEET_TEXT,
  sheet: { en: 'Stock snapshot', 'zh-cn': '库存快照', 'zh-tw': '庫存快照' },
  consignorName: { en: 'Consignor name', 'zh-cn': '货主名称', 'zh-tw': '貨主名稱' },
});

/** Rows of a failed import reported one by one; the rest are counted in a last entry. */
const MAX_REPORTED_ERRORS = 10_000;

const IMPORT_KEYS = ['locationCode', 'skuCode', 'consignorCode', 'lot', 'quantity'] as const;
const EXPORT_KEYS = [
  'locationCode',
  'skuCode',
  'consignorCode',
  'lot',
  'quantity',
  'skuName',
  'consignorName',
] as const;
const columnsOf = <K extends string>(keys: readonly K[], locale: Locale): SheetColumn<K>[] =>
  keys.map((key) => ({ key, header: text(key, locale), width: key.endsWith('Name') ? 28 : 18 }));

/** Newest snapshots `list` answers. */
const LIST_LIMIT = 200;

function snapshotDto(row: SnapshotRow, time: TimeFormatter) {
  return {
    id: Number(row.id),
    warehouseId: Number(row.warehouse_id),
    warehouseCode: row.warehouse_code,
    warehouseName: row.warehouse_name,
    title: row.title,
    takenTime: time(Number(row.taken_at)),
    sourceFile: row.source_file,
    lineCount: Number(row.line_count),
    totalQuantity: Number(row.total_quantity),
    remark: row.remark,
    ...auditDto(row, time),
  };
}

function lineDto(row: SnapshotLineRow) {
  return {
    id: Number(row.id),
    snapshotId: Number(row.snapshot_id),
    locationId: Number(row.location_id),
    locationCode: row.location_code,
    skuId: Number(row.sku_id),
    skuCode: row.sku_code,
    skuName: row.sku_name,
    consignorId: Number(row.consignor_id),
    consignorCode: row.consignor_code,
    consignorName: row.consignor_name,
    lot: row.lot,
    quantity: Number(row.quantity),
  };
}

/** Stock snapshots of the warehouses the caller may see: import, list, lines, export, delete. */
export function createSnapshotService(kernel: Kernel) {
  const tdb = kernel.tenantDb;

  async function snapshotOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), ctx, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), ctx, input, timeRange(input.startTime, input.endTime, ctx.timeZone));
      return { ...page, items: page.items.map((r) => snapshotDto(r, time)) };
    },
    list: async (ctx: UserContext, warehouseId: number, time: TimeFormatter) =>
      (await repo.list(tdb(ctx), ctx, warehouseId, LIST_LIMIT)).map((r) => snapshotDto(r, time)),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      snapshotDto(await snapshotOr404(ctx, id), time),
    async lines(ctx: UserContext, input: Input<'lines'>) {
      await snapshotOr404(ctx, input.snapshotId);
      const page = await repo.lines(tdb(ctx), input.snapshotId, input);
      return { ...page, items: page.items.map(lineDto) };
    },
    async delete(ctx: UserContext, id: number) {
      const before = await snapshotOr404(ctx, id);
      if (await repo.usedByCountTask(tdb(ctx), id)) throw new AppError('snapshotInUse');
      await repo.remove(tdb(ctx), id);
      const { warehouse_code: _c, warehouse_name: _n, ...header } = before;
      kernel.logs.diff(ctx, { table: 'inv_snapshot', id, op: 'delete', before: header });
    },

    /** Streams a snapshot's lines as .xlsx in location code order, in the columns of the import (then names). */
    async export(ctx: UserContext, input: Input<'export'>): Promise<Readable> {
      await snapshotOr404(ctx, input.id);
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(EXPORT_KEYS, ctx.locale));
      const write = async () => {
        for await (const rows of repo.eachLine(tdb(ctx), input.id, input)) {
          for (const l of rows) {
            sheet.add({
              locationCode: l.location_code,
              skuCode: l.sku_code,
              consignorCode: l.consignor_code,
              lot: l.lot,
              quantity: Number(l.quantity),
              skuName: l.sku_name,
              consignorName: l.consignor_name,
            });
          }
        }
        await sheet.finish();
      };
      write().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;
    },
    /** An empty import sheet with the headers in the caller's language. */
    async importTemplate(ctx: UserContext): Promise<Readable> {
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(IMPORT_KEYS, ctx.locale));
      sheet.finish().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;
    },

    /**
     * Imports the book stock of one warehouse (.xlsx or CSV) as a new snapshot, streamed: rows are read, checked and
     * written in batches as the upload arrives, so a file of a million rows never sits in memory. Every row is
     * checked: its schema (codes, lot of at most 64, a quantity of 0 or more with at most 3 decimals), the location
     * in that warehouse, the consignor, the SKU of that consignor (master data loaded once, never created), and the
     * same location + SKU + consignor + lot twice in the file. Lines are written before their header and belong to
     * no visible snapshot until the header is written last, so an import that fails, is refused, or dies midway
     * leaves nothing anyone sees (its lines are dropped, or swept later). With any failure nothing is kept unless
     * `partial` is set; then the good rows are. A file without a good row writes no snapshot (`id` null).
     */
    async import(ctx: UserContext, input: Input<'import'>, upload: UploadedStockFile, time: TimeFormatter) {
      const db = tdb(ctx);
      const warehouse = await repo.warehouse(db, ctx, input.warehouseId);
      if (!warehouse) {
        upload.file.resume();
        throw notFound('warehouse');
      }
      const takenAt = input.takenTime ? parseTime(input.takenTime, ctx.timeZone) : Date.now();
      if (takenAt === undefined) {
        upload.file.resume();
        throw new AppError('validation', { count: 1 }, { takenTime: ['invalid_time'] });
      }
      const warehouseId = Number(warehouse.id);
      const master = await loadStockMaster(db, warehouseId);
      const rows = await openStockFile(upload, importColumns(IMPORT_KEYS, text, ctx.locale), [
        'locationCode',
        'skuCode',
        'consignorCode',
        'quantity',
      ]);
      const snapshotId = kernel.ids.next();
      // location + SKU pairs seen (a number each: location * SKUs + SKU), and those with a lot, with their lot
      const skuTotal = master.skuIds.length;
      const seen = new Set<number>();
      const seenLots = new Set<string>();
      const errors: { row: number; message: string }[] = [];
      let failed = 0;
      const batch = repo.lineBatch(snapshotId, STOCK_WRITE_ROWS);
      let written = 0;
      let total = 0;
      let count = 0;
      /** Whether good rows are still worth writing: not after a failure unless `partial`. */
      const keeping = () => failed === 0 || input.partial;
      const flush = async () => {
        if (batch.size && keeping()) {
          await repo.writeLines(db, batch);
          written += batch.size;
        }
        batch.clear();
      };
      const say = (key: string, v: string) => text(key, ctx.locale, v);
      const fail = async (row: number, message: string) => {
        failed++;
        if (errors.length < MAX_REPORTED_ERRORS) errors.push({ row, message });
        // the first failure of a strict import: what was written goes now, nothing more is written
        if (failed === 1 && !input.partial) {
          batch.clear();
          if (written) await repo.dropLines(db, snapshotId);
          written = 0;
        }
      };
      try {
        for await (const { row, cells } of rows) {
          count++;
          const parsed = checkSnapshotRow(cells);
          if (!parsed.success) {
            await fail(
              row,
              rowIssue(parsed.error, ctx.locale, (k) => text(k, ctx.locale)),
            );
            continue;
          }
          const r = parsed.data;
          const location = master.locations.get(r.locationCode);
          const consignor = master.consignors.get(r.consignorCode);
          const sku = consignor?.skus.get(r.skuCode);
          if (location === undefined) await fail(row, say('unknownLocation', r.locationCode));
          else if (consignor === undefined) await fail(row, say('unknownConsignor', r.consignorCode));
          else if (sku === undefined) await fail(row, say('unknownSku', r.skuCode));
          else {
            const pair = location * skuTotal + sku;
            const known = r.lot === null ? seen.has(pair) : seenLots.has(`${pair}:${r.lot}`);
            if (known) {
              const what = [r.locationCode, r.skuCode, r.consignorCode, r.lot].filter(Boolean).join(' / ');
              await fail(row, say('duplicateInFile', what));
              continue;
            }
            if (r.lot === null) seen.add(pair);
            else seenLots.add(`${pair}:${r.lot}`);
            if (!keeping()) continue;
            const quantity = roundQuantity(r.quantity);
            total += quantity;
            // the codes as the master data holds them (the row's own strings are left to the garbage collector)
            batch.add(
              kernel.ids.next(),
              master.locationIds[location] as number,
              master.skuIds[sku] as number,
              consignor.id,
              master.locationCodes[location] as string,
              master.skuCodes[sku] as string,
              consignor.code,
              r.lot,
              quantity,
            );
            if (batch.full) await flush();
          }
        }
        await flush();
      } catch (e) {
        await repo.dropLines(db, snapshotId).catch(() => undefined);
        throw e;
      }
      if (failed > errors.length) {
        errors.push({ row: 0, message: say('moreErrors', String(failed - errors.length)) });
      }
      let id: number | null = null;
      if (written && keeping()) {
        const header = audited(
          ctx,
          snapshotId,
          {
            warehouse_id: warehouseId,
            title: input.title || `${warehouse.code} ${time(takenAt) ?? ''}`.trim().slice(0, 128),
            taken_at: takenAt,
            source_file: upload.filename ? upload.filename.slice(0, 256) : null,
            line_count: written,
            total_quantity: roundQuantity(total),
            remark: input.remark || null,
          },
          Date.now(),
        );
        await repo.insertHeader(db, header);
        id = snapshotId;
      } else if (written) {
        await repo.dropLines(db, snapshotId);
        written = 0;
      }
      return { id, total: count, succeeded: written, failed: count - written, errors };
    },
    /** Drops the lines of imports that died before writing their header (run at start; see the repository). */
    sweepOrphanLines: (before: number) => sweepOrphanLines(kernel, before),
  };
}
