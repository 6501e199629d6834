import type { GenerateInput } from './location.api';

// the generator dialog's form arithmetic, free of React so it can be tested on its own

/** The ranges of the generator, outermost first. */
export const DIMENSIONS = ['aisles', 'bays', 'levels', 'slots'] as const;
/** One range of the generator. */
export type Dimension = (typeof DIMENSIONS)[number];
/** A range as the form holds it (either end may still be empty). */
export type Range = { from?: string; to?: string };
/** The generator form's values. */
export type Values = Partial<Record<Dimension, Range>> & {
  warehouseId?: number;
  areaId?: number;
  pattern?: string;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  maxLoad?: number | null;
  maxCapacity?: number | null;
};

/** One end of a range: a number or one or two letters (as the contract takes it). */
export const END = /^(\d{1,4}|[A-Za-z]{1,2})$/;
/** The contract's default code pattern. */
export const DEFAULT_PATTERN = '{aisle}-{bay:2}-{level:2}-{slot:2}';
/** The sizes every generated location gets. */
export const SIZES = ['length', 'width', 'height', 'maxLoad', 'maxCapacity'] as const;

const letterIndex = (s: string) => [...s.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/** How many values a range holds (what the server will expand), or 0 while it is incomplete. */
export function rangeSize(r: Range | undefined): number {
  if (!r?.from || !r.to || !END.test(r.from) || !END.test(r.to)) return 0;
  const numeric = /^\d+$/.test(r.from);
  if (numeric !== /^\d+$/.test(r.to)) return 0;
  const [a, b] = numeric ? [Number(r.from), Number(r.to)] : [letterIndex(r.from), letterIndex(r.to)];
  return Math.abs(b - a) + 1;
}

/** The pattern filled with the first value of every range, as the server fills it. */
export function example(values: Values, areaCode: string): string {
  const parts: Record<string, string> = {
    area: areaCode,
    aisle: values.aisles?.from ?? '',
    bay: values.bays?.from ?? '',
    level: values.levels?.from ?? '',
    slot: values.slots?.from ?? '',
  };
  return (values.pattern ?? '').replace(
    /\{(area|aisle|bay|level|slot)(?::(\d))?\}/g,
    (_m, name: string, w?: string) => {
      const v = parts[name] ?? '';
      return w && /^\d+$/.test(v) ? v.padStart(Number(w), '0') : v;
    },
  );
}

/** The generator's body from the form (an empty slot range means one location per level). */
export function toBody(v: Values, preview: boolean): GenerateInput {
  const range = (r: Range | undefined) => ({ from: r?.from?.trim() ?? '', to: r?.to?.trim() ?? '' });
  const slots = v.slots?.from?.trim() || v.slots?.to?.trim() ? range(v.slots) : undefined;
  const sizes = Object.fromEntries(SIZES.map((k) => [k, v[k] ?? null]));
  return {
    areaId: v.areaId ?? 0,
    aisles: range(v.aisles),
    bays: range(v.bays),
    levels: range(v.levels),
    ...(slots ? { slots } : {}),
    pattern: v.pattern?.trim() ?? '',
    ...sizes,
    preview,
  };
}
