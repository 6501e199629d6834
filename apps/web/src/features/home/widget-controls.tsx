import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  HolderOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetSpan } from './home.api';

const SPANS: readonly WidgetSpan[] = [6, 8, 12, 16, 24];

/** What the controls of one widget can do. */
export interface ControlActions {
  onMove: (delta: -1 | 1) => void;
  onResize: (span: WidgetSpan) => void;
  onRemove: () => void;
  onDragStart: (e: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
}

/**
 * The header controls of a widget while the workbench is arranged: a drag handle, its width, move earlier / later
 * (the keyboard way to reorder) and remove. Phones stack every widget full width: no handle, no width there.
 */
export function WidgetControls({
  name,
  index,
  count,
  span,
  narrow,
  actions,
}: {
  name: string;
  index: number;
  count: number;
  span: WidgetSpan;
  narrow: boolean;
  actions: ControlActions;
}) {
  const { t } = useTranslation('home');
  const earlier = t('controls.earlier', { name });
  const later = t('controls.later', { name });
  return (
    <div className="sw-home-controls" data-testid="widget-controls">
      {narrow ? null : (
        <Tooltip title={t('controls.drag', { name })}>
          <span
            className="sw-home-handle"
            draggable
            onDragStart={actions.onDragStart}
            onDragEnd={actions.onDragEnd}
            data-testid="widget-handle"
            aria-hidden
          >
            <HolderOutlined />
          </span>
        </Tooltip>
      )}
      {narrow ? null : (
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [String(span)],
            items: SPANS.map((s) => ({ key: String(s), label: t(`controls.spans.${s}`) })),
            onClick: ({ key }) => actions.onResize(Number(key) as WidgetSpan),
          }}
        >
          <Button
            size="small"
            type="text"
            icon={<ColumnWidthOutlined />}
            aria-label={t('controls.width', { name })}
            title={t('controls.width', { name })}
            data-testid="widget-width"
          />
        </Dropdown>
      )}
      <Button
        size="small"
        type="text"
        icon={narrow ? <ArrowUpOutlined /> : <ArrowLeftOutlined />}
        disabled={index === 0}
        onClick={() => actions.onMove(-1)}
        aria-label={earlier}
        title={earlier}
        data-testid="widget-earlier"
      />
      <Button
        size="small"
        type="text"
        icon={narrow ? <ArrowDownOutlined /> : <ArrowRightOutlined />}
        disabled={index === count - 1}
        onClick={() => actions.onMove(1)}
        aria-label={later}
        title={later}
        data-testid="widget-later"
      />
      <Button
        size="small"
        type="text"
        danger
        icon={<CloseOutlined />}
        onClick={actions.onRemove}
        aria-label={t('controls.remove', { name })}
        title={t('controls.remove', { name })}
        data-testid="widget-remove"
      />
    </div>
  );
}
