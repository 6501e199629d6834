import type { Readable } from 'node:stream';
import {
  AuditDecisionEnum,
  difference,
  differencePct,
  enumLabel,
  type InputOf,
  InventoryStatus,
  ItemResultEnum,
  ItemStatusEnum,
  type inventoryCheckItem,
  type Locale,
  roundQty,
} from '@shelfwise/contract';
import { type Param, tenantPrepared } from '../../../kernel/db/tenant-prepared';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { fileRegister, imageContentType } from '../../../kernel/files/file-register';
import { detectImageType, MAX_UPLOAD_BYTES } from '../../../kernel/files/file-store';
import { sheetText } from '../../../kernel/files/master-files';
import { type SheetColumn, xlsxWriter } from '../../../kernel/files/xlsx';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { enumParam } from '../../../kernel/i18n/translate';
import { ledgerNoteText, setCount, useLedgerIds } from '../ledger';
import { coversSubTask, type TaskAccess, taskAccessOf } from './item.access';
import { type ItemFilters, type ItemRow, itemRepo as repo } from './item.repo';

type Input<K extends keyof typeof inventoryCheckItem> = InputOf<(typeof inventoryCheckItem)[K]>;

/** Pictures a line may hold. */
export const MAX_PICTURES = 20;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A line as the API sends it; book quantities and what derives from them only with `book`. */
export function itemDto(row: ItemRow, book: boolean, pictures: { id: number; name: string }[], time: TimeFormatter) {
  const bookQty = Number(row.book_qty);
  const counted = num(row.counted_qty);
  const diff = num(row.diff_qty);
  const unitValue = num(row.unit_value);
  // what stands now: the final quantity once fixed, else the recount's, else the first count
  const current = num(row.final_qty) ?? num(row.review_qty) ?? counted;
  const currentDiff = difference(bookQty, current);
  const value = (d: number | null) =>
    book && d !== null && unitValue !== null ? Math.round(d * unitValue * 100) / 100 : null;
  return {
    id: Number(row.id),
    taskId: Number(row.task_id),
    subTaskId: num(row.sub_task_id),
    locationId: Number(row.location_id),
    locationCode: row.location_code,
    areaCode: row.area_code ?? null,
    skuId: Number(row.sku_id),
    skuCode: row.sku_code,
    skuName: row.sku_name ?? null,
    consignorId: Number(row.consignor_id),
    consignorCode: row.consignor_code,
    consignorName: row.consignor_name ?? null,
    lot: row.lot || null,
    boxGauge: num(row.box_gauge),
    unit: row.unit ?? null,
    bookQty: book ? bookQty : null,
    countedQty: counted,
    cartons: num(row.cartons),
    loose: num(row.loose),
    diffQty: book ? diff : null,
    diffPct: book ? differencePct(bookQty, counted) : null,
    diffValue: value(diff),
    /** The result as the line stands now (a recount's, once one settled it). */
    result: book ? num(row.result) : null,
    counterId: num(row.counter_id),
    counterName: row.counter_name ?? null,
    countTime: time(num(row.counted_at)),
    abnormalCause: row.abnormal_cause,
    pictures,
    reviewQty: num(row.review_qty),
    reviewerName: row.reviewer_name ?? null,
    reviewTime: time(num(row.reviewed_at)),
    finalQty: num(row.final_qty),
    currentQty: current,
    currentDiffQty: book ? currentDiff : null,
    currentDiffPct: book ? differencePct(bookQty, current) : null,
    currentDiffValue: value(currentDiff),
    status: Number(row.status),
    version: Number(row.version),
    remark: row.remark,
  };
}

const text = sheetText({
  sheet: { en: 'Count lines', 'zh-cn': '盘点明细', 'zh-tw': '盤點明細' },
  locationCode: { en: 'Location code', 'zh-cn': '库位编码', 'zh-tw': '儲位編碼' },
  areaCode: { en: 'Area code', 'zh-cn': '库区编码', 'zh-tw': '庫區編碼' },
  skuCode: { en: 'SKU code', 'zh-cn': 'SKU 编码', 'zh-tw': 'SKU 編碼' },
  skuName: { en: 'SKU name', 'zh-cn': 'SKU 名称', 'zh-tw': 'SKU 名稱' },
  consignorCode: { en: 'Consignor code', 'zh-cn': '货主编码', 'zh-tw': '貨主編碼' },
  consignorName: { en: 'Consignor name', 'zh-cn': '货主名称', 'zh-tw': '貨主名稱' },
  lot: { en: 'Lot', 'zh-cn': '批次', 'zh-tw': '批次' },
  unit: { en: 'Unit', 'zh-cn': '单位', 'zh-tw': '單位' },
  boxGauge: { en: 'Box gauge', 'zh-cn': '箱规', 'zh-tw': '箱規' },
  bookQty: { en: 'Book quantity', 'zh-cn': '账面数量', 'zh-tw': '帳面數量' },
  countedQty: { en: 'First count', 'zh-cn': '初盘数量', 'zh-tw': '初盤數量' },
  cartons: { en: 'Cartons', 'zh-cn': '箱数', 'zh-tw': '箱數' },
  loose: { en: 'Loose units', 'zh-cn': '散件数', 'zh-tw': '散件數' },
  diffQty: { en: 'Difference (first count)', 'zh-cn': '初盘差异数量', 'zh-tw': '初盤差異數量' },
  diffPct: { en: 'Difference % (first count)', 'zh-cn': '初盘差异率 %', 'zh-tw': '初盤差異率 %' },
  diffValue: { en: 'Difference value (first count)', 'zh-cn': '初盘差异金额', 'zh-tw': '初盤差異金額' },
  result: { en: 'Result (final)', 'zh-cn': '盘点结果（最终）', 'zh-tw': '盤點結果（最終）' },
  counterName: { en: 'Counter', 'zh-cn': '盘点人', 'zh-tw': '盤點人' },
  countTime: { en: 'Count time', 'zh-cn': '盘点时间', 'zh-tw': '盤點時間' },
  reviewerName: { en: 'Recounted by', 'zh-cn': '复盘人', 'zh-tw': '複盤人' },
  reviewTime: { en: 'Recount time', 'zh-cn': '复盘时间', 'zh-tw': '複盤時間' },
  currentQty: { en: 'Final quantity (now)', 'zh-cn': '最终数量（当前）', 'zh-tw': '最終數量（目前）' },
  currentDiffQty: { en: 'Final difference', 'zh-cn': '最终差异数量', 'zh-tw': '最終差異數量' },
  currentDiffValue: { en: 'Final difference value', 'zh-cn': '最终差异金额', 'zh-tw': '最終差異金額' },
  abnormalCause: { en: 'Abnormal cause', 'zh-cn': '异常原因', 'zh-tw': '異常原因' },
  reviewQty: { en: 'Recount quantity', 'zh-cn': '复盘数量', 'zh-tw': '複盤數量' },
  status: { en: 'Status', 'zh-cn': '状态', 'zh-tw': '狀態' },
  remark: { en: 'Remark', 'zh-cn': '备注', 'zh-tw': '備註' },
});

const EXPORT_KEYS = [
  'locationCode',
  'areaCode',
  'skuCode',
  'skuName',
  'consignorCode',
  'consignorName',
  'lot',
  'unit',
  'boxGauge',
  'bookQty',
  'countedQty',
  'cartons',
  'loose',
  'diffQty',
  'diffPct',
  'diffValue',
  'counterName',
  'countTime',
  'abnormalCause',
  'reviewQty',
  'reviewerName',
  'reviewTime',
  'currentQty',
  'currentDiffQty',
  'currentDiffValue',
  'result',
  'status',
  'remark',
] as const;
const BOOK_KEYS = new Set([
  'bookQty',
  'diffQty',
  'diffPct',
  'diffValue',
  'currentDiffQty',
  'currentDiffValue',
  'result',
]);
type ExportKey = (typeof EXPORT_KEYS)[number];

const columnsOf = (book: boolean, locale: Locale): SheetColumn<ExportKey>[] =>
  EXPORT_KEYS.filter((k) => book || !BOOK_KEYS.has(k)).map((key) => ({
    key,
    header: text(key, locale),
    width: key.endsWith('Name') ? 28 : 16,
  }));

/** The task of a sub-task (every line list of a sub-task asks it), compiled once for every tenant. */
const subTaskOf = tenantPrepared((db, p: Param<{ id: number }>) =>
  db.selectFrom('inv_sub_task').where('id', '=', p('id')).select('task_id'),
);

/** Count lines: list, detail, hand counts, pictures, history, export. */
export function createItemService(
  kernel: Kernel,
  onProgress: (tenantId: number, taskId: number, subTaskId: number | null) => void,
) {
  useLedgerIds(kernel.ids);
  const tdb = kernel.tenantDb;

  /** The task of a list request: a task, or the task of a sub-task; neither is a validation error. */
  async function listAccess(ctx: UserContext, f: { taskId?: number | undefined; subTaskId?: number | undefined }) {
    let taskId = f.taskId;
    if (f.subTaskId) {
      const [sub] = await subTaskOf(tdb(ctx), { id: f.subTaskId });
      if (!sub || (taskId && Number(sub.task_id) !== taskId)) throw notFound('subTask');
      taskId = Number(sub.task_id);
    }
    if (!taskId) throw new AppError('validation', { count: 1 }, { taskId: ['item_task_required'] });
    const access = await taskAccessOf(tdb(ctx), ctx, taskId);
    if (f.subTaskId && !coversSubTask(access, f.subTaskId)) throw notFound('subTask');
    return access;
  }

  /** A line the caller may see, with the access to its task. */
  async function lineOr404(ctx: UserContext, id: number): Promise<{ row: ItemRow; access: TaskAccess }> {
    const row = await repo.byId(tdb(ctx), id);
    if (!row) throw notFound('item');
    const access = await taskAccessOf(tdb(ctx), ctx, Number(row.task_id));
    if (!coversSubTask(access, num(row.sub_task_id))) throw notFound('item');
    return { row, access };
  }

  async function dto(ctx: UserContext, id: number, time: TimeFormatter) {
    const { row, access } = await lineOr404(ctx, id);
    const pictures = await repo.pictures(tdb(ctx), [id]);
    return itemDto(row, access.book, pictures.get(id) ?? [], time);
  }

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const access = await listAccess(ctx, input);
      const page = await repo.page(tdb(ctx), access, input);
      const pictures = await repo.pictures(
        tdb(ctx),
        page.items.filter((r) => Number(r.picture_count) > 0).map((r) => Number(r.id)),
      );
      return {
        ...page,
        items: page.items.map((r) => itemDto(r, access.book, pictures.get(Number(r.id)) ?? [], time)),
      };
    },
    detail: (ctx: UserContext, id: number, time: TimeFormatter) => dto(ctx, id, time),

    /** A hand count: the quantity, or cartons + loose against the box gauge; one event of the change. */
    async count(ctx: UserContext, input: Input<'count'>, time: TimeFormatter) {
      const { row } = await lineOr404(ctx, input.id);
      let quantity = input.countedQty;
      const gauge = num(row.box_gauge);
      if (quantity == null) {
        if ((input.cartons ?? 0) > 0 && !gauge)
          throw new AppError('validation', { count: 1 }, { cartons: ['box_gauge_required'] });
        quantity = roundQty((input.cartons ?? 0) * (gauge ?? 0) + (input.loose ?? 0));
      }
      const q = quantity;
      await kernel
        .tenantDb(ctx)
        .transaction()
        .execute((trx) =>
          setCount(
            trx,
            ctx,
            input.id,
            {
              quantity: q,
              pass: 1,
              kind: 'set',
              version: input.version,
              cartons: input.countedQty == null ? (input.cartons ?? 0) : undefined,
              loose: input.countedQty == null ? (input.loose ?? 0) : undefined,
              abnormalCause: input.abnormalCause,
              remark: input.remark,
            },
            Date.now(),
          ),
        );
      onProgress(ctx.tenantId, Number(row.task_id), num(row.sub_task_id));
      return dto(ctx, input.id, time);
    },

    /** Attaches a jpg/png (checked by content, 10 MB) to a line; at most 20 per line. */
    async uploadPicture(ctx: UserContext, id: number, data: Buffer, filename: string, time: TimeFormatter) {
      const { row, access } = await lineOr404(ctx, id);
      if (access.inventoryStatus === InventoryStatus.cancelled)
        throw new AppError('taskStatusInvalid', { status: enumParam('InventoryStatusEnum', access.inventoryStatus) });
      const type = detectImageType(data);
      if (!type || data.length > MAX_UPLOAD_BYTES) throw new AppError('imageInvalid');
      if (Number(row.picture_count) >= MAX_PICTURES) throw new AppError('picturesTooMany', { max: MAX_PICTURES });
      const pictureId = kernel.ids.next();
      const key = `inventory/${ctx.tenantId}/${Number(row.task_id)}/${id}/${pictureId}.${type}`;
      await kernel.files.put(key, data);
      const name = (filename.replace(/[\\/]/g, '_').trim() || `${pictureId}.${type}`).slice(0, 255);
      try {
        const added = await repo.addPicture(
          tdb(ctx),
          {
            id: pictureId,
            task_id: Number(row.task_id),
            item_id: id,
            file_key: key,
            name,
            size: data.length,
            created_at: Date.now(),
            created_by: ctx.userId,
          },
          MAX_PICTURES,
        );
        if (!added) throw new AppError('picturesTooMany', { max: MAX_PICTURES });
        await fileRegister.record(tdb(ctx), {
          id: kernel.ids.next(),
          key,
          name,
          contentType: imageContentType(type),
          data,
          bizType: 'inventoryLinePicture',
          bizId: id,
          userId: ctx.userId,
        });
      } catch (e) {
        await kernel.files.remove(key).catch(() => undefined);
        throw e;
      }
      return dto(ctx, id, time);
    },

    /** Removes a picture of a line (before submission). */
    async removePicture(ctx: UserContext, id: number, pictureId: number, time: TimeFormatter) {
      const { access } = await lineOr404(ctx, id);
      if (access.inventoryStatus === InventoryStatus.submitted) throw new AppError('taskSubmitted');
      const pic = await repo.picture(tdb(ctx), pictureId);
      if (!pic || Number(pic.item_id) !== id) throw notFound('picture');
      await repo.removePicture(tdb(ctx), id, pictureId);
      await fileRegister.release(tdb(ctx), pic.file_key);
      await kernel.files.remove(pic.file_key).catch(() => undefined);
      return dto(ctx, id, time);
    },

    /** The bytes of a picture the caller may see. */
    async picture(ctx: UserContext, pictureId: number) {
      const pic = await repo.picture(tdb(ctx), pictureId);
      if (!pic) throw notFound('picture');
      await lineOr404(ctx, Number(pic.item_id));
      const file = await kernel.files.open(pic.file_key);
      if (!file) throw notFound('picture');
      return { ...file, type: pic.file_key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
    },

    /** Scan events, reviews and audit decisions of a line, oldest first. */
    async history(ctx: UserContext, id: number, time: TimeFormatter) {
      const { row } = await lineOr404(ctx, id);
      const taskId = Number(row.task_id);
      const events = await repo.events(tdb(ctx), id);
      type Entry = ReturnType<typeof entryOf> & { at: number; seq: number };
      const entryOf = (e: {
        kind: 'scan' | 'set' | 'empty' | 'undo' | 'review' | 'audit' | 'generated';
        pass: number | null;
        userId: number | null;
        userName: string | null;
        quantityDelta: number | null;
        quantityAfter: number | null;
        rawCode: string | null;
        deviceId: string | null;
        offline: boolean;
        note: string | null;
        at: number;
      }) => ({ ...e, time: time(e.at) ?? '' });
      const out: Entry[] = [];
      let seq = 0;
      for (const e of events) {
        const kind = e.kind === 'unit' || e.kind === 'carton' ? 'scan' : e.kind;
        out.push({
          ...entryOf({
            kind,
            pass: Number(e.pass),
            userId: Number(e.user_id),
            userName: e.real_name ?? null,
            quantityDelta: Number(e.quantity),
            quantityAfter: num(e.quantity_after),
            rawCode: e.raw_code ?? e.code,
            deviceId: e.device_id,
            offline: Number(e.offline) === 1,
            note: ledgerNoteText(e.note, ctx.locale),
            at: Number(e.server_at),
          }),
          seq: seq++,
        });
      }
      // review lines recorded without an event of their own
      if (!events.some((e) => e.kind === 'review')) {
        const reviews = await repo.reviews(tdb(ctx), id);
        for (const r of reviews)
          out.push({
            ...entryOf({
              kind: 'review',
              pass: 2,
              userId: num(r.reviewed_by),
              userName: r.real_name ?? null,
              quantityDelta: null,
              quantityAfter: num(r.review_qty),
              rawCode: null,
              deviceId: null,
              offline: false,
              note: r.outcome,
              at: Number(r.reviewed_at),
            }),
            seq: seq++,
          });
      }
      const audits = await repo.audits(tdb(ctx), taskId);
      for (const a of audits) {
        const decision = enumLabel(AuditDecisionEnum, Number(a.decision), ctx.locale) ?? String(a.decision);
        out.push({
          ...entryOf({
            kind: 'audit',
            pass: null,
            userId: Number(a.auditor_id),
            userName: a.real_name ?? null,
            quantityDelta: null,
            quantityAfter: null,
            rawCode: null,
            deviceId: null,
            offline: false,
            note: a.reason ? `${decision}: ${a.reason}` : decision,
            at: Number(a.audited_at),
          }),
          seq: seq++,
        });
      }
      out.sort((a, b) => a.at - b.at || a.seq - b.seq);
      return out.map(({ at: _a, seq: _s, ...e }) => e);
    },

    /** Lines of the filters as .xlsx (this page, the chosen ids, or all); book columns only for who may see them. */
    async export(ctx: UserContext, input: Input<'export'>, time: TimeFormatter): Promise<Readable> {
      const access = await listAccess(ctx, input);
      const { scope, ids, page, pageSize, field: _f, order: _o, ...filters } = input;
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(access.book, ctx.locale));
      const statusLabel = (v: number) => enumLabel(ItemStatusEnum, v, ctx.locale) ?? String(v);
      const resultLabel = (v: number | null) =>
        v === null ? null : (enumLabel(ItemResultEnum, v, ctx.locale) ?? String(v));
      const write = async () => {
        const batches =
          scope === 'page'
            ? (async function* () {
                yield (await repo.page(tdb(ctx), access, { ...input, page, pageSize })).items;
              })()
            : repo.each(tdb(ctx), access, filters as ItemFilters, scope === 'selected' ? (ids ?? []) : undefined);
        for await (const rows of batches) {
          for (const r of rows) {
            const d = itemDto(r, access.book, [], time);
            sheet.add({
              locationCode: d.locationCode,
              areaCode: d.areaCode,
              skuCode: d.skuCode,
              skuName: d.skuName,
              consignorCode: d.consignorCode,
              consignorName: d.consignorName,
              lot: d.lot,
              unit: d.unit,
              boxGauge: d.boxGauge,
              bookQty: d.bookQty,
              countedQty: d.countedQty,
              cartons: d.cartons,
              loose: d.loose,
              diffQty: d.diffQty,
              diffPct: d.diffPct,
              diffValue: d.diffValue,
              result: resultLabel(d.result),
              counterName: d.counterName,
              countTime: d.countTime,
              abnormalCause: d.abnormalCause,
              reviewQty: d.reviewQty,
              reviewerName: d.reviewerName,
              reviewTime: d.reviewTime,
              currentQty: d.currentQty,
              currentDiffQty: d.currentDiffQty,
              currentDiffValue: d.currentDiffValue,
              status: statusLabel(d.status),
              remark: d.remark,
            });
          }
        }
        await sheet.finish();
      };
      write().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;
    },
  };
}
