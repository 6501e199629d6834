import { OverviewState } from '@shelfwise/contract/enums';
import { describe, expect, it } from 'vitest';
import { idParam, overviewInput, proposeCodes } from './overview-query';
import {
  areaBands,
  countStates,
  DIMMED_ALPHA,
  LEGEND_ORDER,
  locationColors,
  OUTSIDE,
  statePalette,
  sumAreaStates,
  withAlpha,
} from './overview-states';

describe('overview states', () => {
  it('has a distinct colour for every state in both themes', () => {
    for (const dark of [false, true]) {
      const p = statePalette(dark);
      const colours = LEGEND_ORDER.map((s) => p[s]);
      expect(colours.every((c) => /^#[0-9a-f]{6}$/.test(c ?? ''))).toBe(true);
      expect(new Set(colours).size).toBe(LEGEND_ORDER.length);
    }
    expect(LEGEND_ORDER).toContain(OUTSIDE);
  });

  it('fades locations outside the consignor / SKU filter and states not shown alone', () => {
    const p = statePalette(false);
    const c = locationColors([OverviewState.match, OverviewState.difference, OUTSIDE, 99], [1, 0, 1, 1], p);
    expect(c[0]).toBe(p[OverviewState.match]);
    expect(c[1]).toBe(withAlpha(p[OverviewState.difference] as string, DIMMED_ALPHA));
    expect(c[2]).toBe(p[OUTSIDE]);
    // an unknown state is drawn as outside the task
    expect(c[3]).toBe(p[OUTSIDE]);
    const alone = locationColors([OverviewState.match, OverviewState.difference], [1, 1], p, new Set([3]));
    expect(alone[0]).toBe(withAlpha(p[OverviewState.match] as string, DIMMED_ALPHA));
    expect(alone[1]).toBe(p[OverviewState.difference]);
    expect(withAlpha('#ff8000', 0.5)).toBe('rgba(255, 128, 0, 0.5)');
  });

  it('counts locations per state, from locations or summed over areas', () => {
    expect([...countStates([1, 1, 3, 0]).entries()].sort()).toEqual([
      [0, 1],
      [1, 2],
      [3, 1],
    ]);
    const sum = sumAreaStates([{ states: { '1': 5, '3': 2 } }, { states: { '1': 1, '0': 4, '6': 0 } }]);
    expect(sum.get(1)).toBe(6);
    expect(sum.get(3)).toBe(2);
    expect(sum.get(0)).toBe(4);
    expect(sum.has(6)).toBe(false);
  });

  it('turns an area’s counts into bands in legend order', () => {
    const p = statePalette(true);
    const bands = areaBands({ '2': 3, '1': 5, '0': 1 }, p);
    expect(bands).toEqual([
      { color: p[1], value: 5 },
      { color: p[2], value: 3 },
      { color: p[0], value: 1 },
    ]);
  });
});

describe('overview search and filters', () => {
  it('proposes codes that start with the text first, then those containing it, at most 20', () => {
    const codes = ['A-01', 'A-02', 'B-A-1', 'C-1', ...Array.from({ length: 30 }, (_, i) => `Z-${i}`)];
    expect(proposeCodes(codes, 'a-')).toEqual(['A-01', 'A-02', 'B-A-1']);
    expect(proposeCodes(codes, ' ')).toEqual([]);
    expect(proposeCodes(codes, 'z-')).toHaveLength(20);
  });

  it('sends only the chosen filters, and nothing before a warehouse is chosen', () => {
    expect(overviewInput({})).toBeUndefined();
    expect(overviewInput({ warehouseId: 5, taskId: undefined, skuId: 9 })).toEqual({ warehouseId: 5, skuId: 9 });
    expect(idParam('?warehouseId=12&taskId=x', 'warehouseId')).toBe(12);
    expect(idParam('?warehouseId=12&taskId=x', 'taskId')).toBeUndefined();
    expect(idParam('?taskId=-3', 'taskId')).toBeUndefined();
  });
});
