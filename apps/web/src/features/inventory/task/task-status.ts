import { InventoryStatus } from '@shelfwise/contract/enums';

/** What may be done to a task in its inventory status (docs/counting.md#state-machines). */
export function taskActionsFor(status: number) {
  const s = InventoryStatus;
  return {
    edit: status !== s.submitted && status !== s.cancelled,
    generate: status === s.draft || status === s.ready,
    start: status === s.ready,
    submit: status === s.counted,
    cancel: status === s.draft || status === s.ready || status === s.counting,
    delete: status === s.draft || status === s.ready || status === s.cancelled,
    subTasks: status !== s.draft && status !== s.cancelled,
    items: status !== s.draft,
  };
}
