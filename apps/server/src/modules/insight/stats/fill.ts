// How full a location is (rules in packages/contract/src/insight/location-overview.ts). Pure.

/** A location's limits. */
export interface FillLocation {
  id: number;
  code: string;
  areaId: number;
  length: number | null;
  width: number | null;
  height: number | null;
  maxCapacity: number | null;
  maxLoad: number | null;
}

/** What a location holds (absent: not known). */
export interface FillStock {
  quantity: number;
  volume: number;
  weight: number;
  skuCount: number;
  /** Every SKU held has a unit volume / unit weight. */
  volumeComplete: boolean;
  weightComplete: boolean;
  countedAt: number | null;
}

export type FillState = 'empty' | 'normal' | 'over' | 'unknown';

export interface Fill {
  state: FillState;
  quantity: number | null;
  volume: number | null;
  weight: number | null;
  skuCount: number;
  volumeComplete: boolean;
  weightComplete: boolean;
  locationVolume: number | null;
  quantityFill: number | null;
  volumeFill: number | null;
  weightFill: number | null;
  fill: number | null;
  countedAt: number | null;
}

/** Quantities carry three decimals: below half a thousandth is nothing. */
const EPS = 0.0005;
const positive = (v: number | null) => (v !== null && v > 0 ? v : null);

/** The volume of a location (m³) when all three sizes are set. */
export function locationVolume(l: FillLocation): number | null {
  const [a, b, c] = [positive(l.length), positive(l.width), positive(l.height)];
  return a !== null && b !== null && c !== null ? a * b * c : null;
}

/** The fill of one location from what it holds (undefined: unknown). */
export function fillOf(l: FillLocation, stock: FillStock | undefined): Fill {
  const volumeCap = locationVolume(l);
  if (!stock)
    return {
      state: 'unknown',
      quantity: null,
      volume: null,
      weight: null,
      skuCount: 0,
      volumeComplete: true,
      weightComplete: true,
      locationVolume: volumeCap,
      quantityFill: null,
      volumeFill: null,
      weightFill: null,
      fill: null,
      countedAt: null,
    };
  const capacity = positive(l.maxCapacity);
  const load = positive(l.maxLoad);
  const quantityFill = capacity !== null ? stock.quantity / capacity : null;
  const volumeFill = volumeCap !== null ? stock.volume / volumeCap : null;
  const weightFill = load !== null ? stock.weight / load : null;
  const known = [quantityFill, volumeFill, weightFill].filter((v): v is number => v !== null);
  const fill = known.length ? Math.max(...known) : null;
  const state: FillState = stock.quantity < EPS ? 'empty' : fill !== null && fill > 1 + 1e-9 ? 'over' : 'normal';
  return {
    state,
    quantity: stock.quantity,
    volume: stock.volume,
    weight: stock.weight,
    skuCount: stock.skuCount,
    volumeComplete: stock.volumeComplete,
    weightComplete: stock.weightComplete,
    locationVolume: volumeCap,
    quantityFill,
    volumeFill,
    weightFill,
    fill,
    countedAt: stock.countedAt,
  };
}

/** Figures of a set of locations. */
export interface FillFigures {
  locations: number;
  empty: number;
  normal: number;
  over: number;
  unknown: number;
  quantity: number;
  capacity: number;
  volume: number;
  locationVolume: number;
  averageFill: number | null;
}

/** Fill bands: 0 %, (0, 25 %], (25, 50 %], (50, 75 %], (75, 100 %], over 100 %. */
export function bandOf(fill: number): number {
  if (fill <= 0) return 0;
  if (fill > 1 + 1e-9) return 5;
  return Math.min(4, Math.ceil(fill * 4 - 1e-9));
}

/** Adds up locations' fills. */
export function figuresOf(fills: Iterable<{ location: FillLocation; fill: Fill }>): FillFigures {
  const f: FillFigures = {
    locations: 0,
    empty: 0,
    normal: 0,
    over: 0,
    unknown: 0,
    quantity: 0,
    capacity: 0,
    volume: 0,
    locationVolume: 0,
    averageFill: null,
  };
  let fillSum = 0;
  let fillCount = 0;
  for (const { location, fill } of fills) {
    f.locations++;
    f[fill.state]++;
    if (fill.state === 'unknown') continue;
    f.quantity += fill.quantity ?? 0;
    f.volume += fill.volume ?? 0;
    f.capacity += positive(location.maxCapacity) ?? 0;
    f.locationVolume += fill.locationVolume ?? 0;
    if (fill.fill !== null) {
      fillSum += fill.fill;
      fillCount++;
    }
  }
  f.averageFill = fillCount ? fillSum / fillCount : null;
  return f;
}
