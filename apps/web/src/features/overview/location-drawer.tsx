import {
  AbcClassEnum,
  ItemResultEnum,
  ItemStatusEnum,
  LocationCountStateEnum,
  LocationStatusEnum,
} from '@shelfwise/contract/enums';
import { Alert, Descriptions, Drawer, Empty, Flex, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../lib/theme/theme-store';
import { PictureThumbs, SignedQty } from '../inventory/audit/audit-cells';
import { formatQty } from '../inventory/audit/audit-figures';
import { EnumTag } from '../system';
import { type OverviewLine, useLocationLines } from './overview.api';
import { statePalette } from './overview-states';
import { useStateLabel } from './state-legend';
import { TaskStatusTag } from './task-status';
import './overview.texts';

/** A count state as a tag in its overview colour. */
export function StateTag({ state }: { state: number }) {
  const dark = useTheme((s) => s.isDark);
  const label = useStateLabel();
  const color = statePalette(dark)[state];
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }} data-testid="location-state">
      {label(state)}
    </Tag>
  );
}

/**
 * One location of the overview in a drawer: where it is, its state in the task, and its lines (book and difference
 * as the server shows them to the caller) with their photos.
 */
export function LocationDrawer({
  locationId,
  taskId,
  onClose,
}: {
  locationId: number | undefined;
  /** The task the overview is coloured by (undefined: the location's latest task). */
  taskId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('overview');
  const query = useLocationLines(locationId, taskId);
  const data = query.data;
  const loc = data?.location;

  const columns: ColumnsType<OverviewLine> = [
    {
      key: 'sku',
      title: t('lines.sku'),
      dataIndex: 'skuCode',
      render: (code: string, r) => (
        <Flex vertical>
          <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
            {code}
          </Typography.Text>
          {r.skuName ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.skuName}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'consignor', title: t('lines.consignor'), dataIndex: 'consignorCode' },
    { key: 'lot', title: t('lines.lot'), dataIndex: 'lot', render: (v: string | null) => v ?? '–' },
    {
      key: 'book',
      title: t('lines.book'),
      dataIndex: 'bookQty',
      align: 'right',
      render: (v: number | null) =>
        v === null ? <Typography.Text type="secondary">***</Typography.Text> : formatQty(v),
    },
    {
      key: 'counted',
      title: t('lines.counted'),
      dataIndex: 'countedQty',
      align: 'right',
      render: (v: number | null, r) =>
        r.reviewQty !== null ? (
          <Space size={4}>
            <Typography.Text delete type="secondary">
              {formatQty(v)}
            </Typography.Text>
            {formatQty(r.reviewQty)}
          </Space>
        ) : (
          formatQty(v)
        ),
    },
    {
      key: 'diff',
      title: t('lines.difference'),
      dataIndex: 'diffQty',
      align: 'right',
      render: (v: number | null) => <SignedQty value={v} />,
    },
    {
      key: 'result',
      title: t('lines.result'),
      dataIndex: 'result',
      render: (v: number | null, r) =>
        v === null ? <EnumTag def={ItemStatusEnum} value={r.status} /> : <EnumTag def={ItemResultEnum} value={v} />,
    },
    {
      key: 'counter',
      title: t('lines.counter'),
      dataIndex: 'counterName',
      render: (v: string | null, r) =>
        v ? (
          <Flex vertical>
            <span>{v}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {r.countedAt}
            </Typography.Text>
          </Flex>
        ) : (
          '–'
        ),
    },
    ...(data?.lines.some((l) => l.abnormalCause)
      ? [
          {
            key: 'cause',
            title: t('lines.cause'),
            dataIndex: 'abnormalCause',
            render: (v: string | null) => v ?? '–',
          },
        ]
      : []),
    {
      key: 'pictures',
      title: t('lines.photos'),
      dataIndex: 'pictures',
      render: (v: OverviewLine['pictures']) => <PictureThumbs pictures={v} max={4} />,
    },
  ];

  return (
    <Drawer
      open={!!locationId}
      onClose={onClose}
      size="min(900px, 100vw)"
      destroyOnHidden
      title={
        loc ? (
          <Space wrap>
            <span data-testid="location-drawer-code">{loc.code}</span>
            <StateTag state={loc.state} />
          </Space>
        ) : (
          t('lines.title')
        )
      }
      loading={query.isLoading}
      data-testid="location-drawer"
    >
      {query.isError ? <Alert type="error" showIcon title={t('lines.loadFailed')} /> : null}
      {data && loc ? (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              { key: 'area', label: t('lines.area'), children: loc.areaCode },
              {
                key: 'place',
                label: t('lines.place'),
                children:
                  [
                    loc.aisle && t('lines.aisle', { v: loc.aisle }),
                    loc.bay && t('lines.bay', { v: loc.bay }),
                    loc.level && t('lines.level', { v: loc.level }),
                    loc.slot && t('lines.slot', { v: loc.slot }),
                  ]
                    .filter(Boolean)
                    .join(' · ') || '–',
              },
              {
                key: 'status',
                label: t('lines.locationStatus'),
                children: <EnumTag def={LocationStatusEnum} value={loc.status} />,
              },
              {
                key: 'abc',
                label: t('lines.abc'),
                children: loc.abcClass ? <EnumTag def={AbcClassEnum} value={loc.abcClass} /> : '–',
              },
              {
                key: 'capacity',
                label: t('lines.maxCapacity'),
                children: loc.maxCapacity === null ? '–' : formatQty(loc.maxCapacity),
              },
              { key: 'last', label: t('lines.lastCounted'), children: loc.lastCountedAt ?? '–' },
              {
                key: 'task',
                label: t('lines.task'),
                span: 'filled',
                children: data.task ? (
                  <Space wrap size={4}>
                    <span>
                      {data.task.code} · {data.task.name}
                    </span>
                    <TaskStatusTag task={data.task} />
                  </Space>
                ) : (
                  t('lines.noTask')
                ),
              },
              {
                key: 'countState',
                label: t('lines.countState'),
                children:
                  data.countState === null ? (
                    t('lines.outsideTask')
                  ) : (
                    <EnumTag def={LocationCountStateEnum} value={data.countState} />
                  ),
              },
              {
                key: 'confirmed',
                label: t('lines.confirmed'),
                span: 'filled',
                children: data.confirmedBy ? `${data.confirmedBy} · ${data.confirmedAt ?? ''}` : '–',
              },
            ]}
          />
          <Table<OverviewLine>
            size="small"
            rowKey="itemId"
            columns={columns}
            dataSource={data.lines}
            pagination={data.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={data.task ? t('lines.none') : t('lines.noTaskLines')} /> }}
            data-testid="location-lines"
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}
