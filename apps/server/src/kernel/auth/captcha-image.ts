import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';

export interface CaptchaRenderOptions {
  width?: number;
  height?: number;
  random?: () => number;
}

export interface ArithmeticChallenge {
  text: string;
  answer: number;
}

type Rng = () => number;
type Rgb = readonly [number, number, number];

const DEFAULT_WIDTH = 150;
const DEFAULT_HEIGHT = 50;
// Guards against accidental huge allocations from a bad query parameter.
const MAX_DIMENSION = 1000;
const CHANNELS = 3;

// 5x7 design grid. Ink cells are later joined into strokes (see compileGlyph),
// so these read as pen strokes once scaled rather than as square pixels.
const GLYPH_SOURCE: Readonly<Record<string, readonly string[]>> = {
  '0': ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['.###.', '#...#', '....#', '..##.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
  '+': ['.....', '..#..', '..#..', '#####', '..#..', '..#..', '.....'],
  '-': ['.....', '.....', '.....', '#####', '.....', '.....', '.....'],
  x: ['.....', '.....', '#...#', '.#.#.', '..#..', '.#.#.', '#...#'],
  '=': ['.....', '.....', '#####', '.....', '#####', '.....', '.....'],
  '?': ['.###.', '#...#', '....#', '...#.', '..#..', '.....', '..#..'],
};

const GLYPH_COLS = 5;
const GLYPH_ROWS = 7;
const GLYPH_CENTER_X = (GLYPH_COLS - 1) / 2;
const GLYPH_CENTER_Y = (GLYPH_ROWS - 1) / 2;

// Layout in grid units (distance between neighbouring cell centres).
const GLYPH_SPAN = GLYPH_COLS - 1;
const GLYPH_GAP = 2.2;
const SPACE_ADVANCE = 1.5;
// Glyphs fill at most this share of the height, leaving room for the vertical jitter.
const MAX_TEXT_HEIGHT = 0.6;
// Slightly condensed glyphs let long challenges like '20 - 13 = ?' fit 150 px
// without shrinking the strokes below what people read comfortably.
const ASPECT = 1.35;
const MARGIN_RATIO = 0.16;
const MAX_LEAN = 0.2;
const MAX_ROTATION = 0.14;

/**
 * Flat list of stroke segments [x0, y0, x1, y1, ...] in grid units.
 * Diagonals are only added when no orthogonal path already joins the two
 * cells, otherwise corners would bulge into blobs.
 */
function compileGlyph(rows: readonly string[]): readonly number[] {
  const on = (col: number, row: number): boolean =>
    col >= 0 && col < GLYPH_COLS && row >= 0 && row < GLYPH_ROWS && rows[row]?.[col] === '#';
  const segments: number[] = [];
  for (let row = 0; row < GLYPH_ROWS; row++) {
    for (let col = 0; col < GLYPH_COLS; col++) {
      if (!on(col, row)) continue;
      let joined = false;
      const link = (toCol: number, toRow: number): void => {
        segments.push(col, row, toCol, toRow);
        joined = true;
      };
      if (on(col + 1, row)) link(col + 1, row);
      if (on(col, row + 1)) link(col, row + 1);
      if (on(col + 1, row + 1) && !on(col + 1, row) && !on(col, row + 1)) link(col + 1, row + 1);
      if (on(col - 1, row + 1) && !on(col - 1, row) && !on(col, row + 1)) link(col - 1, row + 1);
      const hasInbound =
        on(col - 1, row) ||
        on(col, row - 1) ||
        (on(col - 1, row - 1) && !on(col - 1, row) && !on(col, row - 1)) ||
        (on(col + 1, row - 1) && !on(col + 1, row) && !on(col, row - 1));
      // Isolated cells (the dot of '?') still need ink: a zero-length capsule.
      if (!joined && !hasInbound) segments.push(col, row, col, row);
    }
  }
  return segments;
}

const GLYPHS: ReadonlyMap<string, readonly number[]> = new Map(
  Object.entries(GLYPH_SOURCE).map(([ch, rows]) => [ch, compileGlyph(rows)]),
);

const CRC_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(...parts: readonly Uint8Array[]): number {
  let crc = 0xffffffff;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      crc = (CRC_TABLE[(crc ^ (part[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
    }
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function uniform(random: Rng, min: number, max: number): number {
  return min + random() * (max - min);
}

function randomInt(random: Rng, min: number, max: number): number {
  // Clamp so a generator that returns exactly 1 cannot overshoot the range.
  return min + Math.min(max - min, Math.floor(random() * (max - min + 1)));
}

function hsvToRgb(h: number, s: number, v: number): Rgb {
  const f = (n: number): number => {
    const k = (n + h * 6) % 6;
    return Math.round(255 * (v - v * s * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [f(5), f(3), f(1)];
}

/** RGB canvas stored directly as PNG scanlines (filter byte + pixels) so encoding needs no copy. */
class Raster {
  readonly stride: number;
  readonly scanlines: Buffer;
  private readonly coverage: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.stride = 1 + width * CHANNELS;
    // Buffer.alloc zero-fills, which already sets every filter byte to 0 (None).
    this.scanlines = Buffer.alloc(this.stride * height);
    this.coverage = new Float32Array(width * height);
  }

  fillGradient(left: Rgb, right: Rgb): void {
    const span = Math.max(1, this.width - 1);
    for (let x = 0; x < this.width; x++) {
      const t = x / span;
      const r = Math.round(left[0] + (right[0] - left[0]) * t);
      const g = Math.round(left[1] + (right[1] - left[1]) * t);
      const b = Math.round(left[2] + (right[2] - left[2]) * t);
      for (let y = 0; y < this.height; y++) {
        const o = y * this.stride + 1 + x * CHANNELS;
        this.scanlines[o] = r;
        this.scanlines[o + 1] = g;
        this.scanlines[o + 2] = b;
      }
    }
  }

  blendPixel(x: number, y: number, color: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const o = y * this.stride + 1 + x * CHANNELS;
    for (let c = 0; c < CHANNELS; c++) {
      const dst = this.scanlines[o + c] ?? 0;
      this.scanlines[o + c] = Math.round(dst + ((color[c] ?? 0) - dst) * alpha);
    }
  }

  /**
   * Draws round-capped segments as one shape. Coverage is merged with max()
   * before blending so overlapping joints do not darken into visible knots.
   */
  strokeSegments(segments: readonly number[], radius: number, color: Rgb, alpha: number): void {
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < segments.length; i += 2) {
      const x = segments[i] ?? 0;
      const y = segments[i + 1] ?? 0;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    const pad = radius + 1;
    const x0 = Math.max(0, Math.floor(minX - pad));
    const y0 = Math.max(0, Math.floor(minY - pad));
    const x1 = Math.min(this.width - 1, Math.ceil(maxX + pad));
    const y1 = Math.min(this.height - 1, Math.ceil(maxY + pad));
    if (x0 > x1 || y0 > y1) return;

    const cov = this.coverage;
    for (let y = y0; y <= y1; y++) cov.fill(0, y * this.width + x0, y * this.width + x1 + 1);

    for (let i = 0; i + 3 < segments.length; i += 4) {
      const ax = segments[i] ?? 0;
      const ay = segments[i + 1] ?? 0;
      const bx = segments[i + 2] ?? 0;
      const by = segments[i + 3] ?? 0;
      const dx = bx - ax;
      const dy = by - ay;
      const lenSq = dx * dx + dy * dy;
      const sx0 = Math.max(x0, Math.floor(Math.min(ax, bx) - pad));
      const sy0 = Math.max(y0, Math.floor(Math.min(ay, by) - pad));
      const sx1 = Math.min(x1, Math.ceil(Math.max(ax, bx) + pad));
      const sy1 = Math.min(y1, Math.ceil(Math.max(ay, by) + pad));
      for (let y = sy0; y <= sy1; y++) {
        const py = y + 0.5;
        for (let x = sx0; x <= sx1; x++) {
          const px = x + 0.5;
          const proj = lenSq > 0 ? ((px - ax) * dx + (py - ay) * dy) / lenSq : 0;
          const t = Math.max(0, Math.min(1, proj));
          const ex = px - (ax + t * dx);
          const ey = py - (ay + t * dy);
          // One-pixel linear ramp at the edge is enough antialiasing to keep
          // strokes smooth for people without a full supersampling pass.
          const c = radius + 0.5 - Math.sqrt(ex * ex + ey * ey);
          if (c <= 0) continue;
          const idx = y * this.width + x;
          const v = Math.min(c, 1);
          if (v > (cov[idx] ?? 0)) cov[idx] = v;
        }
      }
    }

    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const c = cov[y * this.width + x] ?? 0;
        if (c > 0) this.blendPixel(x, y, color, c * alpha);
      }
    }
  }
}

function validateDimension(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_DIMENSION) {
    throw new RangeError(`captcha ${name} must be an integer between 1 and ${MAX_DIMENSION}, got ${value}`);
  }
  return value;
}

function randomDark(random: Rng): Rgb {
  return hsvToRgb(random(), uniform(random, 0.55, 0.95), uniform(random, 0.2, 0.45));
}

function randomLight(random: Rng): Rgb {
  return hsvToRgb(random(), uniform(random, 0.04, 0.14), uniform(random, 0.9, 0.98));
}

function randomMid(random: Rng): Rgb {
  return hsvToRgb(random(), uniform(random, 0.3, 0.6), uniform(random, 0.6, 0.8));
}

function drawNoiseCurve(raster: Raster, random: Rng, radius: number, color: Rgb, alpha: number): void {
  const { width, height } = raster;
  // Endpoints sit in the middle band and run edge to edge so every curve crosses the text.
  const p0x = uniform(random, -4, width * 0.2);
  const p0y = uniform(random, height * 0.2, height * 0.8);
  const p3x = uniform(random, width * 0.8, width + 4);
  const p3y = uniform(random, height * 0.2, height * 0.8);
  const p1x = uniform(random, width * 0.1, width * 0.6);
  const p1y = uniform(random, -height * 0.2, height * 1.2);
  const p2x = uniform(random, width * 0.4, width * 0.9);
  const p2y = uniform(random, -height * 0.2, height * 1.2);
  const steps = 40;
  const points: number[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    points.push(a * p0x + b * p1x + c * p2x + d * p3x, a * p0y + b * p1y + c * p2y + d * p3y);
  }
  const segments: number[] = [];
  for (let i = 0; i + 3 < points.length; i += 2) {
    segments.push(points[i] ?? 0, points[i + 1] ?? 0, points[i + 2] ?? 0, points[i + 3] ?? 0);
  }
  raster.strokeSegments(segments, radius, color, alpha);
}

/**
 * Renders a short arithmetic challenge as a noisy RGB PNG. The distortions are
 * mild on purpose: the goal is to defeat drop-in OCR, not to exhaust people.
 */
export function renderCaptchaPng(text: string, options: CaptchaRenderOptions = {}): Buffer {
  const width = validateDimension('width', options.width ?? DEFAULT_WIDTH);
  const height = validateDimension('height', options.height ?? DEFAULT_HEIGHT);
  const random = options.random ?? Math.random;

  if (text.trim().length === 0) throw new RangeError('captcha text must contain at least one glyph');
  let span = 0;
  for (const ch of text) {
    if (ch === ' ') span += SPACE_ADVANCE;
    else if (GLYPHS.has(ch)) span += GLYPH_SPAN + GLYPH_GAP;
    else throw new RangeError(`captcha text contains unsupported character ${JSON.stringify(ch)}`);
  }
  span -= GLYPH_GAP;

  const margin = Math.max(2, MARGIN_RATIO * Math.min(width, height));
  const maxScaleY = (height * MAX_TEXT_HEIGHT) / (GLYPH_ROWS - 1);
  const scaleX = Math.min(maxScaleY / ASPECT, (width - 2 * margin) / span);
  const scaleY = scaleX * ASPECT;
  if (!(scaleX > 0)) throw new RangeError('captcha image is too small for the text');
  const strokeRadius = Math.max(0.9, 0.55 * scaleX);
  // Noise thickness follows the image size so large renders look the same, just bigger.
  const unit = Math.max(0.5, height / DEFAULT_HEIGHT);

  const raster = new Raster(width, height);
  raster.fillGradient(randomLight(random), randomLight(random));

  // Two faint curves behind the text so the background is not a flat field
  // that thresholding can strip in one step.
  for (let i = 0; i < 2; i++) {
    drawNoiseCurve(raster, random, unit * uniform(random, 1.5, 2.5), randomMid(random), uniform(random, 0.35, 0.55));
  }

  const glyphHalfHeight = GLYPH_CENTER_Y * scaleY + strokeRadius;
  const maxOffset = Math.max(0, Math.min(height * 0.1, height / 2 - glyphHalfHeight - 2));
  const slack = width - span * scaleX;
  let cursor = slack / 2 + uniform(random, -0.3, 0.3) * Math.max(0, slack - 2 * margin);
  for (const ch of text) {
    if (ch === ' ') {
      cursor += SPACE_ADVANCE * scaleX;
      continue;
    }
    const source = GLYPHS.get(ch) ?? [];
    const centerX = cursor + GLYPH_CENTER_X * scaleX + uniform(random, -0.15, 0.15) * scaleX;
    const centerY = height / 2 + uniform(random, -maxOffset, maxOffset);
    // Shear and rotation both push a glyph's top sideways; bounding their sum
    // (the lean) keeps neighbours from colliding while the rotation still tilts strokes.
    const lean = uniform(random, -MAX_LEAN, MAX_LEAN);
    const angle = uniform(random, -MAX_ROTATION, MAX_ROTATION);
    const shear = lean - Math.sin(angle);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const segments: number[] = new Array<number>(source.length);
    for (let i = 0; i + 1 < source.length; i += 2) {
      const gy = ((source[i + 1] ?? 0) - GLYPH_CENTER_Y) * scaleY;
      const gx = ((source[i] ?? 0) - GLYPH_CENTER_X) * scaleX + shear * gy;
      segments[i] = centerX + gx * cos - gy * sin;
      segments[i + 1] = centerY + gx * sin + gy * cos;
    }
    const radius = strokeRadius * uniform(random, 0.9, 1.1);
    raster.strokeSegments(segments, radius, randomDark(random), 1);
    cursor += (GLYPH_SPAN + GLYPH_GAP) * scaleX;
  }

  const curves = randomInt(random, 3, 5);
  // Thin dark curves over the glyphs break up connected components for OCR,
  // while staying much thinner than real strokes so people can ignore them.
  for (let i = 0; i < curves; i++) {
    drawNoiseCurve(raster, random, unit * uniform(random, 0.45, 0.75), randomDark(random), uniform(random, 0.65, 0.9));
  }

  const dots = Math.round((width * height) / (30 * unit * unit));
  for (let i = 0; i < dots; i++) {
    const x = randomInt(random, 0, width - 1);
    const y = randomInt(random, 0, height - 1);
    // Mix light and dark specks so neither a light nor a dark threshold removes them all.
    const color = random() < 0.5 ? randomDark(random) : randomLight(random);
    const alpha = uniform(random, 0.5, 0.95);
    const size = Math.max(1, Math.round(unit * (random() < 0.2 ? 2 : 1)));
    for (let dy = 0; dy < size; dy++) {
      for (let dx = 0; dx < size; dx++) raster.blendPixel(x + dx, y + dy, color, alpha);
    }
  }

  return encodePng(width, height, raster.scanlines);
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typeBytes = Buffer.from(type, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  typeBytes.copy(head, 4);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(typeBytes, data), 0);
  return Buffer.concat([head, data, tail]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function encodePng(width: number, height: number, scanlines: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour RGB
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method 0
  ihdr[12] = 0; // no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(scanlines)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

export function captchaDataUri(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Small sums, differences and products: solvable in one's head, never negative. */
export function makeArithmeticChallenge(random: () => number = Math.random): ArithmeticChallenge {
  const kind = randomInt(random, 0, 2);
  if (kind === 0) {
    const a = randomInt(random, 1, 20);
    const b = randomInt(random, 1, 20);
    return { text: `${a} + ${b} = ?`, answer: a + b };
  }
  if (kind === 1) {
    const a = randomInt(random, 1, 20);
    const b = randomInt(random, 1, a);
    return { text: `${a} - ${b} = ?`, answer: a - b };
  }
  const a = randomInt(random, 1, 9);
  const b = randomInt(random, 1, 9);
  return { text: `${a} x ${b} = ?`, answer: a * b };
}
