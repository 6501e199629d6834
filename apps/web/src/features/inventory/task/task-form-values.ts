import dayjs, { type Dayjs } from 'dayjs';
import type { TaskInput, TaskRow } from './task.api';

const DATE = 'YYYY-MM-DD';

/** The values of the task dialog (dates as Dayjs, the rest as the API takes them). */
export type TaskFormValues = Omit<TaskInput, 'startDate' | 'endDate'> & {
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
};

/** The 3D link the dialog proposes for a warehouse (the server adds the task once it has an id). */
export function proposed3dLink(warehouseId: number | undefined): string {
  return warehouseId ? `/overview/3d?warehouseId=${warehouseId}` : '';
}

/** The dialog's starting values: the row being edited, or the defaults of a new task (blind, one pass, block). */
export function taskFormDefaults(row: TaskRow | undefined, warehouseId?: number): Partial<TaskFormValues> {
  if (!row) {
    return {
      warehouseId,
      type: 1,
      countMode: 1,
      requiredPasses: 1,
      uncountedRule: 1,
      toleranceQty: 0,
      tolerancePct: 0,
      scopeAreaIds: [],
      scopeLocationIds: [],
      scopeConsignorIds: [],
      link3d: proposed3dLink(warehouseId),
      startDate: dayjs().startOf('day'),
    };
  }
  return {
    code: row.code,
    name: row.name,
    warehouseId: row.warehouseId,
    type: row.type as TaskInput['type'],
    countMode: row.countMode as TaskInput['countMode'],
    snapshotId: row.snapshotId,
    startDate: row.startDate ? dayjs(row.startDate) : null,
    endDate: row.endDate ? dayjs(row.endDate) : null,
    toleranceQty: row.toleranceQty,
    tolerancePct: row.tolerancePct,
    requiredPasses: row.requiredPasses as TaskInput['requiredPasses'],
    uncountedRule: row.uncountedRule as TaskInput['uncountedRule'],
    link3d: row.link3d ?? proposed3dLink(row.warehouseId),
    scopeAreaIds: row.scopeAreaIds,
    scopeLocationIds: row.scopeLocationIds,
    scopeConsignorIds: row.scopeConsignorIds,
    remark: row.remark,
  };
}

/**
 * The dialog's values as the add / update body: dates as `YYYY-MM-DD`, empty code left to the server, and the
 * proposed 3D link of a new task left out so the server's default (focused on the new task) applies.
 */
export function taskFormToInput(values: TaskFormValues, row: TaskRow | undefined): TaskInput {
  const { startDate, endDate, ...rest } = values;
  const link = typeof rest.link3d === 'string' ? rest.link3d.trim() : rest.link3d;
  const input: TaskInput = {
    ...rest,
    code: rest.code || undefined,
    startDate: startDate ? startDate.format(DATE) : null,
    endDate: endDate ? endDate.format(DATE) : null,
    toleranceQty: rest.toleranceQty ?? 0,
    tolerancePct: rest.tolerancePct ?? 0,
    scopeAreaIds: rest.scopeAreaIds ?? [],
    scopeLocationIds: rest.scopeLocationIds ?? [],
    scopeConsignorIds: rest.scopeConsignorIds ?? [],
    link3d: !row && link === proposed3dLink(rest.warehouseId as number | undefined) ? undefined : link || undefined,
  };
  if (row) {
    input.id = row.id;
    input.version = row.version;
  }
  return input;
}
