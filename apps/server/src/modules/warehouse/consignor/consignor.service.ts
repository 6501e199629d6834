import type { Readable } from 'node:stream';
import { consignorImportRow, type InputOf, type Locale, Status, type warehouseConsignor } from '@shelfwise/contract';
import { audited, type TenantDatabase, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { readImportSheet, rowIssue, sheetText } from '../../../kernel/files/master-files';
import { type SheetColumn, xlsxWriter } from '../../../kernel/files/xlsx';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { refuseIfCounted } from '../warehouse';
import { type ConsignorFilters, type ConsignorRow, consignorRepo as repo } from './consignor.repo';

type Input<K extends keyof typeof warehouseConsignor> = InputOf<(typeof warehouseConsignor)[K]>;

function consignorDto(row: ConsignorRow, time: TimeFormatter) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    email: row.email,
    address: row.address,
    status: row.status,
    remark: row.remark,
    skuCount: Number(row.sku_count),
    ...auditDto(row, time),
  };
}

const text = sheetText({
  code: { en: 'Consignor code', 'zh-cn': '货主编码', 'zh-tw': '貨主編碼' },
  name: { en: 'Consignor name', 'zh-cn': '货主名称', 'zh-tw': '貨主名稱' },
  contactName: { en: 'Contact', 'zh-cn': '联系人', 'zh-tw': '聯絡人' },
  contactPhone: { en: 'Contact phone', 'zh-cn': '联系电话', 'zh-tw': '聯絡電話' },
  email: { en: 'Email', 'zh-cn': '邮箱', 'zh-tw': '電子郵件' },
  address: { en: 'Address', 'zh-cn': '地址', 'zh-tw': '地址' },
  skuCount: { en: 'SKUs', 'zh-cn': 'SKU 数', 'zh-tw': 'SKU 數' },
  sheet: { en: 'Consignors', 'zh-cn': '货主', 'zh-tw': '貨主' },
  codeTaken: {
    en: 'consignor code {v} already exists',
    'zh-cn': '货主编码 {v} 已存在',
    'zh-tw': '貨主編碼 {v} 已存在',
  },
});

const IMPORT_KEYS = ['code', 'name', 'contactName', 'contactPhone', 'email', 'address', 'remark'] as const;
const EXPORT_KEYS = [...IMPORT_KEYS, 'skuCount', 'status', 'createTime'] as const;
const columnsOf = <K extends string>(keys: readonly K[], locale: Locale): SheetColumn<K>[] =>
  keys.map((key) => ({ key, header: text(key, locale), width: key === 'address' || key === 'name' ? 30 : 18 }));

/** Consignors: codes unique per tenant; a consignor that still has SKUs cannot be deleted. */
export function createConsignorService(kernel: Kernel) {
  const tdb = kernel.tenantDb;
  const columns = (input: Input<'add'>) => ({
    code: input.code,
    name: input.name,
    contact_name: input.contactName,
    contact_phone: input.contactPhone,
    email: input.email,
    address: input.address,
    status: input.status,
    remark: input.remark,
  });

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), input);
      return { ...page, items: page.items.map((r) => consignorDto(r, time)) };
    },
    list: async (ctx: UserContext, time: TimeFormatter) =>
      (await repo.list(tdb(ctx))).map((r) => consignorDto(r, time)),
    async detail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) throw notFound();
      return consignorDto(row, time);
    },
    async add(ctx: UserContext, input: Input<'add'>): Promise<number> {
      if (await repo.codeTaken(tdb(ctx), input.code)) throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      await repo.insert(tdb(ctx), [audited(ctx, id, columns(input), Date.now())]);
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>): Promise<void> {
      const before = await repo.byId(tdb(ctx), input.id);
      if (!before) throw notFound();
      if (await repo.codeTaken(tdb(ctx), input.code, input.id))
        throw new AppError('duplicateCode', { value: input.code });
      const changes = { ...columns(input), ...updatedBy(ctx, Date.now()) };
      await repo.update(tdb(ctx), input.id, changes);
      kernel.logs.diff(ctx, {
        table: 'wh_consignor',
        id: input.id,
        op: 'update',
        before,
        after: { ...before, ...changes },
      });
    },
    async delete(ctx: UserContext, id: number): Promise<void> {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) throw notFound();
      const skus = Number(row.sku_count);
      if (skus > 0) throw new AppError('inUse', { what: `${skus} SKU(s)` });
      await refuseIfCounted(kernel.tenantDb(ctx), 'consignor', id);
      await repo.remove(tdb(ctx), id);
      kernel.logs.diff(ctx, { table: 'wh_consignor', id, op: 'delete', before: row });
    },
    /**
     * Deletes the given consignors that have no SKUs; the others are skipped. None is deleted when an open count
     * task uses one of them (a 409 names the task).
     */
    async batchDelete(ctx: UserContext, ids: number[]) {
      const unique = [...new Set(ids)];
      for (const id of unique) await refuseIfCounted(kernel.tenantDb(ctx), 'consignor', id);
      let deleted = 0;
      for (const id of unique) {
        const row = await repo.byId(tdb(ctx), id);
        if (!row || Number(row.sku_count) > 0) continue;
        await repo.remove(tdb(ctx), id);
        kernel.logs.diff(ctx, { table: 'wh_consignor', id, op: 'delete', before: row });
        deleted++;
      }
      return { deleted, skipped: unique.length - deleted };
    },

    /** Streams the consignors of the filters (this page, or the chosen ids) as .xlsx. */
    async export(ctx: UserContext, input: Input<'export'>, time: TimeFormatter): Promise<Readable> {
      const { scope, ids, page, pageSize, field: _f, order: _o, ...filters } = input;
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(EXPORT_KEYS, ctx.locale));
      const write = async () => {
        const batches =
          scope === 'page'
            ? pageBatch()
            : repo.each(tdb(ctx), filters as ConsignorFilters, scope === 'selected' ? (ids ?? []) : undefined);
        for await (const rows of batches) {
          for (const c of rows) {
            sheet.add({
              code: c.code,
              name: c.name,
              contactName: c.contact_name,
              contactPhone: c.contact_phone,
              email: c.email,
              address: c.address,
              remark: c.remark,
              skuCount: Number(c.sku_count),
              status: text(c.status === Status.enabled ? 'enabled' : 'disabled', ctx.locale),
              createTime: time(c.created_at),
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
     * Imports consignors from an .xlsx stream. Every row is checked (schema, duplicates in the file and in the
     * tenant); with any failure nothing is written unless `partial` is set, then the good rows are.
     */
    async import(ctx: UserContext, file: Readable, partial: boolean) {
      const rows = await readImportSheet(file, columnsOf(IMPORT_KEYS, ctx.locale), ['code', 'name']);
      const taken = await repo.codes(tdb(ctx));
      const seen = new Set<string>();
      const errors: { row: number; message: string }[] = [];
      const good: TenantDatabase['wh_consignor'][] = [];
      const now = Date.now();
      for (const { row, cells } of rows) {
        const parsed = consignorImportRow.safeParse(Object.fromEntries(IMPORT_KEYS.map((k) => [k, cells[k] ?? ''])));
        if (!parsed.success) {
          errors.push({ row, message: rowIssue(parsed.error, ctx.locale, (k) => text(k, ctx.locale)) });
          continue;
        }
        const r = parsed.data;
        const problems: string[] = [];
        if (taken.has(r.code)) problems.push(text('codeTaken', ctx.locale, r.code));
        if (seen.has(r.code)) problems.push(text('duplicateInFile', ctx.locale, r.code));
        seen.add(r.code);
        if (problems.length) {
          errors.push({ row, message: problems.join('; ') });
          continue;
        }
        good.push(audited(ctx, kernel.ids.next(), columns(Object.assign({}, r, { status: Status.enabled })), now));
      }
      const writes = errors.length && !partial ? [] : good;
      if (writes.length) {
        await tdb(ctx)
          .transaction()
          .execute(async (trx) => {
            for (let i = 0; i < writes.length; i += 200) await repo.insert(trx, writes.slice(i, i + 200));
          });
      }
      return { total: rows.length, succeeded: writes.length, failed: rows.length - writes.length, errors };
    },
  };
}
