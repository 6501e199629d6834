import type { Readable } from 'node:stream';
import { type InputOf, type Locale, Status, warehouseImportRow, type warehouseInfo } from '@shelfwise/contract';
import { scopeCoversOrg } from '../../../kernel/access/data-scope';
import { audited, type TenantDatabase, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { fileRegister, imageContentType } from '../../../kernel/files/file-register';
import { detectImageType, MAX_UPLOAD_BYTES } from '../../../kernel/files/file-store';
import { importColumns, readImportSheet, rowIssue, sheetText } from '../../../kernel/files/master-files';
import { type SheetColumn, xlsxWriter } from '../../../kernel/files/xlsx';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { refuseIfCounted } from './open-tasks';
import { warehouseRepo as repo, type WarehouseFilters, type WarehouseRow } from './warehouse.repo';
import { loadRegionBook } from './warehouse-regions';

type Input<K extends keyof typeof warehouseInfo> = InputOf<(typeof warehouseInfo)[K]>;

const planUrl = (row: { id: number; floor_plan: string | null }) =>
  row.floor_plan ? `/api/warehouseInfo/floorPlan/${row.id}?v=${row.floor_plan.split('/').pop()}` : null;

function warehouseDto(row: WarehouseRow, time: TimeFormatter) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    status: row.status,
    orgId: row.org_id,
    orgName: row.org_name,
    country: row.country,
    province: row.province,
    city: row.city,
    postalCode: row.postal_code,
    address1: row.address1,
    address2: row.address2,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    timeZone: row.time_zone,
    floorWidth: row.floor_width,
    floorLength: row.floor_length,
    floorPlan: planUrl(row),
    areaCount: Number(row.area_count),
    locationCount: Number(row.location_count),
    remark: row.remark,
    ...auditDto(row, time),
  };
}

const text = sheetText({
  code: { en: 'Warehouse code', 'zh-cn': '仓库编码', 'zh-tw': '倉庫編碼' },
  name: { en: 'Warehouse name', 'zh-cn': '仓库名称', 'zh-tw': '倉庫名稱' },
  orgCode: { en: 'Organisation code', 'zh-cn': '所属机构编码', 'zh-tw': '所屬機構編碼' },
  orgName: { en: 'Organisation', 'zh-cn': '所属机构', 'zh-tw': '所屬機構' },
  country: { en: 'Country', 'zh-cn': '国家', 'zh-tw': '國家' },
  province: { en: 'State / province', 'zh-cn': '省/州', 'zh-tw': '省/州' },
  city: { en: 'City', 'zh-cn': '城市', 'zh-tw': '城市' },
  postalCode: { en: 'Postal code', 'zh-cn': '邮政编码', 'zh-tw': '郵遞區號' },
  address1: { en: 'Address 1', 'zh-cn': '地址 1', 'zh-tw': '地址 1' },
  address2: { en: 'Address 2', 'zh-cn': '地址 2', 'zh-tw': '地址 2' },
  contactName: { en: 'Contact', 'zh-cn': '联系人', 'zh-tw': '聯絡人' },
  contactPhone: { en: 'Contact phone', 'zh-cn': '联系电话', 'zh-tw': '聯絡電話' },
  timeZone: { en: 'Time zone', 'zh-cn': '时区', 'zh-tw': '時區' },
  floorWidth: { en: 'Floor width (m)', 'zh-cn': '场地宽度（米）', 'zh-tw': '場地寬度（公尺）' },
  floorLength: { en: 'Floor length (m)', 'zh-cn': '场地长度（米）', 'zh-tw': '場地長度（公尺）' },
  areaCount: { en: 'Storage areas', 'zh-cn': '库区数', 'zh-tw': '儲區數' },
  locationCount: { en: 'Storage locations', 'zh-cn': '库位数', 'zh-tw': '儲位數' },
  sheet: { en: 'Warehouses', 'zh-cn': '仓库', 'zh-tw': '倉庫' },
  codeTaken: {
    en: 'warehouse code {v} already exists',
    'zh-cn': '仓库编码 {v} 已存在',
    'zh-tw': '倉庫編碼 {v} 已存在',
  },
  unknownOrg: { en: 'no organisation with code {v}', 'zh-cn': '机构编码 {v} 不存在', 'zh-tw': '機構編碼 {v} 不存在' },
  orgOutsideScope: {
    en: 'organisation {v} is outside the data you may manage',
    'zh-cn': '机构 {v} 不在您的数据权限范围内',
    'zh-tw': '機構 {v} 不在您的資料權限範圍內',
  },
  unknownRegion: { en: 'no such region: {v}', 'zh-cn': '区域 {v} 不存在', 'zh-tw': '區域 {v} 不存在' },
});

const IMPORT_KEYS = [
  'code',
  'name',
  'orgCode',
  'country',
  'province',
  'city',
  'postalCode',
  'address1',
  'address2',
  'contactName',
  'contactPhone',
  'timeZone',
  'floorWidth',
  'floorLength',
  'remark',
] as const;
const EXPORT_KEYS = [...IMPORT_KEYS, 'orgName', 'areaCount', 'locationCount', 'status', 'createTime'] as const;
const REQUIRED_KEYS = ['code', 'name', 'orgCode', 'address1', 'contactName', 'contactPhone'];
const WIDE = new Set<string>(['name', 'address1', 'address2', 'orgName']);
const columnsOf = <K extends string>(keys: readonly K[], locale: Locale): SheetColumn<K>[] =>
  keys.map((key) => ({ key, header: text(key, locale), width: WIDE.has(key) ? 30 : 18 }));

/** Warehouses: owned by an organisation; reads and writes stay within the caller's data scope. */
export function createWarehouseService(kernel: Kernel) {
  const tdb = kernel.tenantDb;

  async function warehouseOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), ctx, id);
    if (!row) throw notFound();
    return row;
  }

  async function checkOwner(ctx: UserContext, orgId: number) {
    if (!(await repo.orgExists(tdb(ctx), orgId))) throw notFound('organisation');
    if (!scopeCoversOrg(ctx, orgId)) throw new AppError('outsideDataScope');
  }

  const columns = (input: Input<'add'>) => ({
    org_id: input.orgId,
    code: input.code,
    name: input.name,
    status: input.status,
    country: input.country,
    province: input.province,
    city: input.city,
    postal_code: input.postalCode,
    address1: input.address1,
    address2: input.address2,
    contact_name: input.contactName,
    contact_phone: input.contactPhone,
    time_zone: input.timeZone,
    floor_width: input.floorWidth,
    floor_length: input.floorLength,
    remark: input.remark,
  });

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), ctx, input);
      return { ...page, items: page.items.map((r) => warehouseDto(r, time)) };
    },
    list: (ctx: UserContext) => repo.list(tdb(ctx), ctx),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      warehouseDto(await warehouseOr404(ctx, id), time),
    async add(ctx: UserContext, input: Input<'add'>) {
      await checkOwner(ctx, input.orgId);
      if (await repo.codeTaken(tdb(ctx), input.code)) throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      await repo.insert(tdb(ctx), audited(ctx, id, { ...columns(input), floor_plan: null }, Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const before = await warehouseOr404(ctx, input.id);
      await checkOwner(ctx, input.orgId);
      if (await repo.codeTaken(tdb(ctx), input.code, input.id))
        throw new AppError('duplicateCode', { value: input.code });
      const changes = { ...columns(input), ...updatedBy(ctx, Date.now()) };
      await repo.update(tdb(ctx), input.id, changes);
      kernel.logs.diff(ctx, {
        table: 'wh_warehouse',
        id: input.id,
        op: 'update',
        before,
        after: { ...before, ...changes },
      });
    },
    async delete(ctx: UserContext, id: number) {
      const row = await warehouseOr404(ctx, id);
      if (Number(row.area_count) > 0) throw new AppError('hasChildren');
      await refuseIfCounted(kernel.tenantDb(ctx), 'warehouse', id);
      await repo.remove(tdb(ctx), id);
      if (row.floor_plan) {
        await fileRegister.release(tdb(ctx), row.floor_plan);
        await kernel.files.remove(row.floor_plan).catch(() => undefined);
      }
      kernel.logs.diff(ctx, { table: 'wh_warehouse', id, op: 'delete', before: row });
    },
    async setStatus(ctx: UserContext, id: number, status: number) {
      const before = await warehouseOr404(ctx, id);
      await repo.update(tdb(ctx), id, { status, ...updatedBy(ctx, Date.now()) });
      kernel.logs.diff(ctx, { table: 'wh_warehouse', id, op: 'update', before, after: { ...before, status } });
    },
    /** Stores a floor plan picture (checked by content) and replaces the previous one. */
    async uploadFloorPlan(ctx: UserContext, id: number, data: Buffer) {
      const row = await warehouseOr404(ctx, id);
      const type = detectImageType(data);
      if (!type || data.length > MAX_UPLOAD_BYTES) throw new AppError('imageInvalid');
      const key = `warehouses/${ctx.tenantId}/${id}/plan-${kernel.ids.next()}.${type}`;
      await kernel.files.put(key, data);
      await repo.update(tdb(ctx), id, { floor_plan: key, ...updatedBy(ctx, Date.now()) });
      await fileRegister.record(tdb(ctx), {
        id: kernel.ids.next(),
        key,
        name: `floor-plan-${row.code}.${type}`,
        contentType: imageContentType(type),
        data,
        bizType: 'warehouseFloorPlan',
        bizId: id,
        userId: ctx.userId,
      });
      if (row.floor_plan) {
        await fileRegister.release(tdb(ctx), row.floor_plan);
        await kernel.files.remove(row.floor_plan).catch(() => undefined);
      }
      return { url: planUrl({ id, floor_plan: key }) as string };
    },
    async floorPlan(ctx: UserContext, id: number) {
      const row = await warehouseOr404(ctx, id);
      const file = row.floor_plan ? await kernel.files.open(row.floor_plan) : null;
      if (!row.floor_plan || !file) throw notFound('floor plan');
      return { ...file, type: row.floor_plan.endsWith('.png') ? 'image/png' : 'image/jpeg' };
    },

    /**
     * Streams the warehouses of the filters (this page, or the chosen ids) as .xlsx: the owner by organisation
     * code and the address by region names, as the import reads them back.
     */
    async export(ctx: UserContext, input: Input<'export'>, time: TimeFormatter): Promise<Readable> {
      const { scope, ids, page, pageSize, field: _f, order: _o, ...filters } = input;
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(EXPORT_KEYS, ctx.locale));
      const write = async () => {
        const regions = await loadRegionBook(tdb(ctx));
        const batches =
          scope === 'page'
            ? pageBatch()
            : repo.each(tdb(ctx), ctx, filters as WarehouseFilters, scope === 'selected' ? (ids ?? []) : undefined);
        for await (const rows of batches) {
          for (const w of rows) {
            sheet.add({
              code: w.code,
              name: w.name,
              orgCode: w.org_code,
              ...regions.names({ country: w.country, province: w.province, city: w.city }, ctx.locale),
              postalCode: w.postal_code,
              address1: w.address1,
              address2: w.address2,
              contactName: w.contact_name,
              contactPhone: w.contact_phone,
              timeZone: w.time_zone,
              floorWidth: w.floor_width,
              floorLength: w.floor_length,
              remark: w.remark,
              orgName: w.org_name,
              areaCount: Number(w.area_count),
              locationCount: Number(w.location_count),
              status: text(w.status === Status.enabled ? 'enabled' : 'disabled', ctx.locale),
              createTime: time(w.created_at),
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
     * Imports warehouses from an .xlsx stream. Every row is checked (schema, owner by organisation code within the
     * caller's data scope, address regions, duplicate codes in the file and in the tenant); with any failure nothing
     * is written unless `partial` is set, then the good rows are, in one transaction.
     */
    async import(ctx: UserContext, file: Readable, partial: boolean) {
      const rows = await readImportSheet(file, importColumns(IMPORT_KEYS, text, ctx.locale), REQUIRED_KEYS);
      const [orgs, taken, regions] = await Promise.all([
        repo.orgsByCode(tdb(ctx)),
        repo.codes(tdb(ctx)),
        loadRegionBook(tdb(ctx)),
      ]);
      const seen = new Set<string>();
      const errors: { row: number; message: string }[] = [];
      const good: TenantDatabase['wh_warehouse'][] = [];
      const now = Date.now();
      for (const { row, cells } of rows) {
        const parsed = warehouseImportRow.safeParse(Object.fromEntries(IMPORT_KEYS.map((k) => [k, cells[k] ?? ''])));
        if (!parsed.success) {
          errors.push({ row, message: rowIssue(parsed.error, ctx.locale, (k) => text(k, ctx.locale)) });
          continue;
        }
        const r = parsed.data;
        const problems: string[] = [];
        const orgId = orgs.get(r.orgCode);
        if (orgId === undefined) problems.push(text('unknownOrg', ctx.locale, r.orgCode));
        else if (!scopeCoversOrg(ctx, orgId)) problems.push(text('orgOutsideScope', ctx.locale, r.orgCode));
        if (taken.has(r.code)) problems.push(text('codeTaken', ctx.locale, r.code));
        else if (seen.has(r.code)) problems.push(text('duplicateInFile', ctx.locale, r.code));
        seen.add(r.code);
        const place = regions.resolve({ country: r.country, province: r.province, city: r.city });
        if ('unknown' in place) {
          problems.push(`${text(place.unknown, ctx.locale)}: ${text('unknownRegion', ctx.locale, place.value)}`);
        }
        if (problems.length || orgId === undefined || !('address' in place)) {
          errors.push({ row, message: problems.join('; ') });
          continue;
        }
        const input = { ...r, ...place.address, orgId, status: Status.enabled };
        good.push(audited(ctx, kernel.ids.next(), { ...columns(input), floor_plan: null }, now));
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
