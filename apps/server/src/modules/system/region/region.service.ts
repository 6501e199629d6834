import type { Readable } from 'node:stream';
import { type InputOf, type Locale, REGION_MAX_LEVEL, regionImportRow, type sysRegion } from '@shelfwise/contract';
import type { SysRegionTable } from '../../../kernel/db/schema';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { plainIssue } from '../../../kernel/files/master-files';
import { readXlsx, type SheetColumn, xlsxWriter } from '../../../kernel/files/xlsx';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { pathOf, type RegionFilters, type RegionRow, regionPathMap, regionRepo as repo } from './region.repo';

type Input<K extends keyof typeof sysRegion> = InputOf<(typeof sysRegion)[K]>;

/** Largest region import, in rows (the shipped data is ~620 rows; districts of China are ~3,000 more). */
export const MAX_REGION_IMPORT_ROWS = 10_000;

type Names = Pick<SysRegionTable, 'name_en' | 'name_zh_cn' | 'name_zh_tw'>;

/** A region's name in a language, falling back to simplified Chinese, then English. */
export function regionName(row: Names, locale: Locale): string {
  if (locale === 'zh-tw') return row.name_zh_tw || row.name_zh_cn || row.name_en;
  if (locale === 'zh-cn') return row.name_zh_cn || row.name_en;
  return row.name_en;
}

const truthy = (v: unknown) => v === true || Number(v) === 1;

function regionDto(row: RegionRow, locale: Locale, time: TimeFormatter) {
  return {
    id: Number(row.id),
    pid: Number(row.pid),
    code: row.code,
    path: pathOf(row),
    name: regionName(row, locale),
    nameEn: row.name_en,
    nameZhCn: row.name_zh_cn,
    nameZhTw: row.name_zh_tw,
    level: Number(row.level),
    orderNo: Number(row.order_no),
    remark: row.remark,
    hasChildren: truthy(row.has_children),
    ...auditDto(row, time),
  };
}

const SHEET_TEXT: Record<string, Record<Locale, string>> = {
  parentPath: { en: 'Parent path', 'zh-cn': '上级编码路径', 'zh-tw': '上層編碼路徑' },
  code: { en: 'Code', 'zh-cn': '编码', 'zh-tw': '編碼' },
  nameEn: { en: 'Name (English)', 'zh-cn': '英文名称', 'zh-tw': '英文名稱' },
  nameZhCn: { en: 'Name (Simplified Chinese)', 'zh-cn': '简体中文名称', 'zh-tw': '簡體中文名稱' },
  nameZhTw: { en: 'Name (Traditional Chinese)', 'zh-cn': '繁体中文名称', 'zh-tw': '繁體中文名稱' },
  orderNo: { en: 'Order', 'zh-cn': '排序', 'zh-tw': '排序' },
  remark: { en: 'Remark', 'zh-cn': '备注', 'zh-tw': '備註' },
  level: { en: 'Level', 'zh-cn': '层级', 'zh-tw': '層級' },
  sheet: { en: 'Regions', 'zh-cn': '行政区域', 'zh-tw': '行政區域' },
  unknownParent: {
    en: 'no region with path {v} (in the database or earlier in the file)',
    'zh-cn': '不存在编码路径为 {v} 的区域（数据库和文件中均无）',
    'zh-tw': '不存在編碼路徑為 {v} 的區域（資料庫與檔案中皆無）',
  },
  tooDeep: {
    en: 'regions go at most {v} levels deep',
    'zh-cn': '区域最多 {v} 级',
    'zh-tw': '區域最多 {v} 層',
  },
  duplicateInFile: {
    en: 'region {v} appears more than once in the file',
    'zh-cn': '区域 {v} 在文件中重复',
    'zh-tw': '區域 {v} 在檔案中重複',
  },
};
const text = (key: string, locale: Locale, v = '') => (SHEET_TEXT[key]?.[locale] ?? key).replace('{v}', v);
const IMPORT_KEYS = ['parentPath', 'code', 'nameEn', 'nameZhCn', 'nameZhTw', 'orderNo', 'remark'] as const;
const EXPORT_KEYS = [...IMPORT_KEYS, 'level'] as const;
const columnsOf = (keys: readonly string[], locale: Locale): SheetColumn[] =>
  keys.map((key) => ({
    header: text(key, locale),
    key,
    width: key.startsWith('name') || key === 'parentPath' ? 28 : 14,
  }));

/** Regions: platform data read by everyone signed in, written by the platform administration only. */
export function createRegionService(kernel: Kernel) {
  // regions are a platform table, read and written through the caller's tenant database (it leaves them as they are)
  const tdb = kernel.tenantDb;
  const columns = (input: Input<'update'>) => ({
    code: input.code,
    name_en: input.nameEn,
    name_zh_cn: input.nameZhCn,
    name_zh_tw: input.nameZhTw,
    order_no: input.orderNo,
    remark: input.remark,
  });

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), input);
      return { ...page, items: page.items.map((r) => regionDto(r, ctx.locale, time)) };
    },
    list: async (ctx: UserContext, pid: number, time: TimeFormatter) =>
      (await repo.children(tdb(ctx), pid)).map((r) => regionDto(r, ctx.locale, time)),
    children: async (ctx: UserContext, pid: number) =>
      (await repo.children(tdb(ctx), pid)).map((r) => ({
        id: Number(r.id),
        pid: Number(r.pid),
        code: r.code,
        name: regionName(r, ctx.locale),
        level: Number(r.level),
        isLeaf: !truthy(r.has_children),
      })),
    async detail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) throw notFound();
      return regionDto(row, ctx.locale, time);
    },
    async add(ctx: UserContext, input: Input<'add'>): Promise<number> {
      let level = 1;
      if (input.pid) {
        const parent = await repo.byId(tdb(ctx), input.pid);
        if (!parent) throw notFound('parent');
        level = Number(parent.level) + 1;
        if (level > REGION_MAX_LEVEL) {
          throw new AppError(
            'validation',
            { count: 1 },
            { pid: [text('tooDeep', ctx.locale, String(REGION_MAX_LEVEL))] },
          );
        }
      }
      if (await repo.codeTaken(tdb(ctx), input.pid, input.code))
        throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      await repo.insert(tdb(ctx), [
        {
          id,
          pid: input.pid,
          ...columns({ ...input, id }),
          level,
          created_at: Date.now(),
          created_by: ctx.userId,
          updated_at: null,
          updated_by: null,
        },
      ]);
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>): Promise<void> {
      const before = await repo.byId(tdb(ctx), input.id);
      if (!before) throw notFound();
      if (await repo.codeTaken(tdb(ctx), Number(before.pid), input.code, input.id)) {
        throw new AppError('duplicateCode', { value: input.code });
      }
      const changes = { ...columns(input), updated_at: Date.now(), updated_by: ctx.userId };
      await repo.update(tdb(ctx), input.id, changes);
      kernel.logs.diff(ctx, {
        table: 'sys_region',
        id: input.id,
        op: 'update',
        before,
        after: { ...before, ...changes },
      });
    },
    async delete(ctx: UserContext, id: number): Promise<void> {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) throw notFound();
      if (await repo.hasChildren(tdb(ctx), id)) throw new AppError('hasChildren');
      await repo.remove(tdb(ctx), id);
      kernel.logs.diff(ctx, { table: 'sys_region', id, op: 'delete', before: row });
    },

    /** Streams the regions of the filters as .xlsx, parents before children: the file imports back as it is. */
    async export(ctx: UserContext, input: Input<'export'>): Promise<Readable> {
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(EXPORT_KEYS, ctx.locale));
      const write = async () => {
        for (const r of await repo.all(tdb(ctx), input as RegionFilters)) {
          const path = pathOf(r);
          sheet.add({
            parentPath: path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '',
            code: r.code,
            nameEn: r.name_en,
            nameZhCn: r.name_zh_cn,
            nameZhTw: r.name_zh_tw,
            orderNo: Number(r.order_no),
            remark: r.remark,
            level: Number(r.level),
          });
        }
        await sheet.finish();
      };
      write().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;
    },

    /**
     * Imports regions from an .xlsx stream, upserting by (parent path, code): a row whose path exists updates that
     * region, any other is added under its parent (which may come earlier in the same file). Every row is checked;
     * with any failure nothing is written unless `partial` is set, then the good rows are.
     */
    async import(ctx: UserContext, file: Readable, partial: boolean) {
      let sheet: Awaited<ReturnType<typeof readXlsx>>;
      try {
        sheet = await readXlsx(file, columnsOf(IMPORT_KEYS, ctx.locale), MAX_REGION_IMPORT_ROWS);
      } catch (e) {
        throw new AppError('importInvalidFile', { reason: (e as Error).message.slice(0, 200) });
      }
      const required = ['code', 'nameEn'];
      const missing = sheet.missing.filter((h) => required.some((k) => text(k, ctx.locale) === h));
      if (missing.length) throw new AppError('importInvalidFile', { reason: missing.join(', ') });

      const plain = await repo.plain(tdb(ctx));
      const idByPath = new Map([...regionPathMap(plain)].map(([id, path]) => [path, id]));
      const rowsById = new Map(plain.map((r) => [Number(r.id), r]));
      const depth = (cells: Record<string, string>) => (cells.parentPath ? cells.parentPath.split('/').length : 0);
      const sorted = [...sheet.rows].sort((a, b) => depth(a.cells) - depth(b.cells) || a.row - b.row);
      const errors: { row: number; message: string }[] = [];
      const inserts: (SysRegionTable & { id: number })[] = [];
      const updates: { id: number; before: SysRegionTable; set: Partial<SysRegionTable> }[] = [];
      const fileIds = new Map<string, number>();
      const now = Date.now();
      for (const { row, cells } of sorted) {
        const values = Object.fromEntries(IMPORT_KEYS.map((k) => [k, cells[k] ? cells[k] : undefined]));
        const parsed = regionImportRow.safeParse(values);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = text(String(issue?.path[0] ?? ''), ctx.locale);
          errors.push({ row, message: `${field}: ${issue ? plainIssue(issue, ctx.locale) : ''}` });
          continue;
        }
        const r = parsed.data;
        const parentPath = r.parentPath;
        const path = parentPath ? `${parentPath}/${r.code}` : r.code;
        const level = parentPath ? parentPath.split('/').length + 1 : 1;
        const pid = parentPath ? (fileIds.get(parentPath) ?? idByPath.get(parentPath)) : 0;
        const problems: string[] = [];
        if (pid === undefined) problems.push(text('unknownParent', ctx.locale, parentPath));
        if (level > REGION_MAX_LEVEL) problems.push(text('tooDeep', ctx.locale, String(REGION_MAX_LEVEL)));
        if (fileIds.has(path)) problems.push(text('duplicateInFile', ctx.locale, path));
        if (problems.length || pid === undefined) {
          errors.push({ row, message: problems.join('; ') });
          continue;
        }
        const set = {
          code: r.code,
          name_en: r.nameEn,
          name_zh_cn: r.nameZhCn,
          name_zh_tw: r.nameZhTw,
          order_no: r.orderNo,
          remark: r.remark,
        };
        const existing = idByPath.get(path);
        const before = existing === undefined ? undefined : rowsById.get(existing);
        if (existing !== undefined && before) {
          fileIds.set(path, existing);
          updates.push({ id: existing, before, set: { ...set, updated_at: now, updated_by: ctx.userId } });
        } else {
          const id = kernel.ids.next();
          fileIds.set(path, id);
          inserts.push({
            id,
            pid,
            ...set,
            level,
            created_at: now,
            created_by: ctx.userId,
            updated_at: null,
            updated_by: null,
          });
        }
      }
      const write = !errors.length || partial;
      if (write && (inserts.length || updates.length)) {
        await repo.importRows(tdb(ctx), inserts, updates);
        for (const u of updates) {
          kernel.logs.diff(ctx, {
            table: 'sys_region',
            id: u.id,
            op: 'update',
            before: u.before,
            after: { ...u.before, ...u.set },
          });
        }
      }
      const succeeded = write ? inserts.length + updates.length : 0;
      errors.sort((a, b) => a.row - b.row);
      return {
        total: sheet.rows.length,
        succeeded,
        failed: sheet.rows.length - succeeded,
        inserted: write ? inserts.length : 0,
        updated: write ? updates.length : 0,
        errors,
      };
    },
  };
}
