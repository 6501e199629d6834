import type { Readable } from 'node:stream';
import {
  AuditStatus,
  AuditStatusEnum,
  CountMode,
  CountModeEnum,
  enumLabel,
  type InputOf,
  InventoryStatus,
  InventoryStatusEnum,
  InventoryTaskTypeEnum,
  type inventoryCheckTask,
  type Locale,
  Status,
} from '@shelfwise/contract';
import type { Insertable, Updateable } from 'kysely';
import { ScopeKind } from '../../../kernel/db/schema-inventory';
import { audited, type TenantDatabase, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { fileRegister } from '../../../kernel/files/file-register';
import { sheetText } from '../../../kernel/files/master-files';
import { type SheetColumn, xlsxWriter } from '../../../kernel/files/xlsx';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { formatTime } from '../../../kernel/i18n/time';
import { enumParam } from '../../../kernel/i18n/translate';
import { timeRange } from '../time-range';
import { taskRepo as repo, type TaskFilters, type TaskRow } from './task.repo';

type Input<K extends keyof typeof inventoryCheckTask> = InputOf<(typeof inventoryCheckTask)[K]>;
type TaskTable = TenantDatabase['inv_task'];
type Scope = { areas: number[]; locations: number[]; consignors: number[] };

/** Newest tasks `list` answers. */
const LIST_LIMIT = 200;

/** Whether the caller may see book quantities (and so differences) of a blind count. */
export const canSeeBook = (ctx: UserContext) => ctx.isSuperAdmin || ctx.permissions.has('inventoryCheckItem:book');

/** The difference counter as the caller may see it: hidden for a blind count without the book permission. */
export const visibleDiff = (ctx: UserContext, countMode: number, diff: number) =>
  countMode === CountMode.blind && !canSeeBook(ctx) ? null : Number(diff);

/** Refuses a change of a task in a status that does not allow it. */
export function statusInvalid(status: number): AppError {
  return new AppError('taskStatusInvalid', { status: enumParam('InventoryStatusEnum', Number(status)) });
}

/** The 3D overview link focused on a task (docs/menus.md: /overview/3d). */
export const default3dLink = (warehouseId: number, taskId: number) =>
  `/overview/3d?warehouseId=${warehouseId}&taskId=${taskId}`;

export const progressDto = (
  ctx: UserContext,
  countMode: number,
  r: {
    location_count: number;
    confirmed_location_count: number;
    line_count: number;
    counted_line_count: number;
    diff_line_count: number;
  },
) => ({
  locationCount: Number(r.location_count),
  confirmedLocationCount: Number(r.confirmed_location_count),
  lineCount: Number(r.line_count),
  countedLineCount: Number(r.counted_line_count),
  diffLineCount: visibleDiff(ctx, Number(countMode), r.diff_line_count),
});

function taskDto(ctx: UserContext, row: TaskRow, scope: Scope | undefined, time: TimeFormatter) {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    warehouseId: Number(row.warehouse_id),
    warehouseCode: row.warehouse_code,
    warehouseName: row.warehouse_name,
    type: Number(row.type),
    countMode: Number(row.count_mode),
    snapshotId: Number(row.snapshot_id),
    snapshotTitle: row.snapshot_title,
    snapshotTime: time(num(row.snapshot_taken_at)),
    startDate: row.start_date,
    endDate: row.end_date,
    toleranceQty: Number(row.tolerance_qty),
    tolerancePct: Number(row.tolerance_pct),
    requiredPasses: Number(row.required_passes),
    uncountedRule: Number(row.uncounted_rule),
    link3d: row.link_3d,
    scopeAreaIds: scope?.areas ?? [],
    scopeLocationIds: scope?.locations ?? [],
    scopeConsignorIds: scope?.consignors ?? [],
    inventoryStatus: Number(row.inventory_status),
    auditStatus: Number(row.audit_status),
    submitTime: time(num(row.submitted_at)),
    submitUserId: num(row.submitted_by),
    submitUserName: row.submit_user_name,
    auditTime: time(num(row.audited_at)),
    auditUserId: num(row.audited_by),
    auditUserName: row.audit_user_name,
    subTaskCount: Number(row.sub_task_count),
    ...progressDto(ctx, row.count_mode, row),
    remark: row.remark,
    version: Number(row.version),
    ...auditDto(row, time),
  };
}

const text = sheetText({
  sheet: { en: 'Count tasks', 'zh-cn': '盘点任务', 'zh-tw': '盤點任務' },
  code: { en: 'Task code', 'zh-cn': '任务编码', 'zh-tw': '任務編碼' },
  name: { en: 'Task name', 'zh-cn': '任务名称', 'zh-tw': '任務名稱' },
  warehouse: { en: 'Warehouse', 'zh-cn': '仓库', 'zh-tw': '倉庫' },
  type: { en: 'Type', 'zh-cn': '类型', 'zh-tw': '類型' },
  countMode: { en: 'Count mode', 'zh-cn': '盘点方式', 'zh-tw': '盤點方式' },
  snapshot: { en: 'Stock snapshot', 'zh-cn': '库存快照', 'zh-tw': '庫存快照' },
  startDate: { en: 'Start date', 'zh-cn': '开始日期', 'zh-tw': '開始日期' },
  endDate: { en: 'End date', 'zh-cn': '结束日期', 'zh-tw': '結束日期' },
  inventoryStatus: { en: 'Inventory status', 'zh-cn': '盘点状态', 'zh-tw': '盤點狀態' },
  auditStatus: { en: 'Audit status', 'zh-cn': '审核状态', 'zh-tw': '審核狀態' },
  locationCount: { en: 'Locations', 'zh-cn': '库位数', 'zh-tw': '儲位數' },
  lineCount: { en: 'Lines', 'zh-cn': '明细数', 'zh-tw': '明細數' },
  countedLineCount: { en: 'Counted lines', 'zh-cn': '已盘明细', 'zh-tw': '已盤明細' },
  diffLineCount: { en: 'Lines with difference', 'zh-cn': '差异明细', 'zh-tw': '差異明細' },
  submitTime: { en: 'Submitted', 'zh-cn': '提交时间', 'zh-tw': '提交時間' },
  submitUser: { en: 'Submitted by', 'zh-cn': '提交人', 'zh-tw': '提交人' },
});
const EXPORT_KEYS = [
  'code',
  'name',
  'warehouse',
  'type',
  'countMode',
  'snapshot',
  'startDate',
  'endDate',
  'inventoryStatus',
  'auditStatus',
  'locationCount',
  'lineCount',
  'countedLineCount',
  'diffLineCount',
  'submitTime',
  'submitUser',
  'createTime',
  'remark',
] as const;
const columnsOf = (locale: Locale): SheetColumn<(typeof EXPORT_KEYS)[number]>[] =>
  EXPORT_KEYS.map((key) => ({ key, header: text(key, locale), width: key === 'name' ? 28 : 18 }));

/** The task fields that may change after draft. */
const LATE_FIELDS = ['name', 'startDate', 'endDate', 'link3d', 'remark'] as const;

/** Count tasks: CRUD, views and export (the status changes are in task-flow.ts). */
export function createTaskService(kernel: Kernel) {
  const tdb = kernel.tenantDb;

  async function taskOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), ctx, id);
    if (!row) throw notFound();
    return row;
  }
  const dtos = async (ctx: UserContext, rows: TaskRow[], time: TimeFormatter) => {
    const scopes = await repo.scopes(
      tdb(ctx),
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r) => taskDto(ctx, r, scopes.get(Number(r.id)), time));
  };

  /** Checks warehouse, snapshot and scope of a draft; answers the scope rows to write. */
  async function checkDefinition(ctx: UserContext, input: Input<'add'>) {
    const warehouse = await repo.warehouse(tdb(ctx), ctx, input.warehouseId);
    if (!warehouse) throw notFound('warehouse');
    if (Number(warehouse.status) !== Status.enabled)
      throw new AppError('validation', { count: 1 }, { warehouseId: ['warehouse_disabled'] });
    const snapshot = await repo.snapshot(tdb(ctx), input.snapshotId);
    if (!snapshot) throw notFound('snapshot');
    if (Number(snapshot.warehouse_id) !== input.warehouseId) throw new AppError('snapshotWarehouseMismatch');
    const fields: Record<string, string[]> = {};
    if (
      (await repo.countOwned(tdb(ctx), 'wh_area', input.scopeAreaIds, input.warehouseId)) !== input.scopeAreaIds.length
    )
      fields.scopeAreaIds = ['scope_outside_warehouse'];
    if (
      (await repo.countOwned(tdb(ctx), 'wh_location', input.scopeLocationIds, input.warehouseId)) !==
      input.scopeLocationIds.length
    )
      fields.scopeLocationIds = ['scope_outside_warehouse'];
    if ((await repo.countOwned(tdb(ctx), 'wh_consignor', input.scopeConsignorIds)) !== input.scopeConsignorIds.length)
      fields.scopeConsignorIds = ['scope_unknown_consignor'];
    if (Object.keys(fields).length) throw new AppError('validation', { count: Object.keys(fields).length }, fields);
    if (input.startDate && input.endDate && input.endDate < input.startDate) {
      throw new AppError('validation', { count: 1 }, { endDate: ['end_before_start'] });
    }
    return [
      ...input.scopeAreaIds.map((ref_id) => ({ kind: ScopeKind.area, ref_id, id: kernel.ids.next() })),
      ...input.scopeLocationIds.map((ref_id) => ({ kind: ScopeKind.location, ref_id, id: kernel.ids.next() })),
      ...input.scopeConsignorIds.map((ref_id) => ({ kind: ScopeKind.consignor, ref_id, id: kernel.ids.next() })),
    ];
  }

  /** `IC` + the tenant's date + a 3-digit sequence of that day. */
  async function nextCode(ctx: UserContext) {
    const day = (formatTime(Date.now(), ctx.timeZone) ?? '').slice(0, 10).replace(/-/g, '');
    const prefix = `IC${day}`;
    let max = 0;
    for (const { code } of await repo.codesLike(tdb(ctx), prefix)) {
      const tail = code.slice(prefix.length);
      if (/^\d+$/.test(tail)) max = Math.max(max, Number(tail));
    }
    return `${prefix}${String(max + 1).padStart(3, '0')}`;
  }

  const columns = (input: Input<'add'>) => ({
    name: input.name,
    warehouse_id: input.warehouseId,
    type: input.type,
    count_mode: input.countMode,
    snapshot_id: input.snapshotId,
    start_date: input.startDate,
    end_date: input.endDate,
    tolerance_qty: input.toleranceQty,
    tolerance_pct: input.tolerancePct,
    required_passes: input.requiredPasses,
    uncounted_rule: input.uncountedRule,
    remark: input.remark ?? null,
  });

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), ctx, input, timeRange(input.startTime, input.endTime, ctx.timeZone));
      return { ...page, items: await dtos(ctx, page.items, time) };
    },
    list: async (ctx: UserContext, input: Input<'list'>, time: TimeFormatter) =>
      dtos(ctx, await repo.list(tdb(ctx), ctx, input, LIST_LIMIT), time),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      (await dtos(ctx, [await taskOr404(ctx, id)], time))[0],
    async progress(ctx: UserContext, id: number) {
      const row = await taskOr404(ctx, id);
      const subs = await repo.subTasks(tdb(ctx), id);
      return {
        taskId: Number(row.id),
        inventoryStatus: Number(row.inventory_status),
        auditStatus: Number(row.audit_status),
        ...progressDto(ctx, row.count_mode, row),
        subTasks: subs.map((s) => ({
          id: Number(s.id),
          code: s.code,
          name: s.name,
          status: Number(s.status),
          ...progressDto(ctx, row.count_mode, s),
        })),
      };
    },

    async add(ctx: UserContext, input: Input<'add'>): Promise<number> {
      const scopeRows = await checkDefinition(ctx, input);
      const code = input.code ?? (await nextCode(ctx));
      if (await repo.codeTaken(tdb(ctx), code)) throw new AppError('duplicateCode', { value: code });
      const id = kernel.ids.next();
      const row: Insertable<TaskTable> = audited(
        ctx,
        id,
        {
          ...columns(input),
          code,
          link_3d: input.link3d ?? default3dLink(input.warehouseId, id),
          inventory_status: InventoryStatus.draft,
          audit_status: AuditStatus.notSubmitted,
          submitted_at: null,
          submitted_by: null,
          audited_at: null,
          audited_by: null,
          version: 0,
        },
        Date.now(),
      );
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          await repo.insert(trx, row);
          await repo.replaceScope(trx, id, scopeRows);
        });
      return id;
    },

    async update(ctx: UserContext, input: Input<'update'>): Promise<void> {
      const before = await repo.row(tdb(ctx), ctx, input.id);
      if (!before) throw notFound();
      if (Number(before.version) !== input.version) throw new AppError('staleVersion');
      const status = Number(before.inventory_status);
      const now = Date.now();
      let set: Updateable<TaskTable>;
      let scopeRows: Awaited<ReturnType<typeof checkDefinition>> | undefined;
      if (status === InventoryStatus.draft) {
        scopeRows = await checkDefinition(ctx, input);
        const code = input.code ?? before.code;
        if (code !== before.code && (await repo.codeTaken(tdb(ctx), code, input.id)))
          throw new AppError('duplicateCode', { value: code });
        set = {
          ...columns(input),
          code,
          link_3d: input.link3d ?? default3dLink(input.warehouseId, input.id),
        };
      } else {
        const scope = (await repo.scopes(tdb(ctx), [input.id])).get(input.id) as Scope;
        const same = (a: number[], b: number[]) =>
          a.length === b.length && [...a].sort().join() === [...b].sort().join();
        const fixed =
          (input.code === undefined || input.code === before.code) &&
          input.warehouseId === Number(before.warehouse_id) &&
          input.type === Number(before.type) &&
          input.countMode === Number(before.count_mode) &&
          input.snapshotId === Number(before.snapshot_id) &&
          input.toleranceQty === Number(before.tolerance_qty) &&
          input.tolerancePct === Number(before.tolerance_pct) &&
          input.requiredPasses === Number(before.required_passes) &&
          input.uncountedRule === Number(before.uncounted_rule) &&
          same(input.scopeAreaIds, scope.areas) &&
          same(input.scopeLocationIds, scope.locations) &&
          same(input.scopeConsignorIds, scope.consignors);
        if (!fixed) throw statusInvalid(status);
        if (input.startDate && input.endDate && input.endDate < input.startDate) {
          throw new AppError('validation', { count: 1 }, { endDate: ['end_before_start'] });
        }
        set = {
          name: input.name,
          start_date: input.startDate,
          end_date: input.endDate,
          link_3d: input.link3d ?? before.link_3d,
          remark: input.remark ?? null,
        };
      }
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          if (!(await repo.update(trx, input.id, input.version, { ...set, ...updatedBy(ctx, now) })))
            throw new AppError('staleVersion');
          if (scopeRows) await repo.replaceScope(trx, input.id, scopeRows);
        });
      kernel.logs.diff(ctx, { table: 'inv_task', id: input.id, op: 'update', before, after: { ...before, ...set } });
    },

    async delete(ctx: UserContext, id: number): Promise<void> {
      const before = await repo.row(tdb(ctx), ctx, id);
      if (!before) throw notFound();
      const status = Number(before.inventory_status);
      const deletable =
        status === InventoryStatus.draft ||
        status === InventoryStatus.cancelled ||
        (status === InventoryStatus.ready && !(await repo.hasScans(tdb(ctx), id)));
      if (!deletable) throw statusInvalid(status);
      const keys = await repo.pictureKeys(tdb(ctx), id);
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          // re-read inside the transaction: a scan may have arrived since
          const row = await repo.row(trx, ctx, id);
          if (!row || Number(row.version) !== Number(before.version)) throw new AppError('staleVersion');
          if (status === InventoryStatus.ready && (await repo.hasScans(trx, id))) throw statusInvalid(status);
          await repo.removeAll(trx, id);
          // the pictures' register rows go with them (platform/file)
          for (const key of keys) await fileRegister.release(trx, key);
        });
      for (const key of keys) await kernel.files.remove(key).catch(() => undefined);
      kernel.logs.diff(ctx, { table: 'inv_task', id, op: 'delete', before });
    },

    /** Streams the tasks of the filters (this page, or the chosen ids) as .xlsx. */
    async export(ctx: UserContext, input: Input<'export'>, time: TimeFormatter): Promise<Readable> {
      const { scope, ids, page, pageSize, field: _f, order: _o, ...filters } = input;
      const range = timeRange(filters.startTime, filters.endTime, ctx.timeZone);
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(ctx.locale));
      const label = (def: Parameters<typeof enumLabel>[0], v: number) => enumLabel(def, v, ctx.locale) ?? String(v);
      const write = async () => {
        const batches =
          scope === 'page'
            ? pageBatch()
            : repo.each(tdb(ctx), ctx, filters as TaskFilters, range, scope === 'selected' ? (ids ?? []) : undefined);
        for await (const rows of batches) {
          for (const r of rows) {
            const diff = visibleDiff(ctx, Number(r.count_mode), r.diff_line_count);
            sheet.add({
              code: r.code,
              name: r.name,
              warehouse: r.warehouse_code,
              type: label(InventoryTaskTypeEnum, Number(r.type)),
              countMode: label(CountModeEnum, Number(r.count_mode)),
              snapshot: r.snapshot_title,
              startDate: r.start_date,
              endDate: r.end_date,
              inventoryStatus: label(InventoryStatusEnum, Number(r.inventory_status)),
              auditStatus: label(AuditStatusEnum, Number(r.audit_status)),
              locationCount: Number(r.location_count),
              lineCount: Number(r.line_count),
              countedLineCount: Number(r.counted_line_count),
              diffLineCount: diff,
              submitTime: time(r.submitted_at === null ? null : Number(r.submitted_at)),
              submitUser: r.submit_user_name,
              createTime: time(Number(r.created_at)),
              remark: r.remark,
            });
          }
        }
        await sheet.finish();
      };
      write().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;

      async function* pageBatch() {
        yield (await repo.page(tdb(ctx), ctx, { ...input, page, pageSize }, range)).items;
      }
    },
    /** Fields a non-draft update may change (for documentation and tests). */
    lateFields: LATE_FIELDS,
  };
}
