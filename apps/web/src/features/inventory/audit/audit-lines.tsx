import { HistoryOutlined } from '@ant-design/icons';
import { ItemResult, ItemResultEnum, ItemStatusEnum } from '@shelfwise/contract/enums';
import { Button, Flex, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EnumTag, useEnumLabel } from '../../system';
import { type ItemPageInput, type ItemRow, useCauseLabel, useItemPage } from './audit.api';
import { PictureThumbs, SignedQty } from './audit-cells';
import { formatMoney, formatPct, formatQty } from './audit-figures';
import { ResultDrawer } from './result-drawer';
import './audit.texts';

type ResultFilter = 'all' | 2 | 3 | 4 | 5;

/**
 * The lines of a task for the auditor: differences first (sorted by result, match last), a filter per result,
 * a location / SKU search, picture thumbnails, and the result drawer per line.
 */
export function AuditLines({ taskId }: { taskId: number }) {
  const { t } = useTranslation('audit');
  const resultLabel = useEnumLabel(ItemResultEnum);
  const causeLabel = useCauseLabel();
  const [result, setResult] = useState<ResultFilter>('all');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [opened, setOpened] = useState<ItemRow | null>(null);
  const [searchBy, setSearchBy] = useState<'location' | 'sku'>('location');
  const term = search.trim();
  const input: ItemPageInput = {
    taskId,
    ...paging,
    ...(result === 'all' ? { field: 'result', order: 'descending' } : { result }),
    ...(term ? (searchBy === 'location' ? { locationCode: term } : { skuCode: term }) : {}),
  };
  const page = useItemPage(input);

  const columns: ColumnsType<ItemRow> = [
    {
      key: 'location',
      title: t('common.location'),
      dataIndex: 'locationCode',
      fixed: 'left',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      key: 'sku',
      title: t('common.sku'),
      dataIndex: 'skuCode',
      render: (v: string, r) => (
        <div style={{ maxWidth: 200 }}>
          <div>{v}</div>
          {r.skuName ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.skuName }}>
              {r.skuName}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    { key: 'consignor', title: t('common.consignor'), dataIndex: 'consignorCode' },
    {
      key: 'book',
      title: t('common.book'),
      dataIndex: 'bookQty',
      align: 'right',
      render: (v: number | null) => (v === null ? <Typography.Text type="secondary">–</Typography.Text> : formatQty(v)),
    },
    // the first count, the recount and what stands now, apart; the final figures drive the result and its filter
    {
      key: 'counted',
      title: t('common.firstCount'),
      dataIndex: 'countedQty',
      align: 'right',
      render: (v: number | null) => formatQty(v),
    },
    {
      key: 'firstDiff',
      title: t('common.firstDiff'),
      dataIndex: 'diffQty',
      align: 'right',
      render: (v: number | null) => <SignedQty value={v} />,
    },
    {
      key: 'review',
      title: t('common.recountQty'),
      dataIndex: 'reviewQty',
      align: 'right',
      render: (v: number | null) => formatQty(v),
    },
    { key: 'reviewer', title: t('common.recountedBy'), dataIndex: 'reviewerName' },
    {
      key: 'current',
      title: t('common.finalQtyNow'),
      dataIndex: 'currentQty',
      align: 'right',
      render: (v: number | null) => formatQty(v),
    },
    {
      key: 'diff',
      title: t('common.finalDiff'),
      dataIndex: 'currentDiffQty',
      align: 'right',
      render: (v: number | null) => <SignedQty value={v} strong />,
    },
    {
      key: 'diffPct',
      title: t('common.finalDiffPct'),
      dataIndex: 'currentDiffPct',
      align: 'right',
      render: (v: number | null) => formatPct(v),
    },
    {
      key: 'value',
      title: t('common.finalValue'),
      dataIndex: 'currentDiffValue',
      align: 'right',
      render: (v: number | null) => formatMoney(v),
    },
    {
      key: 'result',
      title: t('common.finalResult'),
      dataIndex: 'result',
      render: (v: number | null) => <EnumTag def={ItemResultEnum} value={v} />,
    },
    {
      key: 'pictures',
      title: t('common.pictures'),
      dataIndex: 'pictures',
      render: (v: ItemRow['pictures']) => <PictureThumbs pictures={v} />,
    },
    {
      key: 'status',
      title: t('common.status'),
      dataIndex: 'status',
      render: (v: number) => <EnumTag def={ItemStatusEnum} value={v} />,
    },
    {
      key: 'cause',
      title: t('common.cause'),
      dataIndex: 'abnormalCause',
      render: (v: string | null) => (v ? <Tag color="warning">{causeLabel(v)}</Tag> : null),
    },
    { key: 'lot', title: t('common.lot'), dataIndex: 'lot', render: (v: string | null) => v ?? '' },
    { key: 'counter', title: t('common.counter'), dataIndex: 'counterName' },
    { key: 'countTime', title: t('common.countTime'), dataIndex: 'countTime' },
    {
      key: 'actions',
      title: '',
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          icon={<HistoryOutlined />}
          onClick={(e) => {
            e.stopPropagation();
            setOpened(r);
          }}
          data-testid="audit-line-history"
        >
          {t('detail.history')}
        </Button>
      ),
    },
  ];

  const filters: { value: ResultFilter; label: string }[] = [
    { value: 'all', label: t('detail.allLines') },
    ...([ItemResult.over, ItemResult.short, ItemResult.unexpected, ItemResult.missing] as const).map((v) => ({
      value: v as ResultFilter,
      label: resultLabel(v),
    })),
  ];

  return (
    <>
      <Flex gap={12} wrap justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Segmented<ResultFilter>
          value={result}
          options={filters}
          onChange={(v) => {
            setResult(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          data-testid="audit-lines-filter"
        />
        <Space.Compact>
          <Select
            value={searchBy}
            onChange={setSearchBy}
            style={{ width: 110 }}
            options={[
              { value: 'location', label: t('common.location') },
              { value: 'sku', label: t('common.sku') },
            ]}
          />
          <Input.Search
            allowClear
            placeholder={searchBy === 'location' ? t('detail.locationPrefix') : t('detail.skuCode')}
            style={{ width: 220 }}
            onSearch={(v) => {
              setSearch(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            data-testid="audit-lines-search"
          />
        </Space.Compact>
      </Flex>
      <Table<ItemRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={page.data?.items ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ onClick: () => setOpened(r), style: { cursor: 'pointer' } })}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: page.data?.total ?? 0,
          size: 'small',
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          onChange: (p, s) => setPaging({ page: s !== paging.pageSize ? 1 : p, pageSize: s }),
        }}
        data-testid="audit-lines"
      />
      <ResultDrawer line={opened} onClose={() => setOpened(null)} />
    </>
  );
}
