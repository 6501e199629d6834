import { OverviewState } from '@shelfwise/contract/enums';

// Colours of the count states, shared by the 2D plan and the 3D scene, and the figures of the legend.

/** The state of a location outside the colouring task (`state = 0` in the overview's answer). */
export const OUTSIDE = 0;

/** Legend order: the states of the task first, from still to do to done, then the locations outside it. */
export const LEGEND_ORDER = [
  OverviewState.notCounted,
  OverviewState.difference,
  OverviewState.inReview,
  OverviewState.match,
  OverviewState.empty,
  OverviewState.locked,
  OUTSIDE,
] as const;

/** Solid colours of the states (hex), for a light and a dark background. */
const PALETTES: Record<'light' | 'dark', Record<number, string>> = {
  light: {
    [OUTSIDE]: '#d9dde3',
    [OverviewState.notCounted]: '#8c96a3',
    [OverviewState.match]: '#52c41a',
    [OverviewState.difference]: '#f5222d',
    [OverviewState.inReview]: '#fa8c16',
    [OverviewState.locked]: '#722ed1',
    [OverviewState.empty]: '#13c2c2',
  },
  dark: {
    [OUTSIDE]: '#3a4049',
    [OverviewState.notCounted]: '#8b95a1',
    [OverviewState.match]: '#49aa19',
    [OverviewState.difference]: '#e8383d',
    [OverviewState.inReview]: '#e89a3c',
    [OverviewState.locked]: '#9a6fdb',
    [OverviewState.empty]: '#20b2aa',
  },
};

/** The solid colour of each state for the theme. */
export function statePalette(dark: boolean): Record<number, string> {
  return PALETTES[dark ? 'dark' : 'light'];
}

/** A hex colour `#rrggbb` with an opacity, as `rgba(...)`. */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** Opacity of a location that the consignor / SKU filter, or a legend entry picked alone, leaves out. */
export const DIMMED_ALPHA = 0.18;

/**
 * The CSS colour of every location: its state's colour, faded when it holds no line of the consignor / SKU filter
 * (`match[i] = 0`) or when only some states are shown (`only`) and its state is not among them.
 */
export function locationColors(
  state: ArrayLike<number>,
  match: ArrayLike<number>,
  palette: Record<number, string>,
  only?: ReadonlySet<number>,
): string[] {
  const faded = new Map<number, string>();
  const out = new Array<string>(state.length);
  for (let i = 0; i < state.length; i++) {
    const s = state[i] as number;
    const solid = palette[s] ?? (palette[OUTSIDE] as string);
    const dim = match[i] === 0 || (only !== undefined && only.size > 0 && !only.has(s));
    if (!dim) out[i] = solid;
    else {
      let f = faded.get(s);
      if (!f) {
        f = withAlpha(solid, DIMMED_ALPHA);
        faded.set(s, f);
      }
      out[i] = f;
    }
  }
  return out;
}

/** Locations per state (0 to 6) of the loaded locations. */
export function countStates(state: ArrayLike<number>): Map<number, number> {
  const out = new Map<number, number>();
  for (let i = 0; i < state.length; i++) out.set(state[i] as number, (out.get(state[i] as number) ?? 0) + 1);
  return out;
}

/** Locations per state summed over areas (their `states` records, keys `"0"` to `"6"`). */
export function sumAreaStates(areas: readonly { states: Record<string, number> }[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const a of areas)
    for (const [k, v] of Object.entries(a.states)) if (v) out.set(Number(k), (out.get(Number(k)) ?? 0) + v);
  return out;
}

/** An area's state counts as bands in legend order (states with no location left out). */
export function areaBands(
  states: Record<string, number>,
  palette: Record<number, string>,
  only?: ReadonlySet<number>,
): { color: string; value: number }[] {
  return LEGEND_ORDER.filter((s) => (states[String(s)] ?? 0) > 0).map((s) => ({
    color:
      only && only.size > 0 && !only.has(s) ? withAlpha(palette[s] as string, DIMMED_ALPHA) : (palette[s] as string),
    value: states[String(s)] ?? 0,
  }));
}
