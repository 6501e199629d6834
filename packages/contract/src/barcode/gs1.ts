/**
 * GS1 element strings (GS1 General Specifications §3 and §7.8) as read from GS1-128, GS1 DataMatrix / QR or
 * DataBar symbols: `]C1` (or another GS1 symbology identifier) + AIs separated by FNC1 (ASCII 29, GS), or the
 * human-readable form with parentheses, "(01)09506000134352(17)201225(10)ABC123". The scanning workbench parses on
 * the device and the server can parse the `raw` the same way. Only what a stocktake needs is interpreted (01, 02,
 * 10, 17, 30, 37; 00 is read and ignored); every other AI of the table is checked for its length and skipped.
 */

/** ASCII 29, how scanners transmit FNC1 inside an element string. */
export const GS1_GS = '\u001d';

/** Why an element string could not be read. */
export type Gs1ErrorReason = 'empty' | 'unknownAi' | 'badLength' | 'badValue' | 'badCheckDigit' | 'badDate' | 'noItem';

/** An element string that is not valid GS1 (reason and, when known, the AI at fault). */
export class Gs1Error extends Error {
  constructor(
    readonly reason: Gs1ErrorReason,
    readonly ai?: string,
  ) {
    super(ai ? `GS1 ${reason} (AI ${ai})` : `GS1 ${reason}`);
    this.name = 'Gs1Error';
  }
}

/** One element: application identifier and its data. */
export interface Gs1Element {
  ai: string;
  value: string;
}

/** A parsed element string with the fields a stocktake uses. */
export interface Gs1Data {
  elements: Gs1Element[];
  /** AI 00, the SSCC of a logistic unit (read, not used for counting). */
  sscc?: string;
  /** AI 01, GTIN of the trade item (14 digits as read). */
  gtin?: string;
  /** AI 02, GTIN of the trade items contained in a logistic unit (14 digits as read). */
  contentGtin?: string;
  /** AI 10, batch or lot. */
  lot?: string;
  /** AI 17, expiry date as ISO `YYYY-MM-DD` (day 00 = last day of the month). */
  expiry?: string;
  /** AI 37 (count of contained items) or else AI 30 (variable count of items). */
  quantity?: number;
}

interface AiDef {
  /** Data length: exact when `fixed`, else the maximum. */
  length: number;
  fixed: boolean;
  numeric: boolean;
}

const f = (length: number, numeric = true): AiDef => ({ length, fixed: true, numeric });
const v = (length: number, numeric = false): AiDef => ({ length, fixed: false, numeric });

// The AIs a warehouse label commonly carries (GS1 General Specifications, table of AIs). A code that is not here is
// refused rather than guessed, because a wrong AI length would shift every following field.
const AIS: Record<string, AiDef> = {
  '00': f(18),
  '01': f(14),
  '02': f(14),
  '03': f(14),
  '10': v(20),
  '11': f(6),
  '12': f(6),
  '13': f(6),
  '15': f(6),
  '16': f(6),
  '17': f(6),
  '20': f(2),
  '21': v(20),
  '22': v(20),
  '30': v(8, true),
  '37': v(8, true),
  '235': v(28),
  '240': v(30),
  '241': v(30),
  '242': v(6, true),
  '243': v(20),
  '250': v(30),
  '251': v(30),
  '253': v(30),
  '254': v(20),
  '255': v(25),
  '400': v(30),
  '401': v(30),
  '402': f(17),
  '403': v(30),
  '410': f(13),
  '411': f(13),
  '412': f(13),
  '413': f(13),
  '414': f(13),
  '415': f(13),
  '416': f(13),
  '417': f(13),
  '420': v(20),
  '421': v(12),
  '422': f(3),
  '423': v(15),
  '424': f(3),
  '425': v(15),
  '426': f(3),
  '427': v(3),
  '7001': f(13),
  '7002': v(30),
  '7003': f(10),
  '7004': v(4, true),
  '7006': f(6),
  '7007': v(12, true),
  '8001': f(14),
  '8002': v(20),
  '8003': v(30),
  '8004': v(30),
  '8005': f(6),
  '8006': f(18),
  '8007': v(34),
  '8008': v(12, true),
  '8020': v(25),
  '8200': v(70),
  '90': v(30),
};
// 91-99: company internal information
for (let i = 91; i <= 99; i++) AIS[String(i)] = v(90);

/** Measures and amounts: a 3-digit AI plus the decimal point position (310n = net weight in kg, n decimals). */
function measureAi(code3: string): AiDef | undefined {
  const n = Number(code3);
  if ((n >= 310 && n <= 316) || (n >= 320 && n <= 337) || (n >= 340 && n <= 357) || (n >= 360 && n <= 369)) {
    return f(6);
  }
  if (n === 390 || n === 392) return v(15, true);
  if (n === 391 || n === 393) return v(18, true);
  return undefined;
}

/** The AI at the start of `data` and its definition (2, 3 or 4 digits). */
function aiAt(data: string, at: number): { ai: string; def: AiDef } | undefined {
  for (const len of [2, 3, 4]) {
    const ai = data.slice(at, at + len);
    if (ai.length < len || !/^\d+$/.test(ai)) return undefined;
    const def = AIS[ai] ?? (len === 4 ? measureAi(ai.slice(0, 3)) : undefined);
    if (def) return { ai, def };
  }
  return undefined;
}

/** GS1 symbology identifiers (ISO/IEC 15424): GS1-128, GS1 DataBar, GS1 DataMatrix, GS1 QR Code, GS1 DotCode. */
const GS1_AIM = new Set([']C1', ']e0', ']d2', ']Q3', ']J1']);

/** Mod-10 check digit of the GS1 data structures (GTIN, SSCC, GLN): weights 3, 1, 3, ... from the right. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `code` is a GTIN-8, -12, -13 or -14 (digits only) with a correct check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

/**
 * The form of a GTIN-14 (from AI 01 / 02) to look a SKU up by. SKUs keep the barcode printed on the unit: an EAN-13
 * (GTIN-13) or, for cartons with their own case code, the ITF-14 / GTIN-14. A GTIN-14 with indicator digit 0 is a
 * GTIN-13 (or a UPC-A / GTIN-12 written as EAN-13) padded with one zero, so the leading zero is dropped and the EAN-13
 * form sent; an indicator 1-9 names a packaging level (or a variable-measure item) and only exists as 14 digits, so
 * it is kept. Anything else is returned as read.
 */
export function gtinScanCode(gtin: string): string {
  if (/^0\d{13}$/.test(gtin)) return gtin.slice(1);
  return gtin;
}

/** Whether two GTINs (8, 12, 13 or 14 digits) name the same item once padded to 14 digits; other codes compare exactly. */
export function sameGtin(a: string, b: string): boolean {
  if (a === b) return true;
  const gtin = /^(\d{8}|\d{12,14})$/;
  return gtin.test(a) && gtin.test(b) && a.padStart(14, '0') === b.padStart(14, '0');
}

/**
 * YYMMDD (AI 11-17) as an ISO date. The century follows GS1 General Specifications §7.12: a year more than 50 years
 * ahead of `today` is in the previous century, one more than 49 years behind is in the next. Day 00 is the last day of
 * the month.
 */
export function gs1Date(yymmdd: string, today: Date = new Date()): string | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(yymmdd);
  if (!m) return undefined;
  const yy = Number(m[1]);
  const month = Number(m[2]);
  let day = Number(m[3]);
  if (month < 1 || month > 12) return undefined;
  const current = today.getUTCFullYear();
  const diff = yy - (current % 100);
  let year = current - (current % 100) + yy;
  if (diff >= 51) year -= 100;
  else if (diff <= -50) year += 100;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = last;
  if (day > last) return undefined;
  return `${String(year).padStart(4, '0')}-${m[2]}-${String(day).padStart(2, '0')}`;
}

/**
 * The element string inside what a scanner read, or null when it is not GS1: a GS1 symbology identifier (`]C1`,
 * `]d2`, ...), a leading FNC1 / GS, the parentheses form, or (scanners configured without identifiers) a digit
 * string that starts with AI 00, 01 or 02 and whose SSCC / GTIN check digit is right. Another identifier (`]E0`
 * for an EAN-13, `]C0` for plain Code 128) means not GS1.
 */
export function gs1Body(raw: string): string | null {
  let text = raw.replace(/[\r\n]+$/, '');
  if (text.startsWith(']') && text.length >= 3) {
    const aim = text.slice(0, 3);
    if (!GS1_AIM.has(aim)) return null;
    return text.slice(3);
  }
  if (text.startsWith(GS1_GS)) {
    let at = 0;
    while (text[at] === GS1_GS) at++;
    return text.slice(at);
  }
  text = text.trim();
  if (/^\(\d{2,4}\)/.test(text)) return text;
  if (text.includes(GS1_GS) && /^\d{2}/.test(text)) return text;
  const ai01 = /^0[12](\d{14})/.exec(text);
  if (ai01?.[1] && isValidGtin(ai01[1])) return text;
  const ai00 = /^00(\d{18})/.exec(text);
  if (ai00?.[1] && gs1CheckDigit(ai00[1].slice(0, -1)) === Number(ai00[1].slice(-1))) return text;
  return null;
}

function checkElement(ai: string, def: AiDef, value: string): void {
  if (value.length === 0 || (def.fixed ? value.length !== def.length : value.length > def.length)) {
    throw new Gs1Error('badLength', ai);
  }
  if (def.numeric && !/^\d+$/.test(value)) throw new Gs1Error('badValue', ai);
  // GS1 AI encodable character set 82: printable ASCII without space and a few symbols
  if (!/^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/.test(value)) throw new Gs1Error('badValue', ai);
}

function splitParentheses(text: string): Gs1Element[] {
  const out: Gs1Element[] = [];
  const re = /\((\d{2,4})\)([^()]*)/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) throw new Gs1Error('badValue');
    const ai = m[1] as string;
    const def = AIS[ai] ?? (ai.length === 4 ? measureAi(ai.slice(0, 3)) : undefined);
    if (!def) throw new Gs1Error('unknownAi', ai);
    const value = (m[2] as string).trim();
    checkElement(ai, def, value);
    out.push({ ai, value });
    at = re.lastIndex;
  }
  return out;
}

function splitFnc1(text: string): Gs1Element[] {
  const out: Gs1Element[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS1_GS) {
      at++;
      continue;
    }
    const found = aiAt(text, at);
    if (!found) throw new Gs1Error('unknownAi', text.slice(at, at + 4));
    const { ai, def } = found;
    const start = at + ai.length;
    let end: number;
    if (def.fixed) {
      end = start + def.length;
      if (end > text.length) throw new Gs1Error('badLength', ai);
    } else {
      const gs = text.indexOf(GS1_GS, start);
      end = gs < 0 ? text.length : gs;
    }
    const value = text.slice(start, end);
    checkElement(ai, def, value);
    out.push({ ai, value });
    at = end;
    // a fixed-length AI outside the predefined table is still followed by FNC1 (skipped at the top of the loop)
  }
  return out;
}

/**
 * Parses a GS1 element string (any form `gs1Body` accepts; the caller may pass what the scanner read). Checks AI
 * lengths, the check digits of 00 / 01 / 02 and the dates; throws `Gs1Error`. `today` fixes the century of dates.
 */
export function parseGs1(raw: string, options: { today?: Date } = {}): Gs1Data {
  const body = gs1Body(raw) ?? raw.trim();
  if (!body) throw new Gs1Error('empty');
  const elements = body.startsWith('(') ? splitParentheses(body) : splitFnc1(body);
  if (elements.length === 0) throw new Gs1Error('empty');
  const data: Gs1Data = { elements };
  for (const { ai, value } of elements) {
    switch (ai) {
      case '00':
      case '01':
      case '02':
        if (gs1CheckDigit(value.slice(0, -1)) !== Number(value.slice(-1))) throw new Gs1Error('badCheckDigit', ai);
        if (ai === '00') data.sscc = value;
        else if (ai === '01') data.gtin = value;
        else data.contentGtin = value;
        break;
      case '10':
        data.lot = value;
        break;
      case '17': {
        const date = gs1Date(value, options.today);
        if (!date) throw new Gs1Error('badDate', ai);
        data.expiry = date;
        break;
      }
      case '11':
      case '12':
      case '13':
      case '15':
      case '16':
        if (!gs1Date(value, options.today)) throw new Gs1Error('badDate', ai);
        break;
      case '30':
        data.quantity ??= Number(value);
        break;
      case '37':
        data.quantity = Number(value);
        break;
    }
  }
  return data;
}

/** What a stocktake scan takes from an element string: the SKU code to send, lot and quantity. */
export interface Gs1Scan {
  /** GTIN in the form SKUs are looked up by (see `gtinScanCode`). */
  code: string;
  lot?: string;
  quantity?: number;
  expiry?: string;
  data: Gs1Data;
}

/**
 * The item a GS1 label names, for a count: AI 02 + 37 (a logistic unit of N trade items) counts the contained GTIN,
 * AI 01 the trade item itself; AI 30 / 37 give the quantity. A label with only an SSCC names no item (`noItem`).
 */
export function gs1ScanOf(data: Gs1Data): Gs1Scan {
  const gtin = data.contentGtin ?? data.gtin;
  if (!gtin) throw new Gs1Error('noItem');
  const out: Gs1Scan = { code: gtinScanCode(gtin), data };
  if (data.lot !== undefined) out.lot = data.lot;
  if (data.quantity !== undefined && data.quantity > 0) out.quantity = data.quantity;
  if (data.expiry !== undefined) out.expiry = data.expiry;
  return out;
}
