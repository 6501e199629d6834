import { InventoryStatus } from '@shelfwise/contract/enums';

/** The progress counters a task or sub-task carries. */
export interface ProgressCounters {
  locationCount: number;
  confirmedLocationCount: number;
  lineCount: number;
  countedLineCount: number;
  diffLineCount: number | null;
}

/** A share as a whole percentage for a progress bar: floored (100 only when all are done), 0 when there is nothing. */
export function percent(done: number, total: number): number {
  if (total <= 0 || done <= 0) return 0;
  if (done >= total) return 100;
  return Math.min(99, Math.floor((done / total) * 100));
}

/** The figures a progress cell shows: lines counted, locations confirmed, lines with a difference (when known). */
export function progressOf(p: ProgressCounters) {
  return {
    linePct: percent(p.countedLineCount, p.lineCount),
    locationPct: percent(p.confirmedLocationCount, p.locationCount),
    lines: `${p.countedLineCount.toLocaleString()} / ${p.lineCount.toLocaleString()}`,
    locations: `${p.confirmedLocationCount.toLocaleString()} / ${p.locationCount.toLocaleString()}`,
    diffPct: p.diffLineCount === null ? null : percent(p.diffLineCount, p.countedLineCount),
    complete: p.lineCount > 0 && p.countedLineCount >= p.lineCount && p.confirmedLocationCount >= p.locationCount,
  };
}

/** The antd Progress status of a task: active while counting, success once counted or later, normal otherwise. */
export function progressStatus(inventoryStatus: number): 'active' | 'success' | 'normal' | 'exception' {
  if (inventoryStatus === InventoryStatus.counting) return 'active';
  if (inventoryStatus === InventoryStatus.counted || inventoryStatus === InventoryStatus.submitted) return 'success';
  if (inventoryStatus === InventoryStatus.cancelled) return 'exception';
  return 'normal';
}

/** Whether a task's figures still move (so its page keeps them fresh): ready or counting. */
export function isLive(inventoryStatus: number): boolean {
  return inventoryStatus === InventoryStatus.ready || inventoryStatus === InventoryStatus.counting;
}

/** A quantity with at most three decimals, grouped in the user's locale; '—' for none (blind or not counted). */
export function formatQty(v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  return v.toLocaleString(undefined, { maximumFractionDigits: 3 });
}

/** A signed difference (`+3`, `-1.5`, `0`); '—' for none. */
export function formatDiff(v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  const s = formatQty(Math.abs(v));
  return v > 0 ? `+${s}` : v < 0 ? `-${s}` : '0';
}
