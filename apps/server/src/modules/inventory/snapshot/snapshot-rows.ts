import { MAX_QUANTITY, quantityPrecisionOk, snapshotImportRow } from '@shelfwise/contract';
import type { z } from 'zod';

/** A snapshot row as `snapshotImportRow` answers it: codes, lot (null for none), quantity. */
export type SnapshotImportRow = z.output<typeof snapshotImportRow>;

const codeOk = (v: string) => v.length >= 1 && v.length <= 64;

/**
 * A row of a snapshot file checked by hand, for the common case of a good row: the same rules as
 * `snapshotImportRow` (codes of 1 to 64, a lot of at most 64, a quantity cell holding a number from 0 to the
 * maximum with at most three decimals) and the same result. Answers undefined whenever it does not accept the row;
 * the schema then checks it, so a refusal always reads exactly as the schema words it. Parsing a million rows
 * with the schema cost more than checking them here.
 */
function quickRow(cells: Record<string, string>): SnapshotImportRow | undefined {
  const locationCode = cells.locationCode ?? '';
  const skuCode = cells.skuCode ?? '';
  const consignorCode = cells.consignorCode ?? '';
  const lot = cells.lot ?? '';
  const text = cells.quantity ?? '';
  if (!codeOk(locationCode) || !codeOk(skuCode) || !codeOk(consignorCode) || lot.length > 64 || text === '')
    return undefined;
  // as the schema's number cell reads it: the trimmed text as a number
  const quantity = Number(text.trim());
  if (!Number.isFinite(quantity) || quantity < 0 || quantity > MAX_QUANTITY || !quantityPrecisionOk(quantity))
    return undefined;
  return { locationCode, skuCode, consignorCode, lot: lot || null, quantity };
}

/** Checks a row of a snapshot file: its values, or the schema's issues. */
export function checkSnapshotRow(
  cells: Record<string, string>,
): { success: true; data: SnapshotImportRow } | { success: false; error: z.ZodError } {
  const quick = quickRow(cells);
  if (quick) return { success: true, data: quick };
  return snapshotImportRow.safeParse({
    locationCode: cells.locationCode ?? '',
    skuCode: cells.skuCode ?? '',
    consignorCode: cells.consignorCode ?? '',
    lot: cells.lot ?? '',
    quantity: cells.quantity ?? '',
  });
}
