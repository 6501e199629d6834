import { snapshotImportRow } from '@shelfwise/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSnapshotRow } from './snapshot-rows';

const schemaOf = (cells: Record<string, string>) =>
  snapshotImportRow.safeParse({
    locationCode: cells.locationCode ?? '',
    skuCode: cells.skuCode ?? '',
    consignorCode: cells.consignorCode ?? '',
    lot: cells.lot ?? '',
    quantity: cells.quantity ?? '',
  });

const text = fc.oneof(fc.string({ maxLength: 70 }), fc.constantFrom('', 'A-01', 'x'.repeat(64), 'x'.repeat(65)));
const quantity = fc.oneof(
  fc.constantFrom('', ' ', '0', '-0', '-1', '1.5', '1.2345', '0.001', '1e3', '1e-4', ' 7 ', '0x10', 'abc', 'Infinity'),
  fc.constantFrom('NaN', '999999999999', '1000000000000', '0.30000000000000004', '12.', '.5'),
  fc.double({ noNaN: false }).map(String),
  fc.integer({ min: -5, max: 100_000 }).map((n) => String(n / 1000)),
);

describe('snapshot rows', () => {
  it('accepts and refuses exactly as the schema does, with the same values', () => {
    fc.assert(
      fc.property(
        fc.record(
          { locationCode: text, skuCode: text, consignorCode: text, lot: text, quantity },
          { requiredKeys: ['quantity'] },
        ),
        (cells) => {
          const quick = checkSnapshotRow(cells as Record<string, string>);
          const schema = schemaOf(cells as Record<string, string>);
          expect(quick.success).toBe(schema.success);
          if (quick.success && schema.success) expect(quick.data).toEqual(schema.data);
          if (!quick.success && !schema.success) expect(quick.error.issues).toEqual(schema.error.issues);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
