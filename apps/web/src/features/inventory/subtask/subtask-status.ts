import { InventoryStatus, SubTaskStatus } from '@shelfwise/contract/enums';
import type { SubTaskRow } from './subtask.api';

/** What may be done to a sub-task in its status and its task's (docs/counting.md#state-machines). */
export function subTaskActionsFor(row: Pick<SubTaskRow, 'status' | 'taskInventoryStatus'>) {
  const open =
    row.taskInventoryStatus !== InventoryStatus.submitted && row.taskInventoryStatus !== InventoryStatus.cancelled;
  return {
    edit: open && row.status !== SubTaskStatus.completed,
    assign: open && row.status !== SubTaskStatus.completed,
    complete: open && row.status === SubTaskStatus.inProgress,
    reopen: open && row.status === SubTaskStatus.completed,
    delete: open && row.status === SubTaskStatus.pending,
    folderUpload: open,
  };
}

/** Whether a checklist entry can still be confirmed or taken back: the sub-task is open and the task not submitted. */
export function lccEditable(sub: Pick<SubTaskRow, 'status' | 'taskInventoryStatus'>): boolean {
  return (
    sub.status !== SubTaskStatus.completed &&
    sub.taskInventoryStatus !== InventoryStatus.submitted &&
    sub.taskInventoryStatus !== InventoryStatus.cancelled
  );
}
