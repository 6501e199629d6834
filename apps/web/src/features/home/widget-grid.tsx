import { Card, Col, Row, Skeleton } from 'antd';
import { type DragEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Placement, WidgetKey, WidgetSpan } from './home.api';
import { columnsOf } from './layout-ops';
import { WidgetControls } from './widget-controls';
import { WIDGETS } from './widget-registry';

/** The changes a user makes in the grid. */
export interface GridActions {
  move: (key: WidgetKey, delta: -1 | 1) => void;
  drop: (dragged: WidgetKey, target: WidgetKey) => void;
  resize: (key: WidgetKey, span: WidgetSpan) => void;
  remove: (key: WidgetKey) => void;
}

const DRAG_TYPE = 'application/x-shelfwise-widget';

/**
 * The widgets in a 24-column grid, in the layout's order and widths. While editing, each widget has controls, and
 * a widget dragged by its handle onto another takes that one's place.
 */
export function WidgetGrid({
  widgets,
  editing,
  narrow,
  actions,
}: {
  widgets: readonly Placement[];
  editing: boolean;
  narrow: boolean;
  actions: GridActions;
}) {
  const { t } = useTranslation('home');
  const [dragged, setDragged] = useState<WidgetKey | null>(null);
  const [over, setOver] = useState<WidgetKey | null>(null);

  const startDrag = (key: WidgetKey) => (e: DragEvent<HTMLElement>) => {
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData(DRAG_TYPE, key);
    e.dataTransfer.setData('text/plain', key);
    const card = (e.currentTarget as HTMLElement).closest('[data-widget]');
    if (card instanceof HTMLElement) e.dataTransfer.setDragImage(card, 24, 24);
    setDragged(key);
  };
  const endDrag = () => {
    setDragged(null);
    setOver(null);
  };
  const dropTarget = (key: WidgetKey) =>
    editing
      ? {
          onDragOver: (e: DragEvent<HTMLElement>) => {
            if (!dragged || dragged === key) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
            if (over !== key) setOver(key);
          },
          onDragLeave: (e: DragEvent<HTMLElement>) => {
            if (!(e.currentTarget as HTMLElement).contains(e.relatedTarget as Node | null)) setOver(null);
          },
          onDrop: (e: DragEvent<HTMLElement>) => {
            e.preventDefault();
            const from = (e.dataTransfer.getData(DRAG_TYPE) || dragged) as WidgetKey | null;
            if (from && from !== key) actions.drop(from, key);
            endDrag();
          },
        }
      : {};

  return (
    <Row gutter={[12, 12]} className={editing ? 'sw-home-grid sw-home-editing' : 'sw-home-grid'}>
      {widgets.map((w, i) => {
        const def = WIDGETS[w.key];
        const name = t(`widgets.${w.key}`);
        const classes = ['sw-home-cell'];
        if (dragged === w.key) classes.push('sw-home-dragging');
        if (over === w.key) classes.push('sw-home-over');
        return (
          <Col
            key={w.key}
            {...columnsOf(w.span)}
            data-widget={w.key}
            className={classes.join(' ')}
            {...dropTarget(w.key)}
          >
            <Suspense
              fallback={
                <Card title={name}>
                  <Skeleton active paragraph={{ rows: 6 }} />
                </Card>
              }
            >
              <def.Component
                controls={
                  editing ? (
                    <WidgetControls
                      name={name}
                      index={i}
                      count={widgets.length}
                      span={w.span}
                      narrow={narrow}
                      actions={{
                        onMove: (delta) => actions.move(w.key, delta),
                        onResize: (span) => actions.resize(w.key, span),
                        onRemove: () => actions.remove(w.key),
                        onDragStart: startDrag(w.key),
                        onDragEnd: endDrag,
                      }}
                    />
                  ) : undefined
                }
              />
            </Suspense>
          </Col>
        );
      })}
    </Row>
  );
}
