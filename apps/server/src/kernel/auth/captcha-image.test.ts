import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { captchaDataUri, makeArithmeticChallenge, renderCaptchaPng } from './captcha-image';

// Small seeded PRNG (mulberry32) so renders are reproducible in assertions.
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface PngChunk {
  type: string;
  data: Buffer;
  crc: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function readChunks(png: Buffer): PngChunk[] {
  const chunks: PngChunk[] = [];
  let offset = SIGNATURE.length;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    chunks.push({ type, data, crc });
    offset += 12 + length;
  }
  expect(offset).toBe(png.length);
  return chunks;
}

function idatBytes(png: Buffer): Buffer {
  const idat = readChunks(png).filter((c) => c.type === 'IDAT');
  return inflateSync(Buffer.concat(idat.map((c) => c.data)));
}

describe('renderCaptchaPng', () => {
  it('writes the PNG signature and an IHDR with the requested size', () => {
    for (const [width, height] of [
      [150, 50],
      [220, 70],
    ] as const) {
      const png = renderCaptchaPng('7 + 5 = ?', { width, height, random: seeded(1) });
      expect([...png.subarray(0, 8)]).toEqual(SIGNATURE);
      const chunks = readChunks(png);
      expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
      const ihdr = chunks[0]?.data ?? Buffer.alloc(0);
      expect(ihdr.length).toBe(13);
      expect(ihdr.readUInt32BE(0)).toBe(width);
      expect(ihdr.readUInt32BE(4)).toBe(height);
      expect(ihdr[8]).toBe(8);
      expect([2, 6]).toContain(ihdr[9]);
      expect([...ihdr.subarray(10, 13)]).toEqual([0, 0, 0]);
      expect(chunks[2]?.data.length).toBe(0);
    }
  });

  it('defaults to 150x50', () => {
    const ihdr = readChunks(renderCaptchaPng('3 x 6 = ?', { random: seeded(2) }))[0]?.data ?? Buffer.alloc(0);
    expect(ihdr.readUInt32BE(0)).toBe(150);
    expect(ihdr.readUInt32BE(4)).toBe(50);
  });

  it('stores a valid CRC on every chunk', () => {
    const png = renderCaptchaPng('12 - 4 = ?', { random: seeded(3) });
    for (const chunk of readChunks(png)) {
      // zlib's CRC-32 is an independent oracle for the hand-written table.
      const expected = crc32(Buffer.concat([Buffer.from(chunk.type, 'latin1'), chunk.data]));
      expect(chunk.crc, chunk.type).toBe(expected);
    }
  });

  it('inflates IDAT to one filter-0 scanline per row', () => {
    const width = 150;
    const height = 50;
    const png = renderCaptchaPng('12 - 4 = ?', { random: seeded(4) });
    const channels = readChunks(png)[0]?.data[9] === 6 ? 4 : 3;
    const raw = idatBytes(png);
    expect(raw.length).toBe(height * (1 + width * channels));
    for (let y = 0; y < height; y++) expect(raw[y * (1 + width * channels)]).toBe(0);
  });

  it('actually draws dark text on a light background', () => {
    const raw = idatBytes(renderCaptchaPng('8 + 8 = ?', { random: seeded(5) }));
    let dark = 0;
    let light = 0;
    for (let y = 0; y < 50; y++) {
      for (let x = 0; x < 150; x++) {
        const o = y * 451 + 1 + x * 3;
        const luma = ((raw[o] ?? 0) + (raw[o + 1] ?? 0) + (raw[o + 2] ?? 0)) / 3;
        if (luma < 100) dark++;
        if (luma > 200) light++;
      }
    }
    expect(dark).toBeGreaterThan(300);
    expect(light).toBeGreaterThan(7500 / 2);
  });

  it('is deterministic for a seeded random source', () => {
    const a = renderCaptchaPng('7 + 5 = ?', { random: seeded(42) });
    const b = renderCaptchaPng('7 + 5 = ?', { random: seeded(42) });
    expect(a.equals(b)).toBe(true);
  });

  it('gives different images for different seeds', () => {
    const a = renderCaptchaPng('7 + 5 = ?', { random: seeded(1) });
    const b = renderCaptchaPng('7 + 5 = ?', { random: seeded(2) });
    expect(idatBytes(a).equals(idatBytes(b))).toBe(false);
  });

  it('renders every supported character', () => {
    expect(() => renderCaptchaPng('0123456789', { random: seeded(6) })).not.toThrow();
    expect(() => renderCaptchaPng('+ - x = ?', { random: seeded(7) })).not.toThrow();
  });

  it('rejects unsupported characters and bad sizes', () => {
    for (const text of ['7 * 5 = ?', '7 / 5', 'X', 'a', '7\t+ 5', '', '   ']) {
      expect(() => renderCaptchaPng(text), JSON.stringify(text)).toThrow(RangeError);
    }
    expect(() => renderCaptchaPng('1', { width: 0 })).toThrow(RangeError);
    expect(() => renderCaptchaPng('1', { height: 10.5 })).toThrow(RangeError);
  });

  it('renders well under 5 ms per image', () => {
    const random = seeded(8);
    const start = performance.now();
    for (let i = 0; i < 200; i++) renderCaptchaPng(makeArithmeticChallenge(random).text, { random });
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('captchaDataUri', () => {
  it('wraps the PNG bytes as a base64 data URI', () => {
    const png = renderCaptchaPng('1 + 1 = ?', { random: seeded(9) });
    const uri = captchaDataUri(png);
    expect(uri.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(uri.slice('data:image/png;base64,'.length), 'base64').equals(png)).toBe(true);
  });
});

describe('makeArithmeticChallenge', () => {
  const pattern = /^(\d+) ([+\-x]) (\d+) = \?$/;

  it('produces correct, non-negative answers in the documented ranges', () => {
    const random = seeded(10);
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const { text, answer } = makeArithmeticChallenge(random);
      const match = pattern.exec(text);
      expect(match, text).not.toBeNull();
      const a = Number(match?.[1]);
      const op = match?.[2] ?? '';
      const b = Number(match?.[3]);
      seen.add(op);
      if (op === '+') {
        expect(a).toBeGreaterThanOrEqual(1);
        expect(a).toBeLessThanOrEqual(20);
        expect(b).toBeGreaterThanOrEqual(1);
        expect(b).toBeLessThanOrEqual(20);
        expect(answer).toBe(a + b);
      } else if (op === '-') {
        expect(a).toBeLessThanOrEqual(20);
        expect(b).toBeGreaterThanOrEqual(1);
        expect(answer).toBe(a - b);
      } else {
        expect(a).toBeGreaterThanOrEqual(1);
        expect(a).toBeLessThanOrEqual(9);
        expect(b).toBeGreaterThanOrEqual(1);
        expect(b).toBeLessThanOrEqual(9);
        expect(answer).toBe(a * b);
      }
      expect(Number.isInteger(answer)).toBe(true);
      expect(answer).toBeGreaterThanOrEqual(0);
      if (i < 100) expect(() => renderCaptchaPng(text, { random })).not.toThrow();
    }
    expect([...seen].sort()).toEqual(['+', '-', 'x']);
  });

  it('stays in range for a generator that returns its extremes', () => {
    for (const value of [0, 0.9999999999999999, 1]) {
      const { text, answer } = makeArithmeticChallenge(() => value);
      expect(text).toMatch(pattern);
      expect(answer).toBeGreaterThanOrEqual(0);
    }
  });
});
