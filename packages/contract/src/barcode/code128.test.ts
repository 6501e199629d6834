import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE128_QUIET_ZONE, code128Bars, encodeCode128 } from './code128';

// The symbology table again, written as the module strings printed in the Code 128 tables (1 = dark), so the decoder
// below shares no data structure with the encoder. Values 0..105, six a row; the stop pattern is separate.
const SYMBOLS = `
11011001100 11001101100 11001100110 10010011000 10010001100 10001001100
10011001000 10011000100 10001100100 11001001000 11001000100 11000100100
10110011100 10011011100 10011001110 10111001100 10011101100 10011100110
11001110010 11001011100 11001001110 11011100100 11001110100 11101101110
11101001100 11100101100 11100100110 11101100100 11100110100 11100110010
11011011000 11011000110 11000110110 10100011000 10001011000 10001000110
10110001000 10001101000 10001100010 11010001000 11000101000 11000100010
10110111000 10110001110 10001101110 10111011000 10111000110 10001110110
11101110110 11010001110 11000101110 11011101000 11011100010 11011101110
11101011000 11101000110 11100010110 11101101000 11101100010 11100011010
11101111010 11001000010 11110001010 10100110000 10100001100 10010110000
10010000110 10000101100 10000100110 10110010000 10110000100 10011010000
10011000010 10000110100 10000110010 11000010010 11001010000 11110111010
11000010100 10001111010 10100111100 10010111100 10010011110 10111100100
10011110100 10011110010 11110100100 11110010100 11110010010 11011011110
11011110110 11110110110 10101111000 10100011110 10001011110 10111101000
10111100010 11110101000 11110100010 10111011110 10111101110 11101011110
11110101110 11010000100 11010010000 11010011100`
  .trim()
  .split(/\s+/);
const STOP = '1100011101011';

/** Reads a symbol back from its element widths, checking structure and check symbol on the way. */
function decode(widths: number[]): string {
  const bits = widths.map((w, i) => (i % 2 === 0 ? '1' : '0').repeat(w)).join('');
  if (!bits.endsWith(STOP) || (bits.length - STOP.length) % 11 !== 0) throw new Error('no stop pattern');
  const values: number[] = [];
  for (let i = 0; i < bits.length - STOP.length; i += 11) {
    const v = SYMBOLS.indexOf(bits.slice(i, i + 11));
    if (v < 0) throw new Error(`unknown symbol at module ${i}`);
    values.push(v);
  }
  const [start = -1, ...data] = values;
  const check = data.pop();
  const sum = data.reduce((s, v, i) => s + v * (i + 1), start);
  if (sum % 103 !== check) throw new Error('check symbol mismatch');
  let set = start === 104 ? 'B' : start === 105 ? 'C' : 'A';
  if (set === 'A') throw new Error('unexpected start');
  let out = '';
  for (const v of data) {
    if (set === 'B' && v === 99) set = 'C';
    else if (set === 'C' && v === 100) set = 'B';
    else if (set === 'B' && v < 95) out += String.fromCharCode(v + 32);
    else if (set === 'C' && v < 100) out += String(v).padStart(2, '0');
    else throw new Error(`value ${v} is not data in set ${set}`);
  }
  return out;
}

describe('Code 128', () => {
  it('the decoder table has the symbology structure: 11 modules, bar first, even dark modules, all distinct', () => {
    expect(SYMBOLS).toHaveLength(106);
    expect(new Set(SYMBOLS).size).toBe(106);
    for (const s of SYMBOLS) {
      expect(s).toMatch(/^1[01]{9}0$/);
      expect([...s].filter((b) => b === '1').length % 2).toBe(0);
    }
  });

  it('encodes worked examples with the right values and check symbol', () => {
    // "A" in set B: start B 104, 'A' = 65 - 32 = 33; check (104 + 33 x 1) mod 103 = 34; stop 106
    const a = encodeCode128('A');
    expect(a.values).toEqual([104, 33, 34, 106]);
    expect(a.widths.join('')).toBe(`${'211214'}${'111323'}${'131123'}${'2331112'}`);
    expect(a.modules).toBe(3 * 11 + 13);
    // "PJJ123C": a 3-digit run costs as much in C as in B, so all of it is B:
    // 104 + 48 + 42x2 + 42x3 + 17x4 + 18x5 + 19x6 + 35x7 = 879; 879 mod 103 = 55
    expect(encodeCode128('PJJ123C').values).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    // "12345678": start C with four pairs; 105 + 12 + 34x2 + 56x3 + 78x4 = 665; 665 mod 103 = 47
    expect(encodeCode128('12345678').values).toEqual([105, 12, 34, 56, 78, 47, 106]);
    // "X123456": 'X' in B, CODE C (99), three pairs; 104 + 56 + 99x2 + 12x3 + 34x4 + 56x5 = 810; mod 103 = 89
    expect(encodeCode128('X123456').values).toEqual([104, 56, 99, 12, 34, 56, 89, 106]);
    // "12345": odd run: '1' in B, then CODE C and two pairs; 104 + 17 + 99x2 + 23x3 + 45x4 = 568; mod 103 = 53
    expect(encodeCode128('12345').values).toEqual([104, 17, 99, 23, 45, 53, 106]);
    // a location code with short digit runs stays in B
    expect(encodeCode128('A-01-02-03').values.slice(0, 4)).toEqual([104, 33, 13, 16]);
  });

  it('lays the start, stop and bars out in modules', () => {
    const s = encodeCode128('A');
    expect(s.widths.slice(0, 6).join('')).toBe('211214');
    const bits = s.widths.map((w, i) => (i % 2 === 0 ? '1' : '0').repeat(w)).join('');
    expect(bits.slice(0, 11)).toBe('11010010000');
    expect(bits.slice(-13)).toBe(STOP);
    const bars = code128Bars(s);
    expect(bars[0]).toEqual([0, 2]);
    expect(bars.at(-1)).toEqual([s.modules - 2, 2]);
    expect(CODE128_QUIET_ZONE).toBeGreaterThanOrEqual(10);
  });

  it('refuses what set B cannot carry', () => {
    expect(() => encodeCode128('')).toThrow(RangeError);
    expect(() => encodeCode128('A\n1')).toThrow(RangeError);
    expect(() => encodeCode128('库位')).toThrow(RangeError);
  });

  it('round-trips through an independent decoder, never longer than plain set B', () => {
    const codeChars = [...'ABCXYZabcxyz0123456789._-'];
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom(...codeChars), minLength: 1, maxLength: 40 }),
      fc.string({ unit: fc.constantFrom(...printable), minLength: 1, maxLength: 40 }),
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 30 }),
    );
    fc.assert(
      fc.property(text, (t) => {
        const s = encodeCode128(t);
        expect(decode(s.widths)).toBe(t);
        expect(s.values.length).toBeLessThanOrEqual(t.length + 3);
        expect(s.modules).toBe((s.values.length - 1) * 11 + 13);
      }),
      { numRuns: 500 },
    );
  });

  it('uses set C for long digit runs', () => {
    expect(encodeCode128('0000000000').values).toHaveLength(5 + 3);
    const mixed = encodeCode128('AB-000123-C');
    expect(mixed.values).toContain(99);
    expect(mixed.values.length).toBeLessThan('AB-000123-C'.length + 3);
  });
});
