import { outsideToleranceNow } from '@shelfwise/contract';
import { ItemResult, ItemStatus } from '@shelfwise/contract/enums';

// Pure figures of the audit centre: number formats, the inline bars, and which lines a recount takes by default.

/** A quantity with up to three decimals and group separators; an en dash for none. */
export function formatQty(n: number | null | undefined, locale?: string): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '–';
  return n.toLocaleString(locale, { maximumFractionDigits: 3 });
}

/** A difference with its sign (+5, −3, 0); an en dash for none. */
export function formatSignedQty(n: number | null | undefined, locale?: string): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '–';
  if (n === 0) return '0';
  const abs = Math.abs(n).toLocaleString(locale, { maximumFractionDigits: 3 });
  return n > 0 ? `+${abs}` : `−${abs}`;
}

/** A value of money: two decimals, group separators. */
export function formatMoney(n: number | null | undefined, locale?: string): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '–';
  return n.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * A ratio (0..1) as a percentage with at most one decimal ("98.5%", "100%"); an en dash when there is none
 * (nothing counted). Values just below 100 % never round up to 100 (99.96 % shows as 99.9 %), so a perfect score
 * is only shown for a perfect count.
 */
export function formatPercent(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || Number.isNaN(ratio)) return '–';
  const pct = Math.floor(ratio * 1000 + 1e-9) / 10;
  return `${pct.toLocaleString('en', { maximumFractionDigits: 1 })}%`;
}

/** A difference % as the lines carry it (already 0..100+). */
export function formatPct(pct: number | null | undefined): string {
  if (pct === null || pct === undefined || Number.isNaN(pct)) return '–';
  return `${pct.toLocaleString('en', { maximumFractionDigits: 2 })}%`;
}

/** How good an accuracy is: at least 98 % good, at least 90 % fair, below that poor; none without a figure. */
export function accuracyTone(ratio: number | null | undefined): 'good' | 'fair' | 'poor' | 'none' {
  if (ratio === null || ratio === undefined || Number.isNaN(ratio)) return 'none';
  if (ratio >= 0.98) return 'good';
  if (ratio >= 0.9) return 'fair';
  return 'poor';
}

/** The share of `part` in `whole` (0..1), null when the whole is 0. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/**
 * Widths (0..100, in %) of the inline bars of a list of values, relative to the largest absolute value; a value
 * that is not zero gets at least 2 % so it stays visible.
 */
export function barWidths(values: readonly number[]): number[] {
  const max = Math.max(0, ...values.map((v) => Math.abs(v)));
  if (max === 0) return values.map(() => 0);
  return values.map((v) => (v === 0 ? 0 : Math.max(2, Math.round((Math.abs(v) / max) * 1000) / 10)));
}

/** The tolerance of a task (docs/counting.md#counting). */
export interface Tolerance {
  toleranceQty: number;
  tolerancePct: number;
}

/** What the default recount selection needs of a line. */
export interface RecountCandidate {
  id: number;
  bookQty: number | null;
  countedQty: number | null;
  /** The quantity of a completed review, which replaces the first count. */
  reviewQty?: number | null;
  result: number | null;
  status: number;
}

/**
 * Whether a line falls outside the task's tolerance now, by the rule the server applies (`outsideToleranceNow`):
 * escalated lines always do; otherwise the review quantity, else the counted quantity, is compared with the book,
 * so a difference a review confirmed stays outside and one it corrected into the tolerance does not. A line whose
 * book quantity the caller may not see counts as outside when its result says it differs (unknown: not preselected).
 */
export function outsideTolerance(line: RecountCandidate, tolerance: Tolerance): boolean {
  if (line.bookQty === null) {
    if (line.status === ItemStatus.escalated) return true;
    if ((line.reviewQty ?? line.countedQty) === null) return false;
    return line.result !== null && line.result !== ItemResult.match;
  }
  return outsideToleranceNow({ ...line, bookQty: line.bookQty }, tolerance.toleranceQty, tolerance.tolerancePct);
}

/**
 * The lines a "reject with recount" takes unless the auditor changes the selection (as the server does without a
 * selection): every line outside the tolerance now and every escalated line, but none an open review holds
 * (recountRequested, recounted).
 */
export function defaultRecountSelection(lines: readonly RecountCandidate[], tolerance: Tolerance): number[] {
  return lines
    .filter(
      (l) =>
        l.status !== ItemStatus.recountRequested && l.status !== ItemStatus.recounted && outsideTolerance(l, tolerance),
    )
    .map((l) => l.id);
}
