// The count ledger (docs/counting.md#counting): every scan or entry is an append-only event in `inv_scan_event`; a
// line's counted quantity of a pass is the sum of its events' deltas. Each function runs inside the caller's
// transaction, begun on the tenant database (`kernel.tenantDb(ctx)`, or `scopeToTenant` of a wider one), and keeps
// the progress counters of the checklist location, sub-task and task in step (incrementally; bulk operations call
// `recomputeProgress`). The parts: `ledger-context.ts` (the task, location and SKU a count
// goes to), `ledger-core.ts` (lines, events, progress counters: what every path shares), `ledger-scan.ts` (a
// device's scans, undos, empty and confirmed locations) and `ledger-entry.ts` (counts set by hand, uncounted lines
// as zero, progress recomputed).

export { isAssigned } from './ledger-context';
export {
  LedgerNote,
  ledgerNoteText,
  rejectedOutcome,
  type ScanInput,
  type ScanOutcome,
  type SetCountInput,
  useLedgerIds,
} from './ledger-core';
export { countUncountedAsZero, recomputeProgress, setCount } from './ledger-entry';
export { applyScan, confirmLocation, countLocationEmpty } from './ledger-scan';
