// Scales and shapes of the workbench's small charts (plain SVG: no chart library in the first page after sign-in).

/** A round upper bound of an axis for a largest value, and its ticks (0, half, top). */
export function niceTop(max: number): { top: number; ticks: number[] } {
  if (max <= 0) return { top: 4, ticks: [0, 2, 4] };
  const exp = 10 ** Math.floor(Math.log10(max));
  const steps = [1, 2, 3, 4, 5, 6, 8, 10];
  const top = (steps.find((s) => s * exp >= max) ?? 10) * exp;
  // an even top keeps the middle tick whole
  const even = top % 2 === 0 ? top : top + 1;
  return { top: even, ticks: [0, even / 2, even] };
}

/** SVG path of a ring segment from angle `a0` to `a1` (radians, 0 at twelve o'clock, clockwise). */
export function arcPath(cx: number, cy: number, r: number, inner: number, a0: number, a1: number): string {
  // a full ring cannot be drawn as one arc: two halves
  if (a1 - a0 >= Math.PI * 2 - 1e-9) {
    return `${arcPath(cx, cy, r, inner, a0, a0 + Math.PI)} ${arcPath(cx, cy, r, inner, a0 + Math.PI, a1)}`;
  }
  const pt = (radius: number, a: number) =>
    `${(cx + radius * Math.sin(a)).toFixed(2)} ${(cy - radius * Math.cos(a)).toFixed(2)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return [
    `M ${pt(r, a0)}`,
    `A ${r} ${r} 0 ${large} 1 ${pt(r, a1)}`,
    `L ${pt(inner, a1)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${pt(inner, a0)}`,
    'Z',
  ].join(' ');
}

/** The share of counted lines that match the book (inventory record accuracy), or null when none was counted. */
export function accuracyOf(results: readonly { result: number | null; count: number }[], match: number): number | null {
  const counted = results.filter((r) => r.result !== null).reduce((n, r) => n + r.count, 0);
  if (!counted) return null;
  return (results.find((r) => r.result === match)?.count ?? 0) / counted;
}
