/**
 * Code 128 (ISO/IEC 15417) without a dependency: the server draws it into label PDFs and the web into SVG, from the
 * same module pattern. Only code sets B (printable ASCII) and C (digit pairs) are used; set A adds nothing for
 * printable text. The sets are chosen for the fewest symbols (a shortest path over the two sets), so a long digit
 * run switches to C and a short one stays in B.
 */

// Element widths of each symbol value (bar, space, bar, space, bar, space; 11 modules), by value 0..105;
// 106 is the stop pattern (seven elements, 13 modules, ending in a bar).
// biome-ignore format: the symbology table, ten a row
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

const START_B = 104;
const START_C = 105;
const CODE_B = 100; // in set C
const CODE_C = 99; // in set B
const STOP = 106;

/** Light modules a scanner needs on each side of a Code 128 symbol (ISO/IEC 15417: at least 10 X). */
export const CODE128_QUIET_ZONE = 10;

/** An encoded Code 128 symbol. */
export interface Code128 {
  /** Symbol values: start, data (with set switches), check symbol, stop (106). */
  values: number[];
  /** Element widths in modules, alternating bar and space, starting and ending with a bar. */
  widths: number[];
  /** Total width in modules, without the quiet zones. */
  modules: number;
}

type CodeSet = 'B' | 'C';

const isDigit = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
};

/**
 * The code sets to use at each position: `plan[i]` is the set character `i` is encoded in. Costs are counted
 * backwards (symbols needed from `i` on, being in a set), then followed forwards; ties keep set B.
 */
function planSets(text: string): CodeSet[] {
  const n = text.length;
  const costB = new Array<number>(n + 1).fill(0);
  const costC = new Array<number>(n + 1).fill(0);
  const stayB = (i: number) => 1 + (costB[i + 1] ?? 0);
  const stayC = (i: number) =>
    i + 1 < n && isDigit(text, i) && isDigit(text, i + 1) ? 1 + (costC[i + 2] ?? 0) : Infinity;
  for (let i = n - 1; i >= 0; i--) {
    const b = stayB(i);
    const c = stayC(i);
    costB[i] = Math.min(b, 1 + c);
    costC[i] = Math.min(c, 1 + b);
  }
  const plan: CodeSet[] = [];
  let set: CodeSet = stayC(0) < stayB(0) ? 'C' : 'B';
  for (let i = 0; i < n; ) {
    const b = stayB(i);
    const c = stayC(i);
    set = set === 'B' ? (1 + c < b ? 'C' : 'B') : c <= 1 + b ? 'C' : 'B';
    plan[i] = set;
    if (set === 'C') plan[i + 1] = set;
    i += set === 'C' ? 2 : 1;
  }
  return plan;
}

/**
 * Encodes text as Code 128 (sets B and C, fewest symbols). Accepts printable ASCII (32-126), at least one character;
 * anything else is a `RangeError`. The check symbol is the start value plus each data value times its position,
 * modulo 103.
 */
export function encodeCode128(text: string): Code128 {
  if (!text) throw new RangeError('Code 128 needs at least one character');
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c > 126) throw new RangeError(`Code 128 (set B) cannot encode character code ${c} at ${i}`);
  }
  const plan = planSets(text);
  const values: number[] = [plan[0] === 'C' ? START_C : START_B];
  let set = plan[0];
  for (let i = 0; i < text.length; ) {
    if (plan[i] !== set) {
      set = plan[i];
      values.push(set === 'C' ? CODE_C : CODE_B);
    }
    if (set === 'C') {
      values.push(Number(text.slice(i, i + 2)));
      i += 2;
    } else {
      values.push(text.charCodeAt(i) - 32);
      i += 1;
    }
  }
  let sum = values[0] ?? 0;
  for (let p = 1; p < values.length; p++) sum += (values[p] ?? 0) * p;
  values.push(sum % 103, STOP);
  const widths = values.flatMap((v) => [...(PATTERNS[v] ?? '')].map(Number));
  return { values, widths, modules: widths.reduce((a, w) => a + w, 0) };
}

/** The bars of a symbol as `[x, width]` pairs in modules from its left edge (quiet zone not included). */
export function code128Bars(symbol: Pick<Code128, 'widths'>): [number, number][] {
  const bars: [number, number][] = [];
  let x = 0;
  symbol.widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push([x, w]);
    x += w;
  });
  return bars;
}
