import { MAX_QUANTITY, quantityPrecisionOk } from '@shelfwise/contract';

// Pure rules of the review drawer: what a review quantity input may hold, and what is still missing.

/** Why a review quantity is refused (a key of the `audit` texts under `review.error`), or null when it is fine. */
export type ReviewQtyProblem = 'required' | 'notNumber' | 'negative' | 'tooLarge' | 'decimals';

/**
 * Checks what the reviewer typed: empty is refused (docs/web-shell.md#validation-on-the-page), as are negative
 * numbers, numbers past the largest quantity and more than three decimals. 0 is a valid count (nothing there).
 */
export function reviewQtyProblem(value: number | string | null | undefined): ReviewQtyProblem | null {
  if (value === null || value === undefined) return 'required';
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === '') return 'required';
  const n = typeof text === 'number' ? text : Number(text);
  if (!Number.isFinite(n)) return 'notNumber';
  if (n < 0) return 'negative';
  if (n > MAX_QUANTITY) return 'tooLarge';
  if (!quantityPrecisionOk(n)) return 'decimals';
  return null;
}

/** The number of a typed review quantity once it passed `reviewQtyProblem`. */
export function parseReviewQty(value: number | string): number {
  return typeof value === 'number' ? value : Number(value.trim());
}

/** A line as far as completion cares. */
export interface ReviewLineState {
  itemId: number;
  reviewQty: number | null;
}

/** The lines that still have no saved review quantity (completion is refused while any is left). */
export function missingReviewLines(lines: readonly ReviewLineState[]): number[] {
  return lines.filter((l) => l.reviewQty === null).map((l) => l.itemId);
}

/** Reviewed / total as a whole percentage for the progress bar (0 for an empty task). */
export function reviewProgress(reviewed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((reviewed / total) * 100));
}

/**
 * Whether a saved line needs saving again: the typed quantity or the cause differ from what the server holds.
 * An empty cause equals none.
 */
export function lineChanged(
  saved: { reviewQty: number | null; abnormalCause: string | null },
  draft: { reviewQty: number | null; abnormalCause: string | null },
): boolean {
  return saved.reviewQty !== draft.reviewQty || (saved.abnormalCause || null) !== (draft.abnormalCause || null);
}
