import { describe, expect, it } from 'vitest';
import type { Placement } from './home.api';
import { addWidget, columnsOf, dropWidget, moveWidget, removeWidget, resizeWidget, splitByAccess } from './layout-ops';

const list: Placement[] = [
  { key: 'welcome', span: 16 },
  { key: 'timer', span: 8 },
  { key: 'charts', span: 12 },
  { key: 'notices', span: 12 },
];
const keys = (l: Placement[]) => l.map((p) => p.key);

describe('workbench layout changes', () => {
  it('moves a widget earlier and later, and ignores moves off the ends', () => {
    expect(keys(moveWidget(list, 2, 1))).toEqual(['welcome', 'charts', 'timer', 'notices']);
    expect(keys(moveWidget(list, 0, 3))).toEqual(['timer', 'charts', 'notices', 'welcome']);
    expect(moveWidget(list, 0, -1)).toEqual(list);
    expect(moveWidget(list, 3, 4)).toEqual(list);
    // the input is left as it was
    expect(keys(list)).toEqual(['welcome', 'timer', 'charts', 'notices']);
  });

  it('drops a dragged widget onto the place of another', () => {
    expect(keys(dropWidget(list, 'notices', 'welcome'))).toEqual(['notices', 'welcome', 'timer', 'charts']);
    expect(keys(dropWidget(list, 'welcome', 'charts'))).toEqual(['timer', 'charts', 'welcome', 'notices']);
    expect(dropWidget(list, 'welcome', 'schedule')).toEqual(list);
  });

  it('adds at the end once, removes, and resizes keeping the place', () => {
    expect(addWidget(list, 'schedule', 16).at(-1)).toEqual({ key: 'schedule', span: 16 });
    expect(addWidget(list, 'timer', 24)).toEqual(list);
    expect(keys(removeWidget(list, 'timer'))).toEqual(['welcome', 'charts', 'notices']);
    expect(resizeWidget(list, 'charts', 24)[2]).toEqual({ key: 'charts', span: 24 });
  });

  it('stacks widgets on phones and halves narrow ones on mid-size screens', () => {
    expect(columnsOf(6)).toEqual({ xs: 24, lg: 12, xl: 6 });
    expect(columnsOf(16)).toEqual({ xs: 24, lg: 24, xl: 16 });
  });

  it('keeps widgets the user may no longer use apart, without losing them', () => {
    const { visible, hidden } = splitByAccess(list, (k) => k !== 'charts');
    expect(keys(visible)).toEqual(['welcome', 'timer', 'notices']);
    expect(keys(hidden)).toEqual(['charts']);
  });
});
