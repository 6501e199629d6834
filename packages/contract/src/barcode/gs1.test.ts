import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GS1_GS,
  Gs1Error,
  gs1Body,
  gs1CheckDigit,
  gs1Date,
  gs1ScanOf,
  gtinScanCode,
  isValidGtin,
  parseGs1,
  sameGtin,
} from './gs1';

const GS = GS1_GS;
const TODAY = new Date(Date.UTC(2026, 10, 22));

function reason(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof Gs1Error) return e.reason;
    throw e;
  }
  return undefined;
}

describe('check digits', () => {
  it('accepts real GTINs and the GS1 example SSCC', () => {
    expect(isValidGtin('4006381333931')).toBe(true); // EAN-13 on a retail pack
    expect(isValidGtin('09506000134352')).toBe(true); // GS1's example GTIN-14
    expect(isValidGtin('96385074')).toBe(true); // EAN-8
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(gs1CheckDigit('10614141123456789')).toBe(7); // SSCC 106141411234567897
  });

  it('refuses a wrong check digit or a wrong length', () => {
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('09506000134353')).toBe(false);
    expect(isValidGtin('400638133393')).toBe(false);
    expect(isValidGtin('40063813339A1')).toBe(false);
  });

  it('catches every single-digit change (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{13}$/), fc.nat(12), fc.integer({ min: 1, max: 9 }), (body, pos, add) => {
        const gtin = body + gs1CheckDigit(body);
        expect(isValidGtin(gtin)).toBe(true);
        const changed = gtin.slice(0, pos) + ((Number(gtin[pos]) + add) % 10) + gtin.slice(pos + 1);
        expect(isValidGtin(changed)).toBe(false);
      }),
    );
  });
});

describe('parseGs1', () => {
  it('reads GS1-128 with the ]C1 identifier and FNC1 separators', () => {
    const data = parseGs1(`]C1010950600013435217251231${'10ABC123'}${GS}3712`, { today: TODAY });
    expect(data.gtin).toBe('09506000134352');
    expect(data.expiry).toBe('2025-12-31');
    expect(data.lot).toBe('ABC123');
    expect(data.quantity).toBe(12);
    expect(data.elements.map((e) => e.ai)).toEqual(['01', '17', '10', '37']);
  });

  it('reads the parentheses form', () => {
    const data = parseGs1('(01)04006381333931(17)270630(10)L2026-07(30)24', { today: TODAY });
    expect(data).toMatchObject({ gtin: '04006381333931', expiry: '2027-06-30', lot: 'L2026-07', quantity: 24 });
  });

  it('reads a logistic-unit label: SSCC, contained GTIN and count', () => {
    const raw = `]C1001061414112345678970214012345000013${GS}3748${GS}10B-7781`;
    const data = parseGs1(raw, { today: TODAY });
    expect(data.sscc).toBe('106141411234567897');
    expect(data.contentGtin).toBe('14012345000013');
    expect(data.quantity).toBe(48);
    expect(data.lot).toBe('B-7781');
    expect(gs1ScanOf(data)).toMatchObject({ code: '14012345000013', quantity: 48, lot: 'B-7781' });
  });

  it('reads a leading GS (FNC1 as the first character) and a trailing newline', () => {
    const data = parseGs1(`${GS}010950600013435210LOT1\r\n`);
    expect(data).toMatchObject({ gtin: '09506000134352', lot: 'LOT1' });
  });

  it('reads an element string without identifier when it starts with a valid AI 01', () => {
    expect(gs1Body('01095060001343521724010010X1')).not.toBeNull();
    expect(parseGs1(`0109506000134352${GS}3005`).quantity).toBe(5);
  });

  it('ends a variable field at the end of the data without FNC1', () => {
    expect(parseGs1('010950600013435210ABC').lot).toBe('ABC');
  });

  it('skips AIs it does not interpret (serial, net weight)', () => {
    const data = parseGs1(`]C101095060001343523103000750${GS}21SN9981${GS}10L9`);
    expect(data.elements.map((e) => e.ai)).toEqual(['01', '3103', '21', '10']);
    expect(data.lot).toBe('L9');
  });

  it('prefers AI 37 over AI 30 for the quantity', () => {
    expect(parseGs1('(02)14012345000013(30)7(37)6').quantity).toBe(6);
  });

  it('checks the GTIN and SSCC check digits', () => {
    expect(reason(() => parseGs1('(01)09506000134353'))).toBe('badCheckDigit');
    expect(reason(() => parseGs1('(00)106141411234567898'))).toBe('badCheckDigit');
  });

  it('checks lengths, characters and AIs', () => {
    expect(reason(() => parseGs1('(01)0950600013435'))).toBe('badLength');
    expect(reason(() => parseGs1('(10)ABCDEFGHIJKLMNOPQRSTU'))).toBe('badLength'); // 21 > 20
    expect(reason(() => parseGs1('(30)12A'))).toBe('badValue');
    expect(reason(() => parseGs1('(05)123'))).toBe('unknownAi');
    expect(reason(() => parseGs1(']C1010950600013'))).toBe('badLength');
    expect(reason(() => parseGs1(']C1'))).toBe('empty');
    expect(reason(() => parseGs1('(10)A B'))).toBe('badValue');
  });

  it('refuses impossible dates', () => {
    expect(reason(() => parseGs1('(01)09506000134352(17)251301'))).toBe('badDate');
    expect(reason(() => parseGs1('(01)09506000134352(17)250230'))).toBe('badDate');
  });

  it('needs an item for a count', () => {
    expect(reason(() => gs1ScanOf(parseGs1('(00)106141411234567897')))).toBe('noItem');
  });
});

describe('gs1Body', () => {
  it('tells GS1 from other symbologies', () => {
    expect(gs1Body(']C1010950600013435210A')).toBe('010950600013435210A');
    expect(gs1Body(']d2010950600013435210A')).toBe('010950600013435210A');
    expect(gs1Body(']E04006381333931')).toBeNull(); // EAN-13 identifier
    expect(gs1Body(']C0A-01-02-03')).toBeNull(); // plain Code 128
    expect(gs1Body('4006381333931')).toBeNull();
    expect(gs1Body('A-01-02-03')).toBeNull();
    expect(gs1Body('0109506000134353')).toBeNull(); // AI 01 with a wrong check digit: not a GS1 string
    expect(gs1Body('(01)09506000134352')).toBe('(01)09506000134352');
  });
});

describe('dates', () => {
  it('resolves the century around today (GS1 §7.12)', () => {
    expect(gs1Date('991231', TODAY)).toBe('1999-12-31'); // 73 years ahead -> previous century
    expect(gs1Date('760101', TODAY)).toBe('2076-01-01'); // 50 ahead -> this century
    expect(gs1Date('770101', TODAY)).toBe('1977-01-01'); // 51 ahead -> previous
    expect(gs1Date('270101', TODAY)).toBe('2027-01-01');
  });

  it('reads day 00 as the last day of the month', () => {
    expect(gs1Date('280200', TODAY)).toBe('2028-02-29');
    expect(gs1Date('270200', TODAY)).toBe('2027-02-28');
  });
});

describe('GTIN forms', () => {
  it('sends a GTIN-14 with indicator 0 as its EAN-13 and keeps case codes', () => {
    expect(gtinScanCode('04006381333931')).toBe('4006381333931');
    expect(gtinScanCode('14012345000013')).toBe('14012345000013');
    expect(gs1ScanOf(parseGs1('(01)04006381333931')).code).toBe('4006381333931');
  });

  it('compares GTINs of different lengths by their 14-digit form', () => {
    expect(sameGtin('04006381333931', '4006381333931')).toBe(true);
    expect(sameGtin('036000291452', '0036000291452')).toBe(true);
    expect(sameGtin('14012345000013', '4012345000016')).toBe(false);
    expect(sameGtin('SKU-1', 'SKU-1')).toBe(true);
  });
});
