import { describe, expect, it } from 'vitest';
import { example, rangeSize, toBody } from './location-generator';

describe('location generator form', () => {
  it('counts the values of number and letter ranges as the server expands them', () => {
    expect(rangeSize({ from: '1', to: '25' })).toBe(25);
    expect(rangeSize({ from: '25', to: '1' })).toBe(25);
    expect(rangeSize({ from: 'A', to: 'B' })).toBe(2);
    expect(rangeSize({ from: 'Z', to: 'AB' })).toBe(3);
    expect(rangeSize({ from: 'A', to: '3' })).toBe(0);
    expect(rangeSize({ from: '1' })).toBe(0);
  });

  it('fills the pattern with the first values, padding numbers to a token’s width', () => {
    const values = {
      aisles: { from: 'A', to: 'B' },
      bays: { from: '7', to: '25' },
      levels: { from: '1', to: '5' },
      slots: { from: '3', to: '8' },
      pattern: '{area}-{aisle}{bay:2}-{level}-{slot:3}',
    };
    expect(example(values, 'A1')).toBe('A1-A07-1-003');
  });

  it('leaves the slot range out when it is empty and sends empty sizes as null', () => {
    const body = toBody(
      {
        areaId: 5,
        aisles: { from: 'A', to: 'A' },
        bays: { from: '1', to: '2' },
        levels: { from: '1', to: '1' },
        slots: { from: '', to: '' },
        pattern: ' {aisle}-{bay} ',
        length: 1.2,
      },
      true,
    );
    expect(body).toMatchObject({ areaId: 5, pattern: '{aisle}-{bay}', length: 1.2, width: null, preview: true });
    expect('slots' in body).toBe(false);
  });
});
