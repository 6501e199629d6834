import type { Placement, WidgetKey, WidgetSpan } from './home.api';

// Changes a user makes to the workbench, as pure functions of the widget list (the order is the position).

/** Moves the widget at `from` to `to` (both indexes of the list as it is); out-of-range moves change nothing. */
export function moveWidget(list: readonly Placement[], from: number, to: number): Placement[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as Placement);
  return next;
}

/** Moves a widget onto the place of another (dragged onto it): it takes that place, the others shift. */
export function dropWidget(list: readonly Placement[], dragged: WidgetKey, target: WidgetKey): Placement[] {
  return moveWidget(
    list,
    list.findIndex((p) => p.key === dragged),
    list.findIndex((p) => p.key === target),
  );
}

/** The list without a widget. */
export function removeWidget(list: readonly Placement[], key: WidgetKey): Placement[] {
  return list.filter((p) => p.key !== key);
}

/** The list with a widget added at the end (a widget already there stays where it is). */
export function addWidget(list: readonly Placement[], key: WidgetKey, span: WidgetSpan): Placement[] {
  return list.some((p) => p.key === key) ? [...list] : [...list, { key, span }];
}

/** The list with one widget's width changed. */
export function resizeWidget(list: readonly Placement[], key: WidgetKey, span: WidgetSpan): Placement[] {
  return list.map((p) => (p.key === key ? { key, span } : p));
}

/**
 * The grid columns of a width by screen: phones stack every widget, mid-size screens put narrow widgets two to a
 * row, wide screens use the chosen width.
 */
export function columnsOf(span: WidgetSpan) {
  return { xs: 24, lg: span <= 12 ? 12 : 24, xl: span } as const;
}

/**
 * The widgets a user sees and may arrange: those of their layout they can use, in order. Widgets they may no longer
 * use stay in the saved list (after the visible ones) so a change of rights does not lose them.
 */
export function splitByAccess(list: readonly Placement[], usable: (key: WidgetKey) => boolean) {
  return { visible: list.filter((p) => usable(p.key)), hidden: list.filter((p) => !usable(p.key)) };
}
