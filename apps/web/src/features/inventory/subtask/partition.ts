import type { SubTaskAddInput, SubTaskRow, SubTaskUpdateInput } from './subtask.api';

/** How the dialog chooses a sub-task's locations. */
export type PartitionKind = 'area' | 'aisle' | 'locations';

/** The values of the sub-task dialog. */
export interface SubTaskFormValues {
  name?: string | null;
  /** While editing: whether the locations are chosen again (only a pending sub-task). */
  repartition?: boolean;
  kind?: PartitionKind;
  areaIds?: number[];
  areaId?: number;
  aisleFrom?: string | null;
  aisleTo?: string | null;
  /** Location codes pasted one per line (commas, tabs and semicolons separate too). */
  locationText?: string | null;
  counterIds?: number[];
  remark?: string | null;
}

/** The most codes one sub-task takes. */
export const MAX_CODES = 50_000;

/** Location codes of a pasted text: one per line (or separated by commas, semicolons, tabs), trimmed, unique. */
export function parseLocationCodes(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const part of text.split(/[\r\n,;\t]+/)) {
    const code = part.trim();
    if (code) seen.add(code);
  }
  return [...seen];
}

/** The partition of the request, from the dialog's values (null while the chosen kind lacks what it needs). */
export function toPartition(v: SubTaskFormValues): SubTaskAddInput['partition'] | null {
  switch (v.kind) {
    case 'area':
      return v.areaIds?.length ? { kind: 'area', areaIds: v.areaIds } : null;
    case 'aisle': {
      const from = v.aisleFrom?.trim();
      const to = v.aisleTo?.trim();
      return v.areaId && from && to ? { kind: 'aisle', areaId: v.areaId, aisleFrom: from, aisleTo: to } : null;
    }
    case 'locations': {
      const codes = parseLocationCodes(v.locationText);
      return codes.length ? { kind: 'locations', locationIds: [], locationCodes: codes } : null;
    }
    default:
      return null;
  }
}

/**
 * The dialog's values as the add body (a task and a partition), or, when editing, the update body (the partition only
 * when it is chosen again). Texts are trimmed; an empty remark is none.
 */
export function subTaskFormToInput(
  v: SubTaskFormValues,
  taskId: number | undefined,
  row?: SubTaskRow,
): SubTaskAddInput | SubTaskUpdateInput {
  const common = {
    name: v.name?.trim() ?? '',
    counterIds: [...new Set(v.counterIds ?? [])],
    remark: v.remark?.trim() || null,
  };
  if (row) {
    const partition = v.repartition ? toPartition(v) : null;
    return { id: row.id, version: row.version, ...common, ...(partition ? { partition } : {}) };
  }
  return { taskId: taskId as number, ...common, partition: toPartition(v) as SubTaskAddInput['partition'] };
}

/** The dialog's starting values: the row being edited, or a new sub-task by area. */
export function subTaskFormDefaults(row?: SubTaskRow): SubTaskFormValues {
  if (!row) return { kind: 'area', areaIds: [], counterIds: [], repartition: true };
  return {
    name: row.name,
    counterIds: row.counterIds,
    remark: row.remark,
    kind: row.partitionKind,
    repartition: false,
  };
}
