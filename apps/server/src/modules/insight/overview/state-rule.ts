import { LocationCountState, LocationStatus, OverviewState } from '@shelfwise/contract';

// The colour of a storage location on the overview (`OverviewState`), from its checklist entry in the task
// (`inv_task_location`: count state and the line counters the ledger keeps), whether a line of it is in an open
// review task, and the location's own status (`wh_location.status`).
//
// A location in the task's checklist takes the first that holds, in this order of priority:
//   1. inReview   a line of it is in an open review (recount) task of the task;
//   2. difference a line of it was counted with a difference from the book (`diff_line_count > 0`, first count);
//   3. empty      it was confirmed empty, or confirmed holding no line at all;
//   4. match      it was confirmed, or every line of it is counted (and none differs);
//   5. locked     not counted yet and the location is disabled (the task's own count lock, `lockedByCount`, is
//                 not a reason: every checklist location carries it while the task counts);
//   6. notCounted anything else (not started, or partly counted without a difference so far).
// A location outside the checklist is `locked` when it is disabled or locked by another count, else 0 (outside
// the task). Without a task every location is outside.

/** The counters of a checklist entry the rule reads. */
export interface ChecklistEntry {
  state: number;
  lineCount: number;
  countedLineCount: number;
  diffLineCount: number;
}

/**
 * The state of a checklist location from its entry and reviews alone: `notCounted`, `match`, `difference`,
 * `inReview` or `empty`. `withStatus` turns it into the final state once the location's status is known.
 */
export function checklistState(e: ChecklistEntry, inReview: boolean): number {
  if (inReview) return OverviewState.inReview;
  if (e.diffLineCount > 0) return OverviewState.difference;
  if (e.state === LocationCountState.confirmedEmpty) return OverviewState.empty;
  if (e.state === LocationCountState.confirmed) return e.lineCount === 0 ? OverviewState.empty : OverviewState.match;
  if (e.lineCount > 0 && e.countedLineCount >= e.lineCount) return OverviewState.match;
  return OverviewState.notCounted;
}

/**
 * The final state: `checklist` is `checklistState` for a location in the task, 0 for one outside it; `status` is
 * the location's `LocationStatus`.
 */
export function withStatus(checklist: number, status: number): number {
  if (checklist === 0) return status === LocationStatus.enabled ? 0 : OverviewState.locked;
  if (checklist === OverviewState.notCounted && status === LocationStatus.disabled) return OverviewState.locked;
  return checklist;
}
