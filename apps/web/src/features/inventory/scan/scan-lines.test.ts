import { describe, expect, it } from 'vitest';
import { displayLines, isWedgeBurst, matchLine, readCode, routeCode, unitsOf, uuid } from './scan-lines';
import type { QueueEntry, ScanLine, ScanLocation } from './scan-queue';

const line = (over: Partial<ScanLine>): ScanLine => ({
  itemId: 1,
  skuId: 1,
  skuCode: 'SKU-1',
  skuName: 'Pencil',
  barcodes: ['4006381333931'],
  boxGauge: 12,
  unit: 'pcs',
  lot: null,
  countedQty: null,
  bookQty: null,
  status: 1,
  ...over,
});

const location: ScanLocation = {
  subTaskId: 1,
  locationId: 10,
  locationCode: 'A-01-02-03',
  state: 1,
  countMode: 1,
  lines: [
    line({}),
    line({ itemId: 2, skuId: 2, skuCode: 'SKU-2', barcodes: ['09506000134352'], lot: 'L1', countedQty: 4 }),
    line({ itemId: 3, skuId: 2, skuCode: 'SKU-2', barcodes: ['09506000134352'], lot: 'L2', countedQty: 0 }),
  ],
};

const entry = (over: Partial<QueueEntry> & { kind?: 'unit' | 'carton' | 'empty' | 'undo' }): QueueEntry => ({
  id: uuid(),
  seq: 1,
  op: 'scan',
  input: { clientId: 'x', subTaskId: 1, locationId: 10, kind: over.kind ?? 'unit' },
  itemId: null,
  delta: null,
  toCheck: false,
  attempts: 0,
  createdAt: '',
  ...over,
});

describe('readCode', () => {
  it('parses GS1 and sends the EAN-13 form of an indicator-0 GTIN', () => {
    expect(readCode('(01)04006381333931(10)L7(30)3')).toMatchObject({
      kind: 'gs1',
      code: '4006381333931',
      lot: 'L7',
      quantity: 3,
    });
  });
  it('keeps plain codes and reports broken GS1', () => {
    expect(readCode(' A-01-02-03 ')).toEqual({ kind: 'plain', code: 'A-01-02-03', raw: ' A-01-02-03 ' });
    expect(readCode('(01)04006381333932')).toMatchObject({ kind: 'error', reason: 'badCheckDigit' });
  });
});

describe('matchLine', () => {
  it('matches barcodes across GTIN lengths, SKU codes case-insensitively, and prefers the lot', () => {
    expect(matchLine(location.lines, '04006381333931')?.itemId).toBe(1);
    expect(matchLine(location.lines, 'sku-1')?.itemId).toBe(1);
    expect(matchLine(location.lines, '9506000134352', 'L2')?.itemId).toBe(3);
    expect(matchLine(location.lines, '9506000134352')?.itemId).toBe(2);
    expect(matchLine(location.lines, '12345')).toBeUndefined();
  });
});

describe('routeCode', () => {
  const known = new Set(['A-01-02-03', 'A-01-02-04']);
  it('treats a code as a location without a location or in location mode', () => {
    const read = { kind: 'plain', code: 'SKU-1', raw: 'SKU-1' } as const;
    expect(routeCode(read, { locationMode: false, location: null, knownLocationCodes: known })).toBe('location');
    expect(routeCode(read, { locationMode: true, location, knownLocationCodes: known })).toBe('location');
  });
  it('never switches the location from item mode', () => {
    const read = { kind: 'plain', code: 'a-01-02-04', raw: 'a-01-02-04' } as const;
    expect(routeCode(read, { locationMode: false, location, knownLocationCodes: known })).toBe('locationRefused');
    const item = { kind: 'plain', code: 'NEW-SKU', raw: 'NEW-SKU' } as const;
    expect(routeCode(item, { locationMode: false, location, knownLocationCodes: known })).toBe('item');
  });
  it('counts GS1 strings as items, never as locations', () => {
    const read = { kind: 'gs1', code: '4006381333931', raw: '' } as const;
    expect(routeCode(read, { locationMode: false, location, knownLocationCodes: known })).toBe('item');
    expect(routeCode(read, { locationMode: true, location, knownLocationCodes: known })).toBe('needLocation');
    expect(routeCode(read, { locationMode: false, location: null, knownLocationCodes: known })).toBe('needLocation');
  });
});

describe('displayLines', () => {
  it('adds queued scans of this location to the server counts', () => {
    const shown = displayLines(location, [
      entry({ itemId: 1, delta: 1 }),
      entry({ itemId: 1, delta: 12, kind: 'carton' }),
      entry({ itemId: 2, delta: -1, kind: 'undo' }),
      entry({ itemId: 1, delta: 5, input: { clientId: 'y', subTaskId: 1, locationId: 99, kind: 'unit' } }),
      entry({ itemId: null, delta: 1, toCheck: true }),
    ]);
    expect(shown.map((l) => l.countedQty)).toEqual([13, 3, 0]);
  });
  it('shows uncounted lines as 0 once "location empty" is queued', () => {
    const shown = displayLines(location, [entry({ kind: 'empty' })]);
    expect(shown.map((l) => l.countedQty)).toEqual([0, 4, 0]);
  });
});

describe('helpers', () => {
  it('computes carton units from the box gauge', () => {
    expect(unitsOf('unit', undefined, undefined)).toBe(1);
    expect(unitsOf('carton', 2, location.lines[0])).toBe(24);
    expect(unitsOf('carton', 1, line({ boxGauge: null }))).toBeNull();
  });
  it('tells a scanner burst from typing', () => {
    expect(isWedgeBurst([0, 8, 16, 25, 31])).toBe(true);
    expect(isWedgeBurst([0, 150, 260, 420, 600])).toBe(false);
    expect(isWedgeBurst([0, 5])).toBe(false);
  });
  it('makes version-4 UUIDs', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
