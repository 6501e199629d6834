import { Color } from 'three';
import { LEGEND_ORDER, OUTSIDE } from '../overview-states';

/** How far a faded location's colour is taken towards the background. */
const FADE = 0.82;

/**
 * Linear RGB (3 floats per location) of the racks: the state's colour, taken most of the way towards the
 * background when the location holds no line of the consignor / SKU filter or its state is not among `only`.
 */
export function sceneColors(
  state: ArrayLike<number>,
  match: ArrayLike<number>,
  palette: Record<number, string>,
  only: ReadonlySet<number>,
  background: string,
): Float32Array {
  const bg = new Color(background);
  const solid = new Map<number, Color>();
  const faded = new Map<number, Color>();
  for (const [k, hex] of Object.entries(palette)) {
    const c = new Color(hex);
    solid.set(Number(k), c);
    faded.set(Number(k), c.clone().lerp(bg, FADE));
  }
  const out = new Float32Array(state.length * 3);
  for (let i = 0; i < state.length; i++) {
    const s = solid.has(state[i] as number) ? (state[i] as number) : OUTSIDE;
    const dim = match[i] === 0 || (only.size > 0 && !only.has(s));
    const c = (dim ? faded.get(s) : solid.get(s)) as Color;
    out[3 * i] = c.r;
    out[3 * i + 1] = c.g;
    out[3 * i + 2] = c.b;
  }
  return out;
}

/** The colour of an area slab: its most frequent state among those shown (outside the task when none). */
export function slabColor(
  states: Record<string, number>,
  palette: Record<number, string>,
  only: ReadonlySet<number>,
): string {
  let best = OUTSIDE;
  let most = 0;
  for (const s of LEGEND_ORDER) {
    if (s === OUTSIDE || (only.size > 0 && !only.has(s))) continue;
    const n = states[String(s)] ?? 0;
    if (n > most) {
      most = n;
      best = s;
    }
  }
  return palette[best] as string;
}
