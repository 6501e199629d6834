import { ItemResult, ItemStatus } from '../enums';

// The measures of docs/counting.md#measures, shared by the server (counters, audit, reports) and the web (drawers).

/** Rounds a quantity to the three decimals quantities carry (sums of doubles drift: 0.1 + 0.2). */
export function roundQty(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** difference = counted - book (null while not counted). */
export function difference(book: number, counted: number | null): number | null {
  return counted === null ? null : roundQty(counted - book);
}

/** difference % = |difference| / book x 100; 100 when the book is 0 and something was counted; 0 when both are 0. */
export function differencePct(book: number, counted: number | null): number | null {
  if (counted === null) return null;
  const diff = Math.abs(counted - book);
  if (book === 0) return diff === 0 ? 0 : 100;
  return Math.round((diff / book) * 10_000) / 100;
}

/**
 * The result of a counted line: match, over, short; unexpected when found but not in the book (book 0, nothing
 * there on the snapshot); missing when the book has stock and nothing was found. Null while not counted.
 * `inBook`: the line came from the snapshot (false for lines created by scanning an unexpected SKU).
 */
export function lineResult(book: number, counted: number | null, inBook = true): number | null {
  if (counted === null) return null;
  const diff = roundQty(counted - book);
  if (diff === 0) return ItemResult.match;
  if (!inBook || book === 0) return ItemResult.unexpected;
  if (counted === 0) return ItemResult.missing;
  return diff > 0 ? ItemResult.over : ItemResult.short;
}

/**
 * Whether a counted line is within the task's tolerance: |difference| <= toleranceQty, or its difference % <=
 * tolerancePct (a tolerance of 0 accepts only an exact match). Uncounted lines are not within tolerance.
 */
export function withinTolerance(book: number, counted: number | null, toleranceQty: number, tolerancePct: number) {
  if (counted === null) return false;
  const diff = Math.abs(roundQty(counted - book));
  if (diff === 0) return true;
  if (toleranceQty > 0 && diff <= toleranceQty) return true;
  const pct = differencePct(book, counted) ?? 100;
  return tolerancePct > 0 && pct <= tolerancePct;
}

/**
 * Whether a line is outside the task's tolerance as it stands now: escalated lines always are; otherwise its latest
 * figure (the review quantity, else the counted quantity) is compared with the book. A line a review settled is
 * judged by that review (a confirmed difference stays outside). Uncounted lines are not.
 */
export function outsideToleranceNow(
  line: { bookQty: number; countedQty: number | null; reviewQty?: number | null | undefined; status: number },
  toleranceQty: number,
  tolerancePct: number,
): boolean {
  if (line.status === ItemStatus.escalated) return true;
  const qty = line.reviewQty ?? line.countedQty;
  if (qty === null) return false;
  return !withinTolerance(line.bookQty, qty, toleranceQty, tolerancePct);
}

/**
 * Whether "reject with recount" takes a line unless the auditor chooses otherwise: outside the tolerance now
 * ({@link outsideToleranceNow}) and not held by an open review (recountRequested, recounted).
 */
export function recountByDefault(
  line: { bookQty: number; countedQty: number | null; reviewQty?: number | null | undefined; status: number },
  toleranceQty: number,
  tolerancePct: number,
): boolean {
  if (line.status === ItemStatus.recountRequested || line.status === ItemStatus.recounted) return false;
  return outsideToleranceNow(line, toleranceQty, tolerancePct);
}

/** Cartons and loose units of a quantity against a box gauge (none without a gauge of at least 1). */
export function splitCartons(quantity: number, boxGauge: number | null): { cartons: number | null; loose: number } {
  if (!boxGauge || boxGauge < 1) return { cartons: null, loose: quantity };
  const cartons = Math.floor(quantity / boxGauge);
  return { cartons, loose: roundQty(quantity - cartons * boxGauge) };
}

/** Inventory record accuracy: lines with counted = book / lines counted (null when nothing was counted). */
export function accuracy(matchingLines: number, countedLines: number): number | null {
  return countedLines === 0 ? null : matchingLines / countedLines;
}
