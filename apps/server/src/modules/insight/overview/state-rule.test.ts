import { LocationCountState as C, OverviewState as O, LocationStatus as S } from '@shelfwise/contract';
import { describe, expect, it } from 'vitest';
import { checklistState, withStatus } from './state-rule';

const entry = (state: number, lineCount: number, countedLineCount: number, diffLineCount = 0) => ({
  state,
  lineCount,
  countedLineCount,
  diffLineCount,
});

describe('overview state rule', () => {
  it('takes the first that holds: in review, difference, empty, match, locked, not counted', () => {
    expect(checklistState(entry(C.confirmed, 2, 2, 1), true)).toBe(O.inReview);
    expect(checklistState(entry(C.counting, 2, 1, 1), false)).toBe(O.difference);
    // confirmed empty while the book held stock: its lines were counted as zero, a difference
    expect(checklistState(entry(C.confirmedEmpty, 2, 2, 2), false)).toBe(O.difference);
    expect(checklistState(entry(C.confirmedEmpty, 0, 0), false)).toBe(O.empty);
    expect(checklistState(entry(C.confirmed, 0, 0), false)).toBe(O.empty);
    expect(checklistState(entry(C.confirmed, 3, 1), false)).toBe(O.match);
    expect(checklistState(entry(C.counting, 3, 3), false)).toBe(O.match);
    expect(checklistState(entry(C.counting, 3, 2), false)).toBe(O.notCounted);
    expect(checklistState(entry(C.notStarted, 0, 0), false)).toBe(O.notCounted);
  });

  it('locks what is disabled and not counted, and what is outside the task and not enabled', () => {
    expect(withStatus(O.notCounted, S.disabled)).toBe(O.locked);
    // the task's own count lock is no reason
    expect(withStatus(O.notCounted, S.lockedByCount)).toBe(O.notCounted);
    expect(withStatus(O.match, S.disabled)).toBe(O.match);
    expect(withStatus(O.difference, S.disabled)).toBe(O.difference);
    expect(withStatus(0, S.enabled)).toBe(0);
    expect(withStatus(0, S.disabled)).toBe(O.locked);
    expect(withStatus(0, S.lockedByCount)).toBe(O.locked);
  });
});
