import type { Readable } from 'node:stream';
import type { TenantDb } from '../../kernel/db/tenant-db';
import { AppError } from '../../kernel/errors/app-error';
import { openCsv, readCsv } from '../../kernel/files/csv';
import { MAX_IMPORT_ROWS, readImportSheet, type SheetTexts } from '../../kernel/files/master-files';
import { openXlsx, type SheetColumn, type SheetRow } from '../../kernel/files/xlsx';
import { parseTime } from '../../kernel/i18n/time';

/**
 * Largest stock file (snapshot import): a million CSV rows are about 30 MB, so stock files may be far larger than
 * the 10 MB of other uploads; they are streamed, never held in memory.
 */
export const MAX_STOCK_FILE_BYTES = 512 * 1024 * 1024;

/** Rows one insert statement of a stock import writes (well below every dialect's bind-parameter limit). */
export const STOCK_INSERT_BATCH = 500;

/**
 * Good rows of a snapshot import gathered before they are written, in one transaction (statements of
 * `STOCK_INSERT_BATCH` rows, in SKU order): fewer, larger commits are what makes a million-row import fast on SQLite,
 * each commit writing every index page it touched (the SKU index has a page per SKU of the snapshot) once more. A
 * write of this size holds SQLite for a few tenths of a second; larger ones gained little more.
 */
export const STOCK_WRITE_ROWS = 20_000;

/** Texts of the stock files (snapshots and pick records), shared by both sheets. */
export const STOCK_SHEET_TEXT: SheetTexts = {
  locationCode: { en: 'Location code', 'zh-cn': '库位编码', 'zh-tw': '儲位編碼' },
  skuCode: { en: 'SKU code', 'zh-cn': 'SKU 编码', 'zh-tw': 'SKU 編碼' },
  skuName: { en: 'SKU name', 'zh-cn': 'SKU 名称', 'zh-tw': 'SKU 名稱' },
  consignorCode: { en: 'Consignor code', 'zh-cn': '货主编码', 'zh-tw': '貨主編碼' },
  lot: { en: 'Lot', 'zh-cn': '批次', 'zh-tw': '批號' },
  quantity: { en: 'Quantity', 'zh-cn': '数量', 'zh-tw': '數量' },
  pickedTime: { en: 'Picked at', 'zh-cn': '拣货时间', 'zh-tw': '揀貨時間' },
  orderRef: { en: 'Order ref', 'zh-cn': '订单号', 'zh-tw': '訂單號' },
  warehouseCode: { en: 'Warehouse code', 'zh-cn': '仓库编码', 'zh-tw': '倉庫編碼' },
  unknownLocation: {
    en: 'the warehouse has no storage location with code {v}',
    'zh-cn': '该仓库下不存在库位编码 {v}',
    'zh-tw': '該倉庫下不存在儲位編碼 {v}',
  },
  unknownConsignor: {
    en: 'no consignor with code {v}',
    'zh-cn': '货主编码 {v} 不存在',
    'zh-tw': '貨主編碼 {v} 不存在',
  },
  unknownSku: {
    en: 'the consignor has no SKU with code {v}',
    'zh-cn': '该货主下不存在 SKU 编码 {v}',
    'zh-tw': '該貨主下不存在 SKU 編碼 {v}',
  },
  moreErrors: {
    en: '… and {v} more rows failed',
    'zh-cn': '……另有 {v} 行失败',
    'zh-tw': '……另有 {v} 列失敗',
  },
  badPickedTime: {
    en: 'picked at {v} is not a date (yyyy-MM-dd HH:mm:ss or yyyy-MM-dd)',
    'zh-cn': '拣货时间 {v} 不是有效日期（yyyy-MM-dd HH:mm:ss 或 yyyy-MM-dd）',
    'zh-tw': '揀貨時間 {v} 不是有效日期（yyyy-MM-dd HH:mm:ss 或 yyyy-MM-dd）',
  },
};

/** Whether an upload is a CSV file (by its name, or its declared type), else it is read as .xlsx. */
export function isCsv(file: { filename?: string; mimetype?: string }): boolean {
  return /\.csv$/i.test(file.filename ?? '') || /^text\/(csv|plain)/i.test(file.mimetype ?? '');
}

/** Reads an import file, .xlsx or CSV; an unreadable file or a missing required column is refused as a whole. */
export async function readStockFile(
  file: { file: Readable; filename?: string; mimetype?: string },
  columns: readonly SheetColumn[],
  required: readonly string[],
) {
  if (!isCsv(file)) return readImportSheet(file.file, columns, required);
  let sheet: Awaited<ReturnType<typeof readCsv>>;
  try {
    sheet = await readCsv(file.file, columns, MAX_IMPORT_ROWS);
  } catch (e) {
    file.file.resume();
    throw new AppError('importInvalidCsv', { reason: (e as Error).message.slice(0, 200) });
  }
  // a file cut at the size limit ends like a complete one: its rows must not pass for the whole file
  if ((file.file as Readable & { truncated?: boolean }).truncated) throw new AppError('payloadTooLarge');
  const missing = columns.filter((c) => required.includes(c.key) && sheet.missing.includes(c.header));
  if (missing.length) throw new AppError('importInvalidCsv', { reason: missing.map((c) => c.header).join(', ') });
  return sheet.rows;
}

/**
 * Opens an import file, .xlsx or CSV, for reading row by row (no row limit: rows are never all in memory). An
 * unreadable header or a missing required column is refused now; a reading error later in the file is thrown by
 * the iteration as the same error.
 */
export async function openStockFile(
  file: { file: Readable; filename?: string; mimetype?: string },
  columns: readonly SheetColumn[],
  required: readonly string[],
): Promise<AsyncGenerator<SheetRow>> {
  const csv = isCsv(file);
  const code = csv ? 'importInvalidCsv' : 'importInvalidFile';
  const refuse = (e: unknown) => {
    file.file.resume();
    return new AppError(code, { reason: (e as Error).message.slice(0, 200) });
  };
  let opened: { missing: string[]; rows: AsyncGenerator<SheetRow> };
  try {
    opened = csv ? await openCsv(file.file, columns) : await openXlsx(file.file, columns);
  } catch (e) {
    throw refuse(e);
  }
  const missing = columns.filter((c) => required.includes(c.key) && opened.missing.includes(c.header));
  if (missing.length) {
    file.file.resume();
    throw new AppError(code, { reason: missing.map((c) => c.header).join(', ') });
  }
  const rows = opened.rows;
  const upload = file.file as Readable & { truncated?: boolean };
  async function* checked(): AsyncGenerator<SheetRow> {
    try {
      yield* rows;
    } catch (e) {
      throw e instanceof AppError ? e : refuse(e);
    }
    // a file cut at the size limit ends like a complete one: its last rows must not pass for the whole file
    if (upload.truncated) throw new AppError('payloadTooLarge');
  }
  return checked();
}

/** The master data a stock file of one warehouse may name, indexed for a row loop (see `loadStockMaster`). */
export interface StockMaster {
  /** Location code -> its position in `locationIds` and `locationCodes`. */
  locations: Map<string, number>;
  locationIds: number[];
  locationCodes: string[];
  /** Consignor code -> its id, code and SKUs (SKU code -> position in `skuIds` and `skuCodes`). */
  consignors: Map<string, { id: number; code: string; skus: Map<string, number> }>;
  skuIds: number[];
  skuCodes: string[];
}

/**
 * All the master data a stock file of one warehouse may name, loaded once: the warehouse's locations by code, the
 * tenant's consignors by code with their SKUs by code (memory grows with the master data, not with the file).
 * Locations and SKUs are numbered from 0, so a location + SKU pair has a small numeric key (`location * skus +
 * sku`) instead of a string per row. `db` is the caller's tenant database.
 */
export async function loadStockMaster(db: TenantDb, warehouseId: number) {
  const master: StockMaster = {
    locations: new Map(),
    locationIds: [],
    locationCodes: [],
    consignors: new Map(),
    skuIds: [],
    skuCodes: [],
  };
  for (const r of await db
    .selectFrom('wh_location')
    .select(['id', 'code'])
    .where('warehouse_id', '=', warehouseId)
    .execute()) {
    master.locations.set(r.code, master.locationIds.length);
    master.locationIds.push(Number(r.id));
    master.locationCodes.push(r.code);
  }
  const byId = new Map<number, Map<string, number>>();
  for (const r of await db.selectFrom('wh_consignor').select(['id', 'code']).execute()) {
    const skus = new Map<string, number>();
    byId.set(Number(r.id), skus);
    master.consignors.set(r.code, { id: Number(r.id), code: r.code, skus });
  }
  for (const r of await db.selectFrom('wh_sku').select(['id', 'code', 'consignor_id']).execute()) {
    const skus = byId.get(Number(r.consignor_id));
    if (!skus) continue;
    skus.set(r.code, master.skuIds.length);
    master.skuIds.push(Number(r.id));
    master.skuCodes.push(r.code);
  }
  return master;
}

const chunks = <T>(items: readonly T[], size = 500): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * The master data a stock file names, loaded once for the whole file (in chunks of 500 codes): the warehouse's
 * locations by code, the tenant's consignors by code, SKUs by `consignorId:code`. Nothing is ever created. `db` is
 * the caller's tenant database.
 */
export async function resolveStockCodes(
  db: TenantDb,
  warehouseId: number,
  rows: readonly { cells: Record<string, string> }[],
) {
  const codes = (key: string) => [...new Set(rows.map((r) => r.cells[key] ?? '').filter(Boolean))];
  const locations = new Map<string, number>();
  for (const part of chunks(codes('locationCode'))) {
    const found = await db
      .selectFrom('wh_location')
      .select(['id', 'code'])
      .where('warehouse_id', '=', warehouseId)
      .where('code', 'in', part)
      .execute();
    for (const r of found) locations.set(r.code, Number(r.id));
  }
  const consignors = new Map<string, number>();
  for (const part of chunks(codes('consignorCode'))) {
    const found = await db.selectFrom('wh_consignor').select(['id', 'code']).where('code', 'in', part).execute();
    for (const r of found) consignors.set(r.code, Number(r.id));
  }
  const skus = new Map<string, number>();
  for (const part of chunks(codes('skuCode'))) {
    const found = await db
      .selectFrom('wh_sku')
      .select(['id', 'code', 'consignor_id'])
      .where('code', 'in', part)
      .execute();
    for (const r of found) skus.set(`${r.consignor_id}:${r.code}`, Number(r.id));
  }
  return { locations, consignors, skus };
}

/** Rounds a quantity to its three decimals (removes binary noise such as 0.30000000000000004). */
export const roundQuantity = (n: number) => Math.round(n * 1000) / 1000;

const EXCEL_EPOCH_DAYS = 25_569; // 1970-01-01 as an Excel serial day number

/**
 * A pick time cell as epoch-ms: `yyyy-MM-dd HH:mm[:ss]` or `yyyy-MM-dd` (also with `/` or a `T`) on the tenant's
 * clock, an Excel date cell (read as an ISO text in UTC that holds the wall time) or an Excel serial number.
 */
export function parsePickTime(text: string, timeZone: string): number | undefined {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?Z$/.exec(t);
  if (iso) return parseTime(`${iso[1]}-${iso[2]}-${iso[3]} ${iso[4]}:${iso[5]}:${iso[6]}`, timeZone);
  if (/^\d+(\.\d+)?$/.test(t)) {
    const serial = Number(t);
    if (serial < 1 || serial > 2_958_465) return undefined;
    const wall = new Date(Math.round((serial - EXCEL_EPOCH_DAYS) * 86_400_000));
    const p = (n: number) => String(n).padStart(2, '0');
    const text2 = `${wall.getUTCFullYear()}-${p(wall.getUTCMonth() + 1)}-${p(wall.getUTCDate())} ${p(wall.getUTCHours())}:${p(wall.getUTCMinutes())}:${p(wall.getUTCSeconds())}`;
    return parseTime(text2, timeZone);
  }
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  const p = (v: string | undefined) => (v ?? '0').padStart(2, '0');
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h ?? 0) > 23 || Number(s ?? 0) > 59) return undefined;
  const check = new Date(Date.UTC(Number(y), month - 1, day));
  if (check.getUTCDate() !== day) return undefined;
  return parseTime(`${y}-${p(mo)}-${p(d)} ${p(h)}:${p(mi)}:${p(s)}`, timeZone);
}
