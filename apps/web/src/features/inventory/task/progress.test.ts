import { InventoryStatus } from '@shelfwise/contract/enums';
import { describe, expect, it } from 'vitest';
import { formatDiff, formatQty, isLive, percent, progressOf, progressStatus } from './progress';
import { taskActionsFor } from './task-status';

describe('count progress', () => {
  it('floors percentages and shows 100 only when everything is done', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(5, 0)).toBe(0);
    expect(percent(1, 3)).toBe(33);
    expect(percent(999, 1000)).toBe(99);
    expect(percent(1000, 1000)).toBe(100);
    expect(percent(1200, 1000)).toBe(100);
  });

  it('reads lines counted, locations confirmed and the difference share of a task', () => {
    const p = progressOf({
      lineCount: 200,
      countedLineCount: 50,
      locationCount: 40,
      confirmedLocationCount: 10,
      diffLineCount: 5,
    });
    expect(p).toMatchObject({ linePct: 25, locationPct: 25, lines: '50 / 200', locations: '10 / 40', diffPct: 10 });
    expect(p.complete).toBe(false);
  });

  it('hides the difference share when the caller may not see book quantities', () => {
    const p = progressOf({
      lineCount: 2,
      countedLineCount: 2,
      locationCount: 1,
      confirmedLocationCount: 1,
      diffLineCount: null,
    });
    expect(p.diffPct).toBeNull();
    expect(p.complete).toBe(true);
  });

  it('keeps ready and counting tasks live', () => {
    expect(isLive(InventoryStatus.ready)).toBe(true);
    expect(isLive(InventoryStatus.counting)).toBe(true);
    expect(isLive(InventoryStatus.submitted)).toBe(false);
    expect(progressStatus(InventoryStatus.counting)).toBe('active');
    expect(progressStatus(InventoryStatus.counted)).toBe('success');
    expect(progressStatus(InventoryStatus.cancelled)).toBe('exception');
  });

  it("shows '—' for quantities the API keeps back and signs differences", () => {
    expect(formatQty(null)).toBe('—');
    expect(formatQty(undefined)).toBe('—');
    expect(formatDiff(null)).toBe('—');
    expect(formatDiff(3)).toBe('+3');
    expect(formatDiff(-1.5)).toBe('-1.5');
    expect(formatDiff(0)).toBe('0');
  });
});

describe('task actions by status', () => {
  it('offers generate in draft, start in ready, submit once counted, nothing but items after submission', () => {
    expect(taskActionsFor(InventoryStatus.draft)).toMatchObject({
      generate: true,
      start: false,
      delete: true,
      subTasks: false,
    });
    expect(taskActionsFor(InventoryStatus.ready)).toMatchObject({ generate: true, start: true, cancel: true });
    expect(taskActionsFor(InventoryStatus.counting)).toMatchObject({ submit: false, cancel: true, delete: false });
    expect(taskActionsFor(InventoryStatus.counted)).toMatchObject({ submit: true, cancel: false });
    expect(taskActionsFor(InventoryStatus.submitted)).toEqual({
      edit: false,
      generate: false,
      start: false,
      submit: false,
      cancel: false,
      delete: false,
      subTasks: true,
      items: true,
    });
    expect(taskActionsFor(InventoryStatus.cancelled)).toMatchObject({ delete: true, edit: false, subTasks: false });
  });
});
