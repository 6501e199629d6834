import type { Readable } from 'node:stream';
import { type InputOf, type Locale, Status, skuImportRow, type warehouseSku } from '@shelfwise/contract';
import { audited, type TenantDatabase, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { readImportSheet, rowIssue, sheetText } from '../../../kernel/files/master-files';
import { type SheetColumn, xlsxWriter } from '../../../kernel/files/xlsx';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { consignorRepo as consignors } from '../consignor';
import { openTaskUsing, refuseIfCounted } from '../warehouse';
import { skuRepo as repo, type SkuFilters, type SkuRow } from './sku.repo';

type Input<K extends keyof typeof warehouseSku> = InputOf<(typeof warehouseSku)[K]>;

/** Most SKUs the picker list returns. */
export const SKU_LIST_LIMIT = 500;

/** A decimal column as a number (drivers may send numeric strings). */
const num = (v: number | string | null) => (v === null ? null : Number(v));

function skuDto(row: SkuRow, barcodes: string[] | undefined, time: TimeFormatter) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    consignorId: row.consignor_id,
    consignorCode: row.consignor_code,
    consignorName: row.consignor_name,
    unit: row.unit,
    boxGauge: num(row.box_gauge),
    unitWeight: num(row.unit_weight),
    unitVolume: num(row.unit_volume),
    unitValue: num(row.unit_value),
    barcodes: barcodes ?? [],
    status: row.status,
    remark: row.remark,
    ...auditDto(row, time),
  };
}

const text = sheetText({
  consignorCode: { en: 'Consignor code', 'zh-cn': '货主编码', 'zh-tw': '貨主編碼' },
  consignorName: { en: 'Consignor', 'zh-cn': '货主', 'zh-tw': '貨主' },
  code: { en: 'SKU code', 'zh-cn': 'SKU 编码', 'zh-tw': 'SKU 編碼' },
  name: { en: 'SKU name', 'zh-cn': 'SKU 名称', 'zh-tw': 'SKU 名稱' },
  unit: { en: 'Unit', 'zh-cn': '单位', 'zh-tw': '單位' },
  boxGauge: { en: 'Units per carton', 'zh-cn': '箱规', 'zh-tw': '箱規' },
  unitWeight: { en: 'Unit weight (kg)', 'zh-cn': '单位重量（kg）', 'zh-tw': '單位重量（kg）' },
  unitVolume: { en: 'Unit volume (m³)', 'zh-cn': '单位体积（m³）', 'zh-tw': '單位體積（m³）' },
  unitValue: { en: 'Unit value', 'zh-cn': '单位价值', 'zh-tw': '單位價值' },
  barcodes: { en: 'Barcodes', 'zh-cn': '条码', 'zh-tw': '條碼' },
  sheet: { en: 'SKUs', 'zh-cn': 'SKU', 'zh-tw': 'SKU' },
  unknownConsignor: {
    en: 'no consignor with code {v}',
    'zh-cn': '货主编码 {v} 不存在',
    'zh-tw': '貨主編碼 {v} 不存在',
  },
  codeTaken: {
    en: 'SKU code {v} already exists for this consignor',
    'zh-cn': '该货主下 SKU 编码 {v} 已存在',
    'zh-tw': '該貨主下 SKU 編碼 {v} 已存在',
  },
  barcodeTaken: {
    en: 'barcode {v} already belongs to a SKU',
    'zh-cn': '条码 {v} 已被其他 SKU 使用',
    'zh-tw': '條碼 {v} 已被其他 SKU 使用',
  },
});

const IMPORT_KEYS = [
  'consignorCode',
  'code',
  'name',
  'unit',
  'boxGauge',
  'unitWeight',
  'unitVolume',
  'unitValue',
  'barcodes',
  'remark',
] as const;
const EXPORT_KEYS = [...IMPORT_KEYS, 'consignorName', 'status', 'createTime'] as const;
const columnsOf = <K extends string>(keys: readonly K[], locale: Locale): SheetColumn<K>[] =>
  keys.map((key) => ({ key, header: text(key, locale), width: key === 'name' || key === 'barcodes' ? 30 : 18 }));

/**
 * SKUs of consignors: codes unique per consignor; barcodes unique in the tenant (a scan finds one SKU) and
 * replaced with the SKU in one transaction.
 */
export function createSkuService(kernel: Kernel) {
  const tdb = kernel.tenantDb;
  const columns = (input: Input<'add'>) => ({
    consignor_id: input.consignorId,
    code: input.code,
    name: input.name,
    unit: input.unit,
    box_gauge: input.boxGauge,
    unit_weight: input.unitWeight,
    unit_volume: input.unitVolume,
    unit_value: input.unitValue,
    status: input.status,
    remark: input.remark,
  });
  const withBarcodes = async (ctx: UserContext, rows: SkuRow[], time: TimeFormatter) => {
    const codes = await repo.barcodesOf(
      tdb(ctx),
      rows.map((r) => r.id),
    );
    return rows.map((r) => skuDto(r, codes.get(r.id), time));
  };
  /** Checks the consignor, the code and the barcodes of a SKU about to be written. */
  const check = async (ctx: UserContext, input: Input<'add'>, id?: number) => {
    if (!(await consignors.byId(tdb(ctx), input.consignorId))) throw notFound();
    if (await repo.codeTaken(tdb(ctx), input.consignorId, input.code, id))
      throw new AppError('duplicateCode', { value: input.code });
    const barcodes = [...new Set(input.barcodes)];
    const taken = await repo.barcodesTaken(tdb(ctx), barcodes, id);
    const first = taken.keys().next();
    if (!first.done) throw new AppError('duplicateCode', { value: first.value });
    return barcodes;
  };

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), input);
      return { ...page, items: await withBarcodes(ctx, page.items, time) };
    },
    list: async (ctx: UserContext, input: Input<'list'>, time: TimeFormatter) =>
      withBarcodes(ctx, await repo.list(tdb(ctx), input.consignorId, input.keyword, SKU_LIST_LIMIT), time),
    async detail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) throw notFound();
      return (await withBarcodes(ctx, [row], time))[0] as ReturnType<typeof skuDto>;
    },
    async byBarcode(ctx: UserContext, code: string, time: TimeFormatter) {
      const id = await repo.idByBarcode(tdb(ctx), code);
      if (id === undefined) throw notFound();
      return this.detail(ctx, id, time);
    },
    async add(ctx: UserContext, input: Input<'add'>): Promise<number> {
      const barcodes = await check(ctx, input);
      const id = kernel.ids.next();
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          await repo.insert(trx, [audited(ctx, id, columns(input), Date.now())]);
          await repo.insertBarcodes(
            trx,
            barcodes.map((barcode) => ({ sku_id: id, barcode })),
          );
        });
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>): Promise<void> {
      const before = await repo.byId(tdb(ctx), input.id);
      if (!before) throw notFound();
      const barcodes = await check(ctx, input, input.id);
      const beforeCodes = (await repo.barcodesOf(tdb(ctx), [input.id])).get(input.id) ?? [];
      // a running count finds the SKU by its code and barcodes, on its consignor's lines: none of them may go
      const dropped = beforeCodes.some((b) => !barcodes.includes(b));
      if (dropped || input.code !== before.code || input.consignorId !== Number(before.consignor_id)) {
        const task = await openTaskUsing(kernel.tenantDb(ctx), 'sku', input.id);
        if (task !== undefined) throw new AppError('skuCountedKeepCodes', { task });
      }
      const changes = { ...columns(input), ...updatedBy(ctx, Date.now()) };
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          await repo.update(trx, input.id, changes);
          await repo.removeBarcodes(trx, input.id);
          await repo.insertBarcodes(
            trx,
            barcodes.map((barcode) => ({ sku_id: input.id, barcode })),
          );
        });
      kernel.logs.diff(ctx, {
        table: 'wh_sku',
        id: input.id,
        op: 'update',
        before: { ...before, barcodes: beforeCodes },
        after: { ...before, ...changes, barcodes },
      });
    },
    async delete(ctx: UserContext, id: number): Promise<void> {
      await refuseIfCounted(kernel.tenantDb(ctx), 'sku', id);
      if (!(await this.remove(ctx, id))) throw notFound();
    },
    /**
     * Deletes the given SKUs with their barcodes; unknown ids are skipped. None is deleted when an open count task
     * uses one of them (a 409 names the task).
     */
    async batchDelete(ctx: UserContext, ids: number[]) {
      const unique = [...new Set(ids)];
      for (const id of unique) await refuseIfCounted(kernel.tenantDb(ctx), 'sku', id);
      let deleted = 0;
      for (const id of unique) if (await this.remove(ctx, id)) deleted++;
      return { deleted, skipped: unique.length - deleted };
    },
    /** Deletes one SKU and its barcodes; false when the tenant has no such SKU. */
    async remove(ctx: UserContext, id: number): Promise<boolean> {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) return false;
      const codes = (await repo.barcodesOf(tdb(ctx), [id])).get(id) ?? [];
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          await repo.removeBarcodes(trx, id);
          await repo.remove(trx, id);
        });
      kernel.logs.diff(ctx, { table: 'wh_sku', id, op: 'delete', before: { ...row, barcodes: codes } });
      return true;
    },

    /** Streams the SKUs of the filters (this page, or the chosen ids) as .xlsx; barcodes `;`-separated. */
    async export(ctx: UserContext, input: Input<'export'>, time: TimeFormatter): Promise<Readable> {
      const { scope, ids, page, pageSize, field: _f, order: _o, ...filters } = input;
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(EXPORT_KEYS, ctx.locale));
      const write = async () => {
        const batches =
          scope === 'page'
            ? pageBatch()
            : repo.each(tdb(ctx), filters as SkuFilters, scope === 'selected' ? (ids ?? []) : undefined);
        for await (const rows of batches) {
          const codes = await repo.barcodesOf(
            tdb(ctx),
            rows.map((r) => r.id),
          );
          for (const s of rows) {
            sheet.add({
              consignorCode: s.consignor_code,
              consignorName: s.consignor_name,
              code: s.code,
              name: s.name,
              unit: s.unit,
              boxGauge: num(s.box_gauge),
              unitWeight: num(s.unit_weight),
              unitVolume: num(s.unit_volume),
              unitValue: num(s.unit_value),
              barcodes: (codes.get(s.id) ?? []).join(';'),
              remark: s.remark,
              status: text(s.status === Status.enabled ? 'enabled' : 'disabled', ctx.locale),
              createTime: time(s.created_at),
            });
          }
        }
        await sheet.finish();
      };
      write().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;

      async function* pageBatch() {
        yield (await repo.page(tdb(ctx), { ...input, page, pageSize })).items;
      }
    },
    /** An empty import sheet with the headers in the caller's language. */
    async importTemplate(ctx: UserContext): Promise<Readable> {
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(IMPORT_KEYS, ctx.locale));
      sheet.finish().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;
    },
    /**
     * Imports SKUs from an .xlsx stream (consignor by code, barcodes `;`-separated). Every row is checked (schema,
     * numbers, consignor, duplicate codes and barcodes in the file and in the tenant); with any failure nothing is
     * written unless `partial` is set, then the good rows are.
     */
    async import(ctx: UserContext, file: Readable, partial: boolean) {
      const rows = await readImportSheet(file, columnsOf(IMPORT_KEYS, ctx.locale), ['consignorCode', 'code', 'name']);
      const consignorIds = await consignors.codes(tdb(ctx));
      const takenKeys = await repo.keysOfCodes(
        tdb(ctx),
        rows.map((r) => r.cells.code ?? ''),
      );
      const takenBarcodes = await repo.barcodesTaken(
        tdb(ctx),
        rows.flatMap((r) => (r.cells.barcodes ?? '').split(/[;；,\s]+/).filter(Boolean)),
      );
      const seenKeys = new Set<string>();
      const seenBarcodes = new Set<string>();
      const errors: { row: number; message: string }[] = [];
      const good: { sku: TenantDatabase['wh_sku']; barcodes: string[] }[] = [];
      const now = Date.now();
      for (const { row, cells } of rows) {
        const parsed = skuImportRow.safeParse(Object.fromEntries(IMPORT_KEYS.map((k) => [k, cells[k] ?? ''])));
        if (!parsed.success) {
          errors.push({ row, message: rowIssue(parsed.error, ctx.locale, (k) => text(k, ctx.locale)) });
          continue;
        }
        const r = parsed.data;
        const problems: string[] = [];
        const consignorId = consignorIds.get(r.consignorCode);
        if (consignorId === undefined) problems.push(text('unknownConsignor', ctx.locale, r.consignorCode));
        const key = `${consignorId}:${r.code}`;
        if (takenKeys.has(key)) problems.push(text('codeTaken', ctx.locale, r.code));
        else if (seenKeys.has(key)) problems.push(text('duplicateInFile', ctx.locale, r.code));
        seenKeys.add(key);
        const barcodes = [...new Set(r.barcodes)];
        for (const b of barcodes) {
          if (takenBarcodes.has(b)) problems.push(text('barcodeTaken', ctx.locale, b));
          else if (seenBarcodes.has(b)) problems.push(text('duplicateInFile', ctx.locale, b));
          seenBarcodes.add(b);
        }
        if (problems.length || consignorId === undefined) {
          errors.push({ row, message: problems.join('; ') });
          continue;
        }
        const sku = audited(
          ctx,
          kernel.ids.next(),
          columns(Object.assign({}, r, { consignorId, status: Status.enabled, barcodes })),
          now,
        );
        good.push({ sku, barcodes });
      }
      const writes = errors.length && !partial ? [] : good;
      if (writes.length) {
        await tdb(ctx)
          .transaction()
          .execute(async (trx) => {
            await repo.insert(
              trx,
              writes.map((w) => w.sku),
            );
            await repo.insertBarcodes(
              trx,
              writes.flatMap((w) => w.barcodes.map((barcode) => ({ sku_id: w.sku.id, barcode }))),
            );
          });
      }
      return { total: rows.length, succeeded: writes.length, failed: rows.length - writes.length, errors };
    },
  };
}
