// Number formats of the statistics pages (pure).

/** A count or quantity with group separators and at most `decimals` decimals; an en dash for none. */
export function fmtNumber(n: number | null | undefined, decimals = 3): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '–';
  return n.toLocaleString('en', { maximumFractionDigits: decimals });
}

/** A ratio (0..1, may exceed 1) as a percentage with one decimal ("12.5%"); an en dash for none. */
export function fmtPercent(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || Number.isNaN(ratio)) return '–';
  return `${(Math.round(ratio * 1000) / 10).toLocaleString('en', { maximumFractionDigits: 1 })}%`;
}

/** A rate such as lines per hour: one decimal. */
export function fmtRate(n: number | null | undefined): string {
  return fmtNumber(n, 1);
}

/** The colour of a heat value 0..1 on a cool-to-hot ramp (blue, green, yellow, orange, red). */
export function heatColor(value: number): string {
  const stops: [number, [number, number, number]][] = [
    [0, [49, 130, 206]],
    [0.25, [56, 178, 120]],
    [0.5, [236, 201, 75]],
    [0.75, [237, 137, 54]],
    [1, [220, 53, 69]],
  ];
  const v = Math.min(1, Math.max(0, value));
  for (let i = 1; i < stops.length; i++) {
    const [p1, c1] = stops[i] as [number, [number, number, number]];
    const [p0, c0] = stops[i - 1] as [number, [number, number, number]];
    if (v <= p1) {
      const f = (v - p0) / (p1 - p0);
      const mix = (k: number) => Math.round((c0[k] as number) + ((c1[k] as number) - (c0[k] as number)) * f);
      return `rgb(${mix(0)}, ${mix(1)}, ${mix(2)})`;
    }
  }
  return 'rgb(220, 53, 69)';
}

/**
 * Heat of a pick count relative to the most picked location, on a square-root scale (a few very busy locations would
 * otherwise leave every other location at the cold end).
 */
export function heatOf(picks: number, maxPicks: number): number {
  if (picks <= 0 || maxPicks <= 0) return 0;
  return Math.sqrt(picks / maxPicks);
}
