import { roundQty } from '@shelfwise/contract';

/** How the dialog takes a count: a quantity, or cartons and loose units against the box gauge. */
export type CountBy = 'quantity' | 'cartons';

/** The count part of the dialog's values. */
export interface CountValues {
  by: CountBy;
  countedQty?: number | null;
  cartons?: number | null;
  loose?: number | null;
}

/** The total of cartons and loose units against a box gauge (null when neither is given). */
export function totalOf(cartons: number | null | undefined, loose: number | null | undefined, boxGauge: number | null) {
  if ((cartons === null || cartons === undefined) && (loose === null || loose === undefined)) return null;
  return roundQty((cartons ?? 0) * (boxGauge ?? 0) + (loose ?? 0));
}

/** Whether the count is empty (the spec's "Inventory quantity must not be empty"). */
export function countIsEmpty(v: CountValues): boolean {
  const blank = (n: number | null | undefined) => n === null || n === undefined || Number.isNaN(n);
  return v.by === 'quantity' ? blank(v.countedQty) : blank(v.cartons) && blank(v.loose);
}

/** The count part of the request: the quantity, or cartons and loose units (one of them may stay empty: 0). */
export function countBody(v: CountValues): { countedQty?: number; cartons?: number; loose?: number } {
  if (v.by === 'quantity') return { countedQty: v.countedQty ?? undefined };
  return { cartons: v.cartons ?? 0, loose: v.loose ?? 0 };
}

/** Whether a picture may be sent: jpg / jpeg / png, at most 10 MB (answers the problem's text key, or null). */
export function checkPicture(file: {
  name: string;
  size: number;
  type?: string;
}): 'pictureType' | 'pictureSize' | null {
  const okType = /\.(jpe?g|png)$/i.test(file.name) || file.type === 'image/jpeg' || file.type === 'image/png';
  if (!okType) return 'pictureType';
  if (file.size > 10 * 1024 * 1024) return 'pictureSize';
  return null;
}
