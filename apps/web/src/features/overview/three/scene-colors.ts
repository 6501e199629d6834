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

/**
 * The scene's light: a hemisphere light (white sky, grey ground) and a sun from the front right, as the scene was
 * first lit with three.js lights. It is baked into colours instead (`surfaceShade`): every surface of the scene is a
 * flat face of an axis-aligned box or the floor, so its light depends only on which way it faces, and an unlit
 * material coloured by that shade looks as the lit (Lambert) one did at a fraction of the cost per pixel, which is
 * what a software renderer (no GPU) spends its time on.
 */
export const SCENE_LIGHT = {
  sky: '#ffffff',
  ground: '#8a8f98',
  skyIntensity: 1.6,
  sunIntensity: 1.4,
  /** Where the sun shines from (towards the origin), any length. */
  sunFrom: [0.4, 1, 0.7],
} as const;

/**
 * The light a surface facing `normal` (unit, scene axes: Y up) reflects of a white colour, in linear RGB, as three's
 * Lambert material works it out for `SCENE_LIGHT` (diffuse only: irradiance times 1/π). Multiplying a colour by it
 * gives that colour lit.
 */
export function surfaceShade(normal: readonly [number, number, number]): Color {
  const [sx, sy, sz] = SCENE_LIGHT.sunFrom;
  const len = Math.hypot(sx, sy, sz);
  const facing = Math.max(0, (normal[0] * sx + normal[1] * sy + normal[2] * sz) / len);
  const hemi = new Color(SCENE_LIGHT.ground).lerp(new Color(SCENE_LIGHT.sky), 0.5 * normal[1] + 0.5);
  return hemi
    .multiplyScalar(SCENE_LIGHT.skyIntensity)
    .add(new Color(1, 1, 1).multiplyScalar(facing * SCENE_LIGHT.sunIntensity))
    .multiplyScalar(1 / Math.PI);
}
