import type { Readable } from 'node:stream';
import {
  CODE128_QUIET_ZONE,
  CountMode,
  code128Bars,
  encodeCode128,
  InventoryStatus,
  type inventoryCheckSubTask,
  type Locale,
  type OutputOf,
} from '@shelfwise/contract';
import PDFDocument from 'pdfkit';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { fileRegister, imageContentType } from '../../../kernel/files/file-register';
import { detectImageType, MAX_UPLOAD_BYTES } from '../../../kernel/files/file-store';
import { pdfText, usePdfFonts } from '../../../kernel/files/pdf-fonts';
import type { UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { statusInvalid } from '../task/task.service';
import { subTaskRepo as repo } from './subtask.repo';

type UploadResult = OutputOf<typeof inventoryCheckSubTask.folderUpload>;

/** Pictures a line holds at most (inventoryCheckItem.uploadPicture says 20). */
export const MAX_PICTURES_PER_LINE = 20;

const REASONS: Record<string, Record<Locale, string>> = {
  notImage: {
    en: 'not a jpg or png picture (or larger than 10 MB)',
    'zh-cn': '不是 jpg 或 png 图片（或超过 10 MB）',
    'zh-tw': '不是 jpg 或 png 圖片（或超過 10 MB）',
  },
  noLocation: {
    en: 'no location {v} in this sub-task',
    'zh-cn': '该子任务中没有库位 {v}',
    'zh-tw': '該子任務中沒有儲位 {v}',
  },
  noLines: {
    en: 'location {v} has no count lines',
    'zh-cn': '库位 {v} 没有盘点明细',
    'zh-tw': '儲位 {v} 沒有盤點明細',
  },
  noSku: {
    en: 'no line of SKU {v} at this location',
    'zh-cn': '该库位没有商品 {v} 的明细',
    'zh-tw': '該儲位沒有商品 {v} 的明細',
  },
  full: {
    en: 'the lines already hold 20 pictures each',
    'zh-cn': '这些明细的图片已达 20 张上限',
    'zh-tw': '這些明細的圖片已達 20 張上限',
  },
};
const reason = (key: string, locale: Locale, v = '') => (REASONS[key]?.[locale] ?? key).replace('{v}', v);

const PT_PER_MM = 72 / 25.4;
const mm = (v: number) => v * PT_PER_MM;
/** Words printed on count sheets, in the caller's language. */
const SHEET: Record<string, Record<Locale, string>> = {
  skuCode: { en: 'SKU code', 'zh-cn': 'SKU 编码', 'zh-tw': 'SKU 編碼' },
  skuName: { en: 'SKU name', 'zh-cn': 'SKU 名称', 'zh-tw': 'SKU 名稱' },
  lot: { en: 'Lot', 'zh-cn': '批次', 'zh-tw': '批號' },
  book: { en: 'Book', 'zh-cn': '账面', 'zh-tw': '帳面' },
  counted: { en: 'Counted', 'zh-cn': '实盘', 'zh-tw': '實盤' },
  aisle: { en: 'Aisle {v}', 'zh-cn': '巷道 {v}', 'zh-tw': '巷道 {v}' },
  bay: { en: 'Bay {v}', 'zh-cn': '列 {v}', 'zh-tw': '列 {v}' },
  level: { en: 'Level {v}', 'zh-cn': '层 {v}', 'zh-tw': '層 {v}' },
  cont: { en: '{v} (continued)', 'zh-cn': '{v}（续）', 'zh-tw': '{v}（續）' },
  empty: { en: '{v}: no locations', 'zh-cn': '{v}：没有库位', 'zh-tw': '{v}：沒有儲位' },
  title: { en: 'Count sheets {v}', 'zh-cn': '盘点单 {v}', 'zh-tw': '盤點單 {v}' },
};

/** Count sheets (PDF) and the folder upload of photos of a sub-task. */
export function createSubTaskFiles(kernel: Kernel) {
  const tdb = kernel.tenantDb;
  async function subTaskOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), ctx, id);
    if (!row) throw notFound();
    return row;
  }

  /** One A4 section per location: code, Code 128 barcode, lines with a blank quantity column. */
  async function printSheet(ctx: UserContext, id: number): Promise<Readable> {
    const sub = await subTaskOr404(ctx, id);
    const guided = Number(sub.count_mode) === CountMode.guided;
    const locations = await repo.lccAll(tdb(ctx), id);
    const lines = await repo.lines(tdb(ctx), id);
    const byLocation = new Map<number, typeof lines>();
    for (const l of lines) {
      const list = byLocation.get(Number(l.location_id));
      if (list) list.push(l);
      else byLocation.set(Number(l.location_id), [l]);
    }
    const word = (key: string, v = '') => (SHEET[key]?.[ctx.locale] ?? key).replace('{v}', v);
    const doc = new PDFDocument({
      size: 'A4',
      margin: mm(12),
      info: { Title: word('title', sub.code), Creator: 'Shelfwise' },
    });
    const fonts = usePdfFonts(doc);
    const text = (s: string | null | undefined) => pdfText(fonts, s);
    const width = mm(210 - 24);
    const cols = guided
      ? [
          [word('skuCode'), 0.22],
          [word('skuName'), 0.36],
          [word('lot'), 0.14],
          [word('book'), 0.1],
          [word('counted'), 0.18],
        ]
      : [
          [word('skuCode'), 0.24],
          [word('skuName'), 0.4],
          [word('lot'), 0.16],
          [word('counted'), 0.2],
        ];
    const rowHeight = 18;
    const bottom = mm(297 - 12);
    const header = (title: string) => {
      doc.font(fonts.bold).fontSize(9).fillColor('#555555');
      doc.text(text(`${sub.task_code ?? ''} / ${sub.code} ${sub.name}`), mm(12), mm(6), { lineBreak: false });
      doc.fillColor('#000000');
      return title;
    };
    const tableHead = (y: number) => {
      let x = mm(12);
      doc.font(fonts.bold).fontSize(9);
      for (const [label, share] of cols) {
        doc.text(text(String(label)), x + 2, y + 5, { width: width * Number(share) - 4, lineBreak: false });
        x += width * Number(share);
      }
      doc
        .moveTo(mm(12), y + rowHeight)
        .lineTo(mm(12) + width, y + rowHeight)
        .stroke();
      return y + rowHeight;
    };
    locations.forEach((loc, index) => {
      if (index > 0) doc.addPage();
      header(loc.location_code);
      let y = mm(14);
      doc.font(fonts.bold).fontSize(20).text(text(loc.location_code), mm(12), y, { lineBreak: false });
      const place = [
        loc.area_code,
        loc.aisle && word('aisle', loc.aisle),
        loc.bay && word('bay', loc.bay),
        loc.level && word('level', loc.level),
      ]
        .filter(Boolean)
        .join('   ');
      doc
        .font(fonts.regular)
        .fontSize(10)
        .text(text(place), mm(12), y + 26, { lineBreak: false });
      // Code 128 of the location code, top right (what the scanner reads to set the location)
      const symbol = encodeCode128(loc.location_code);
      const module = Math.min(0.5, 80 / (symbol.modules + 2 * CODE128_QUIET_ZONE));
      const bx = 210 - 12 - symbol.modules * module;
      for (const [at, w] of code128Bars(symbol)) doc.rect(mm(bx + at * module), y, mm(w * module), mm(12));
      doc.fill('#000000');
      y = tableHead(y + mm(18));
      for (const line of byLocation.get(Number(loc.location_id)) ?? []) {
        if (y + rowHeight > bottom) {
          doc.addPage();
          header(loc.location_code);
          doc
            .font(fonts.bold)
            .fontSize(12)
            .text(text(word('cont', loc.location_code)), mm(12), mm(14));
          y = tableHead(mm(22));
        }
        const cells = guided
          ? [line.sku_code, line.sku_name, line.lot, String(Number(line.book_qty)), '']
          : [line.sku_code, line.sku_name, line.lot, ''];
        let x = mm(12);
        doc.font(fonts.regular).fontSize(9);
        cells.forEach((cell, i) => {
          const share = Number(cols[i]?.[1] ?? 0);
          doc.text(text(cell), x + 2, y + 5, { width: width * share - 4, lineBreak: false, ellipsis: true });
          x += width * share;
        });
        doc
          .moveTo(mm(12), y + rowHeight)
          .lineTo(mm(12) + width, y + rowHeight)
          .lineWidth(0.3)
          .stroke();
        y += rowHeight;
      }
      // room for what is found but not on the sheet
      for (let i = 0; i < 3 && y + rowHeight <= bottom; i++) {
        doc
          .moveTo(mm(12), y + rowHeight)
          .lineTo(mm(12) + width, y + rowHeight)
          .lineWidth(0.3)
          .stroke();
        y += rowHeight;
      }
    });
    if (!locations.length)
      doc
        .font(fonts.regular)
        .fontSize(12)
        .text(text(word('empty', sub.code)));
    doc.end();
    return doc;
  }

  /**
   * One photo of a folder upload: `<location>.<ext>` goes to every line of the location in the sub-task,
   * `<location>_<sku>.<ext>` to that SKU's lines there. The picture is stored once per line.
   */
  async function folderUpload(ctx: UserContext, id: number, fileName: string, data: Buffer): Promise<UploadResult> {
    const sub = await subTaskOr404(ctx, id);
    const taskStatus = Number(sub.task_inventory_status);
    if (taskStatus === InventoryStatus.submitted) throw new AppError('taskSubmitted');
    if (taskStatus === InventoryStatus.cancelled || taskStatus === InventoryStatus.draft)
      throw statusInvalid(taskStatus);
    const none = (key: string, v = '', locationCode: string | null = null, skuCode: string | null = null) => ({
      fileName,
      matched: 'none' as const,
      locationCode,
      skuCode,
      itemCount: 0,
      reason: reason(key, ctx.locale, v),
    });
    const type = detectImageType(data);
    if (!type || data.length > MAX_UPLOAD_BYTES) return none('notImage');
    const base = (fileName.split(/[\\/]/).pop() ?? fileName).replace(/\.[^.]*$/, '');
    const checklist = (code: string) => repo.entryByCode(tdb(ctx), id, code);
    // the whole name as a location code first (codes may hold `_`), then every split at `_`
    let location = await checklist(base);
    let skuCode: string | null = null;
    if (!location) {
      for (let at = base.indexOf('_'); at > 0 && !location; at = base.indexOf('_', at + 1)) {
        const hit = await checklist(base.slice(0, at));
        if (hit) {
          location = hit;
          skuCode = base.slice(at + 1);
        }
      }
    }
    if (!location) return none('noLocation', base);
    const lines = await repo.linesAt(tdb(ctx), id, Number(location.location_id), skuCode);
    if (!lines.length) {
      return skuCode === null
        ? none('noLines', location.location_code, location.location_code)
        : none('noSku', skuCode, location.location_code, skuCode);
    }
    const room = lines.filter((l) => Number(l.picture_count) < MAX_PICTURES_PER_LINE);
    if (!room.length) return none('full', '', location.location_code, skuCode);
    const now = Date.now();
    const name = fileName.slice(0, 255);
    const written: string[] = [];
    try {
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          for (const line of room) {
            const pictureId = kernel.ids.next();
            const key = `inventory/${ctx.tenantId}/${Number(sub.task_id)}/${Number(line.id)}/${pictureId}.${type}`;
            await kernel.files.put(key, data);
            written.push(key);
            await repo.addPicture(trx, {
              id: pictureId,
              task_id: Number(sub.task_id),
              item_id: Number(line.id),
              file_key: key,
              name,
              size: data.length,
              created_at: now,
              created_by: ctx.userId,
            });
            await fileRegister.record(trx, {
              id: kernel.ids.next(),
              key,
              name,
              contentType: imageContentType(type),
              data,
              bizType: 'inventoryLinePicture',
              bizId: Number(line.id),
              userId: ctx.userId,
            });
          }
        });
    } catch (e) {
      for (const key of written) await kernel.files.remove(key).catch(() => undefined);
      throw e;
    }
    return {
      fileName,
      matched: skuCode === null ? 'location' : 'item',
      locationCode: location.location_code,
      skuCode,
      itemCount: room.length,
      reason: null,
    };
  }

  return { printSheet, folderUpload, subTaskOr404 };
}
