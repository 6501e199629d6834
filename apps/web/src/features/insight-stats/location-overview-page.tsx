import { Col, Input, InputNumber, Row, Segmented, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudTable, type PageParams, pagedTableProps } from '../../components/crud';
import { FilterBar } from '../../components/filter-bar';
import { AreaStatesChart, BandsChart, FillBar, FillStateTag } from './location-fill-parts';
import {
  downloadFill,
  type FillFilters,
  type FillPageInput,
  type FillRow,
  type FillSummary,
  useFillOptions,
  useFillPage,
  useFillSummary,
  useRecompute,
} from './stats.api';
import { fmtNumber, fmtPercent } from './stats-format';
import {
  ChartCard,
  ChooseWarehouse,
  Definitions,
  Figures,
  FilterItem,
  optionsOf,
  StatsActions,
  WarehouseSelect,
} from './stats-parts';

type State = FillRow['state'];
type Filters = {
  warehouseId?: number;
  areaId?: number;
  basis: 'counted' | 'snapshot';
  snapshotId?: number;
  days: number;
  state?: State;
  locationCode?: string;
};
const right = 'right' as const;
const num = (v: number | null) => fmtNumber(v);
const STATES: State[] = ['empty', 'normal', 'over', 'unknown'];

/**
 * The location overview (`locationOverview`): how full each location is (quantity, volume and weight against its
 * limits) on the latest counts or a stock snapshot; empty, over-full and uncounted locations, per area, fill bands.
 */
export default function LocationOverviewPage() {
  const { t } = useTranslation('stats');
  const [f, setF] = useState<Filters>({ basis: 'counted', days: 30 });
  const [codeText, setCodeText] = useState('');
  const options = useFillOptions(f.warehouseId);
  useEffect(() => {
    const first = options.data?.warehouses[0];
    if (f.warehouseId === undefined && first) setF((x) => ({ ...x, warehouseId: first.id }));
  }, [options.data, f.warehouseId]);
  const filters: FillFilters | undefined =
    f.warehouseId === undefined
      ? undefined
      : {
          warehouseId: f.warehouseId,
          areaId: f.areaId,
          basis: f.basis,
          snapshotId: f.basis === 'snapshot' ? f.snapshotId : undefined,
          days: f.days,
          state: f.state,
          locationCode: f.locationCode,
        };
  const summary = useFillSummary(filters);
  const recompute = useRecompute();
  const [params, setParams] = useState<PageParams>({ page: 1, pageSize: 20 });
  const filterKey = JSON.stringify(filters ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter set starts the table at page 1
  useEffect(() => setParams((p) => ({ ...p, page: 1 })), [filterKey]);
  const page = useFillPage(filters ? ({ ...filters, ...params } as FillPageInput) : undefined);
  const s = summary.data;
  const change = (next: Partial<Filters>) => setF((x) => ({ ...x, ...next }));
  const incomplete = (r: FillRow, what: 'volume' | 'weight') =>
    (what === 'volume' ? r.volumeComplete : r.weightComplete)
      ? undefined
      : t('fill.incomplete', { what: t(what === 'volume' ? 'fill.volumeWord' : 'fill.weightWord') });

  const figures = s
    ? [
        { key: 'locations', title: t('fill.locations'), value: num(s.totals.locations) },
        { key: 'empty', title: t('fill.empty'), value: num(s.totals.empty) },
        {
          key: 'over',
          title: t('fill.over'),
          value: num(s.totals.over),
          tone: s.totals.over > 0 ? ('danger' as const) : undefined,
        },
        ...(s.basis === 'counted'
          ? [
              {
                key: 'unknown',
                title: t('fill.unknown'),
                value: num(s.totals.unknown),
                tone: s.totals.unknown > 0 ? ('warning' as const) : undefined,
              },
            ]
          : []),
        {
          key: 'averageFill',
          title: t('fill.averageFill'),
          value: fmtPercent(s.totals.averageFill),
          hint: t('fill.defFill'),
        },
        {
          key: 'volume',
          title: t('fill.volumeUsed'),
          value: `${fmtNumber(s.totals.volume, 2)} / ${fmtNumber(s.totals.locationVolume, 2)} m³`,
        },
      ]
    : [];

  const columns: CrudColumn<FillRow>[] = [
    {
      key: 'code',
      title: t('common.location'),
      dataIndex: 'locationCode',
      sortField: 'locationCode',
      fixed: 'left',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { key: 'area', title: t('common.area'), dataIndex: 'areaCode' },
    { key: 'state', title: t('fill.state'), dataIndex: 'state', render: (v: State) => <FillStateTag state={v} /> },
    {
      key: 'quantity',
      title: t('fill.quantity'),
      dataIndex: 'quantity',
      sortField: 'quantity',
      align: right,
      render: num,
    },
    { key: 'skuCount', title: t('fill.skuCount'), dataIndex: 'skuCount', sortField: 'skuCount', align: right },
    { key: 'maxCapacity', title: t('fill.maxCapacity'), dataIndex: 'maxCapacity', align: right, render: num },
    {
      key: 'quantityFill',
      title: t('fill.quantityFill'),
      dataIndex: 'quantityFill',
      sortField: 'quantityFill',
      render: (v: number | null) => <FillBar value={v} />,
    },
    { key: 'volume', title: t('fill.volume'), dataIndex: 'volume', align: right, render: num },
    { key: 'locationVolume', title: t('fill.locationVolume'), dataIndex: 'locationVolume', align: right, render: num },
    {
      key: 'volumeFill',
      title: t('fill.volumeFill'),
      dataIndex: 'volumeFill',
      sortField: 'volumeFill',
      render: (v: number | null, r) => <FillBar value={v} incomplete={incomplete(r, 'volume')} />,
    },
    { key: 'weight', title: t('fill.weight'), dataIndex: 'weight', align: right, render: num, hiddenByDefault: true },
    {
      key: 'maxLoad',
      title: t('fill.maxLoad'),
      dataIndex: 'maxLoad',
      align: right,
      render: num,
      hiddenByDefault: true,
    },
    {
      key: 'weightFill',
      title: t('fill.weightFill'),
      dataIndex: 'weightFill',
      sortField: 'weightFill',
      render: (v: number | null, r) => <FillBar value={v} incomplete={incomplete(r, 'weight')} />,
    },
    {
      key: 'fill',
      title: t('fill.fill'),
      dataIndex: 'fill',
      sortField: 'fill',
      render: (v: number | null) => <FillBar value={v} />,
    },
    { key: 'countedAt', title: t('fill.countedAt'), dataIndex: 'countedTime', hiddenByDefault: f.basis === 'snapshot' },
  ];
  type AreaRow = FillSummary['byArea'][number];
  const basisNote = s
    ? s.basis === 'snapshot'
      ? s.snapshot
        ? t('fill.basisSnapshot', { title: s.snapshot.title, time: s.snapshot.takenTime })
        : t('fill.noSnapshot')
      : t('fill.basisSince', { time: s.since })
    : '';

  return (
    <div style={{ padding: 12 }} data-testid="location-overview-page">
      <FilterBar style={{ marginBottom: 12 }}>
        <WarehouseSelect
          value={f.warehouseId}
          options={options.data?.warehouses}
          onChange={(warehouseId) => setF({ warehouseId, basis: f.basis, days: f.days })}
        />
        <FilterItem label={t('common.area')} width={180}>
          <Select
            value={f.areaId}
            allowClear
            placeholder={t('common.allAreas')}
            options={optionsOf(options.data?.areas)}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(areaId) => change({ areaId })}
          />
        </FilterItem>
        <FilterItem label={t('fill.basis')} width={230}>
          <Segmented
            value={f.basis}
            onChange={(v) => change({ basis: v as Filters['basis'] })}
            options={[
              { value: 'counted', label: t('fill.counted') },
              { value: 'snapshot', label: t('fill.snapshot') },
            ]}
            data-testid="fill-basis"
          />
        </FilterItem>
        {f.basis === 'counted' ? (
          <FilterItem label={t('fill.days')} width={140}>
            <InputNumber
              min={1}
              max={3650}
              value={f.days}
              onChange={(v) => v !== null && change({ days: v })}
              style={{ width: '100%' }}
            />
          </FilterItem>
        ) : (
          <FilterItem label={t('fill.snapshot')} width={240}>
            <Select
              value={f.snapshotId}
              allowClear
              placeholder={t('fill.chooseSnapshot')}
              options={(options.data?.snapshots ?? []).map((x) => ({ value: x.id, label: `${x.name} · ${x.code}` }))}
              onChange={(snapshotId) => change({ snapshotId })}
              notFoundContent={t('fill.noSnapshot')}
            />
          </FilterItem>
        )}
        <FilterItem label={t('fill.state')} width={150}>
          <Select
            value={f.state}
            allowClear
            placeholder={t('fill.allStates')}
            options={STATES.map((x) => ({ value: x, label: t(`fill.${x}`) }))}
            onChange={(state) => change({ state })}
            data-testid="fill-state"
          />
        </FilterItem>
        <FilterItem label={t('fill.locationCode')} width={180}>
          <Input.Search
            value={codeText}
            allowClear
            onChange={(e) => {
              setCodeText(e.target.value);
              if (!e.target.value) change({ locationCode: undefined });
            }}
            onSearch={(v) => change({ locationCode: v.trim() || undefined })}
          />
        </FilterItem>
        {filters ? (
          <StatsActions
            computedTime={s?.computedTime}
            recomputing={recompute.isPending}
            onRecompute={() => recompute.mutate({ service: 'locationOverview', filters })}
            exportCode="locationOverview:export"
            onExport={() => downloadFill(filters)}
          />
        ) : null}
      </FilterBar>
      {!filters ? (
        <ChooseWarehouse />
      ) : (
        <>
          <Figures items={figures} loading={summary.isLoading} />
          <Definitions items={[t('fill.defBasis'), t('fill.defFill')]} />
          {s ? (
            <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
              <Col xs={24} lg={12}>
                <ChartCard
                  title={t('fill.bandsTitle')}
                  extra={
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {basisNote}
                    </Typography.Text>
                  }
                >
                  <BandsChart summary={s} />
                </ChartCard>
              </Col>
              <Col xs={24} lg={12}>
                <ChartCard title={t('fill.byAreaTitle')}>
                  <AreaStatesChart summary={s} />
                </ChartCard>
              </Col>
              <Col span={24}>
                <ChartCard title={t('fill.areaTable')}>
                  <Table<AreaRow>
                    size="small"
                    rowKey="areaId"
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    dataSource={s.byArea}
                    data-testid="fill-areas"
                    columns={[
                      {
                        key: 'area',
                        title: t('common.area'),
                        render: (_, a) => (
                          <span>
                            <Typography.Text strong>{a.areaCode}</Typography.Text> {a.areaName}
                          </span>
                        ),
                      },
                      { key: 'locations', title: t('fill.locations'), dataIndex: 'locations', align: right },
                      { key: 'empty', title: t('fill.empty'), dataIndex: 'empty', align: right },
                      { key: 'normal', title: t('fill.normal'), dataIndex: 'normal', align: right },
                      {
                        key: 'over',
                        title: t('fill.over'),
                        dataIndex: 'over',
                        align: right,
                        render: (v: number) => <Typography.Text type={v ? 'danger' : undefined}>{v}</Typography.Text>,
                      },
                      ...(s.basis === 'counted'
                        ? [{ key: 'unknown', title: t('fill.unknown'), dataIndex: 'unknown', align: right }]
                        : []),
                      { key: 'quantity', title: t('fill.quantity'), dataIndex: 'quantity', align: right, render: num },
                      {
                        key: 'capacity',
                        title: t('fill.maxCapacity'),
                        dataIndex: 'capacity',
                        align: right,
                        render: num,
                      },
                      {
                        key: 'volume',
                        title: t('fill.volumeUsed'),
                        align: right,
                        render: (_, a) => `${fmtNumber(a.volume, 2)} / ${fmtNumber(a.locationVolume, 2)}`,
                      },
                      {
                        key: 'averageFill',
                        title: t('fill.averageFill'),
                        dataIndex: 'averageFill',
                        render: (v: number | null) => <FillBar value={v} />,
                      },
                    ]}
                  />
                </ChartCard>
              </Col>
            </Row>
          ) : null}
          <CrudTable<FillRow>
            pageKey="stats.fill.locations"
            title={t('fill.locations')}
            columns={columns}
            {...pagedTableProps(page, params, (p) => setParams((x) => ({ ...x, ...p })))}
            tableProps={{ rowKey: 'locationId' }}
          />
        </>
      )}
    </div>
  );
}
