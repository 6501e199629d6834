import type { PlanArea, PlanCells, PlanGeometry, PlanView } from './plan-geometry';

/** Theme colours the drawing uses (from the antd tokens, so dark mode follows). */
export interface PlanPalette {
  background: string;
  floor: string;
  floorBorder: string;
  areaBorder: string;
  text: string;
  halo: string;
  hover: string;
  selected: string;
}

/** Everything one frame needs. */
export interface PlanFrame {
  geometry: PlanGeometry;
  cells: PlanCells;
  /** Indices of the locations by fill colour (one path and one fill per colour). */
  buckets: ReadonlyMap<string, readonly number[]>;
  areaFill?: (area: PlanArea) => string | undefined;
  areaBars?: ReadonlyMap<number, readonly { color: string; value: number }[]>;
  image?: CanvasImageSource;
  imageAlpha: number;
  view: PlanView;
  /** CSS pixels of the canvas. */
  width: number;
  height: number;
  dpr: number;
  hovered: number;
  selected: number;
  hoveredArea?: number;
  palette: PlanPalette;
}

/** Most location codes written on the plan in one frame (zoomed in far enough to read them). */
const MAX_LABELS = 2500;

/** Draws one frame of the plan on a 2D context. */
export function drawPlan(ctx: CanvasRenderingContext2D, f: PlanFrame): void {
  const { view, dpr, palette: p, cells, geometry: g } = f;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = p.background;
  ctx.fillRect(0, 0, f.width, f.height);
  const px = 1 / view.scale;
  ctx.setTransform(dpr * view.scale, 0, 0, dpr * view.scale, dpr * view.x, dpr * view.y);

  // the floor and its plan picture
  ctx.fillStyle = p.floor;
  ctx.fillRect(0, 0, g.floorWidth, g.floorLength);
  if (f.image) {
    ctx.globalAlpha = f.imageAlpha;
    ctx.drawImage(f.image, 0, 0, g.floorWidth, g.floorLength);
    ctx.globalAlpha = 1;
  }
  ctx.lineWidth = px;
  ctx.strokeStyle = p.floorBorder;
  ctx.strokeRect(0, 0, g.floorWidth, g.floorLength);

  // the visible floor rectangle, to skip what is off screen
  const vx0 = -view.x / view.scale;
  const vy0 = -view.y / view.scale;
  const vx1 = vx0 + f.width / view.scale;
  const vy1 = vy0 + f.height / view.scale;

  for (const a of g.areas) {
    const fill = f.areaFill?.(a);
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fillRect(a.x, a.y, a.width, a.length);
    }
    const bars = f.areaBars?.get(a.id);
    const total = bars?.reduce((n, b) => n + b.value, 0) ?? 0;
    if (bars && total > 0) {
      let x = a.x;
      for (const b of bars) {
        const w = (a.width * b.value) / total;
        ctx.fillStyle = b.color;
        ctx.fillRect(x, a.y, w, a.length);
        x += w;
      }
    }
  }

  // locations, one path per colour; a hairline gap between neighbours once they are a few pixels wide
  for (const [color, list] of f.buckets) {
    ctx.fillStyle = color;
    ctx.beginPath();
    for (const i of list) {
      const x = cells.rx[i] as number;
      const y = cells.ry[i] as number;
      const w = cells.rw[i] as number;
      const h = cells.rh[i] as number;
      if (x > vx1 || y > vy1 || x + w < vx0 || y + h < vy0) continue;
      const inset = Math.min(w, h) * view.scale > 5 ? 0.5 * px : 0;
      ctx.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset);
    }
    ctx.fill();
  }

  for (const a of g.areas) {
    ctx.lineWidth = (a.id === f.hoveredArea ? 2 : 1) * px;
    ctx.strokeStyle = a.id === f.hoveredArea ? p.hover : p.areaBorder;
    ctx.strokeRect(a.x, a.y, a.width, a.length);
  }

  const outline = (i: number, color: string, width: number) => {
    if (i < 0 || i >= cells.rx.length) return;
    ctx.lineWidth = width * px;
    ctx.strokeStyle = color;
    ctx.strokeRect(cells.rx[i] as number, cells.ry[i] as number, cells.rw[i] as number, cells.rh[i] as number);
  };
  outline(f.hovered, p.hover, 2);
  outline(f.selected, p.selected, 3);

  // texts in screen pixels
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.textBaseline = 'top';
  ctx.lineJoin = 'round';
  ctx.font = '600 12px system-ui, sans-serif';
  for (const a of g.areas) {
    const sx = a.x * view.scale + view.x;
    const sy = a.y * view.scale + view.y;
    const sw = a.width * view.scale;
    if (sw < 36 || a.length * view.scale < 18) continue;
    const text = sw > 120 ? `${a.code} · ${a.name}` : a.code;
    haloText(ctx, clip(ctx, text, sw - 8), sx + 4, sy + 4, p);
  }
  const locations = g.locations;
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  let labels = 0;
  for (let i = 0; i < cells.rx.length && labels < MAX_LABELS; i++) {
    const sw = (cells.rw[i] as number) * view.scale;
    const sh = (cells.rh[i] as number) * view.scale;
    if (sw < 44 || sh < 14) continue;
    const sx = (cells.rx[i] as number) * view.scale + view.x;
    const sy = (cells.ry[i] as number) * view.scale + view.y;
    if (sx > f.width || sy > f.height || sx + sw < 0 || sy + sh < 0) continue;
    haloText(ctx, clip(ctx, String(locations.code[i]), sw - 4), sx + sw / 2, sy + sh / 2, p);
    labels++;
  }
  ctx.textAlign = 'start';
}

function haloText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, p: PlanPalette) {
  ctx.lineWidth = 3;
  ctx.strokeStyle = p.halo;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = p.text;
  ctx.fillText(text, x, y);
}

/** The text cut with an ellipsis to fit a width in pixels. */
function clip(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo > 0 ? `${text.slice(0, lo)}…` : '';
}

/** Indices of the locations grouped by colour (empty colour: not drawn). */
export function colourBuckets(colors: readonly string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (let i = 0; i < colors.length; i++) {
    const c = colors[i];
    if (!c) continue;
    const list = out.get(c);
    if (list) list.push(i);
    else out.set(c, [i]);
  }
  return out;
}
