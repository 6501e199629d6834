import { AuditStatus, AuditStatusEnum, InventoryStatus, InventoryStatusEnum } from '@shelfwise/contract/enums';
import { useCallback } from 'react';
import { EnumTag, useEnumLabel } from '../system';

/** A task's statuses as the overview needs them. */
export interface TaskStatuses {
  inventoryStatus: number;
  auditStatus: number;
}

/**
 * Where a task stands: its count status until it is submitted, then its audit status (pending audit, recount in
 * progress, approved, rejected), so an approved task never reads "Submitted".
 */
export const audited = (t: TaskStatuses) =>
  t.inventoryStatus === InventoryStatus.submitted && t.auditStatus !== AuditStatus.notSubmitted;

/** The tag of where a task stands. */
export function TaskStatusTag({ task }: { task: TaskStatuses }) {
  return audited(task) ? (
    <EnumTag def={AuditStatusEnum} value={task.auditStatus} />
  ) : (
    <EnumTag def={InventoryStatusEnum} value={task.inventoryStatus} />
  );
}

/** The label of where a task stands (for option lists). */
export function useTaskStatusLabel() {
  const inventory = useEnumLabel(InventoryStatusEnum);
  const audit = useEnumLabel(AuditStatusEnum);
  return useCallback(
    (task: TaskStatuses) => (audited(task) ? audit(task.auditStatus) : inventory(task.inventoryStatus)),
    [inventory, audit],
  );
}
