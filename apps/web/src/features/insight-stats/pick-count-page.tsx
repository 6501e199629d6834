import { AbcClass, AbcClassEnum } from '@shelfwise/contract/enums';
import { Col, Empty, Flex, Input, Row, Segmented, Select, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudTable, type PageParams, pagedTableProps } from '../../components/crud';
import { FilterBar } from '../../components/filter-bar';
import { EnumTag } from '../system';
import { AbcPanel } from './abc-panel';
import { axisStyle, baseOption, EChart, useChartTheme } from './echart';
import { PickHeatmapView } from './pick-heatmap';
import {
  downloadPickCount,
  type PickFilters,
  type PickLocationInput,
  type PickLocationRow,
  type PickSkuInput,
  type PickSkuRow,
  type PickSummary,
  usePickHeatmap,
  usePickLocations,
  usePickOptions,
  usePickSkus,
  usePickSummary,
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
  type Period,
  PeriodPicker,
  StatsActions,
  WarehouseSelect,
} from './stats-parts';

type Filters = { warehouseId?: number; areaId?: number; consignorId?: number; skuCode?: string } & Period;
const right = 'right' as const;
const num = (v: number) => fmtNumber(v);

/** Picks per day (bars). */
function DayChart({ summary }: { summary: PickSummary }) {
  const { t } = useTranslation('stats');
  const c = useChartTheme();
  const option = useMemo(
    () => ({
      ...baseOption(c),
      legend: { show: false },
      xAxis: {
        type: 'category',
        data: summary.byDay.map((d) => d.day),
        ...axisStyle(c),
        splitLine: { show: false },
      },
      yAxis: { type: 'value', minInterval: 1, ...axisStyle(c) },
      series: [{ name: t('pick.picks'), type: 'bar', data: summary.byDay.map((d) => d.picks), barMaxWidth: 32 }],
    }),
    [summary, c, t],
  );
  if (!summary.byDay.length) return <Empty description={t('common.noData')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return <EChart option={option} height={240} testId="chart-pick-days" />;
}

/**
 * Picking statistics (`pickCount`): picks per location and SKU from the imported pick records, the heat map on the
 * floor plan, and the ABC proposal beside the current classes, written to the locations on request.
 */
export default function PickCountPage() {
  const { t } = useTranslation('stats');
  const [f, setF] = useState<Filters>({});
  const [thresholds, setThresholds] = useState({ aPct: 80, bPct: 95 });
  const [skuText, setSkuText] = useState('');
  const options = usePickOptions(f.warehouseId);
  useEffect(() => {
    const first = options.data?.warehouses[0];
    if (f.warehouseId === undefined && first) setF((x) => ({ ...x, warehouseId: first.id }));
  }, [options.data, f.warehouseId]);
  const valid = thresholds.bPct > thresholds.aPct;
  const filters: PickFilters | undefined =
    f.warehouseId === undefined || !valid
      ? undefined
      : {
          warehouseId: f.warehouseId,
          areaId: f.areaId,
          consignorId: f.consignorId,
          skuCode: f.skuCode,
          startTime: f.startTime,
          endTime: f.endTime,
          ...thresholds,
        };
  const summary = usePickSummary(filters);
  const heatmap = usePickHeatmap(filters);
  const recompute = useRecompute();
  const [tab, setTab] = useState('locations');
  const [onlyClass, setOnlyClass] = useState<number | 0>(0);
  const [lParams, setLParams] = useState<PageParams>({ page: 1, pageSize: 20 });
  const [sParams, setSParams] = useState<PageParams>({ page: 1, pageSize: 20 });
  const filterKey = JSON.stringify(filters ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter set starts the tables at page 1
  useEffect(() => {
    setLParams((p) => ({ ...p, page: 1 }));
    setSParams((p) => ({ ...p, page: 1 }));
  }, [filterKey, onlyClass]);
  const locations = usePickLocations(
    filters && tab === 'locations'
      ? ({ ...filters, ...lParams, proposedAbc: onlyClass || undefined } as PickLocationInput)
      : undefined,
  );
  const skus = usePickSkus(filters && tab === 'skus' ? ({ ...filters, ...sParams } as PickSkuInput) : undefined);
  const s = summary.data;
  const change = (next: Partial<Filters>) => setF((x) => ({ ...x, ...next }));

  const figures = s
    ? [
        { key: 'picks', title: t('pick.picks'), value: num(s.totals.picks) },
        { key: 'quantity', title: t('pick.quantity'), value: num(s.totals.quantity) },
        {
          key: 'locations',
          title: t('pick.locationsPicked'),
          value: `${num(s.totals.locations)} / ${num(s.totals.locationCount)}`,
        },
        { key: 'skus', title: t('pick.skusPicked'), value: num(s.totals.skus) },
        {
          key: 'classes',
          title: t('pick.abcTitle'),
          value: `${num(s.abc.a.proposed)} · ${num(s.abc.b.proposed)} · ${num(s.abc.c.proposed)}`,
          hint: t('pick.defAbc'),
        },
      ]
    : [];

  const locationColumns: CrudColumn<PickLocationRow>[] = [
    { key: 'rank', title: t('pick.rank'), dataIndex: 'rank', align: right, width: 70 },
    {
      key: 'code',
      title: t('common.location'),
      dataIndex: 'locationCode',
      sortField: 'locationCode',
      fixed: 'left',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { key: 'area', title: t('common.area'), dataIndex: 'areaCode' },
    { key: 'picks', title: t('pick.picks'), dataIndex: 'picks', sortField: 'picks', align: right, render: num },
    {
      key: 'quantity',
      title: t('pick.quantity'),
      dataIndex: 'quantity',
      sortField: 'quantity',
      align: right,
      render: num,
    },
    { key: 'skuCount', title: t('pick.skuCount'), dataIndex: 'skuCount', sortField: 'skuCount', align: right },
    { key: 'share', title: t('common.share'), dataIndex: 'share', align: right, render: (v: number) => fmtPercent(v) },
    {
      key: 'cumulative',
      title: t('pick.cumulative'),
      dataIndex: 'cumulativeShare',
      align: right,
      render: (v: number) => fmtPercent(v),
    },
    {
      key: 'proposed',
      title: t('pick.proposed'),
      dataIndex: 'proposedAbc',
      render: (v: number) => <EnumTag def={AbcClassEnum} value={v} />,
    },
    {
      key: 'current',
      title: t('pick.current'),
      dataIndex: 'currentAbc',
      render: (v: number | null, r) =>
        v === null ? (
          <Typography.Text type="secondary">{t('pick.none')}</Typography.Text>
        ) : (
          <span style={{ opacity: v === r.proposedAbc ? 0.6 : 1 }}>
            <EnumTag def={AbcClassEnum} value={v} />
          </span>
        ),
    },
    { key: 'last', title: t('pick.lastPicked'), dataIndex: 'lastPickedTime', sortField: 'lastPickedTime' },
  ];
  const skuColumns: CrudColumn<PickSkuRow>[] = [
    {
      key: 'code',
      title: t('common.sku'),
      dataIndex: 'skuCode',
      sortField: 'skuCode',
      fixed: 'left',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { key: 'name', title: t('common.skuName'), dataIndex: 'skuName', ellipsis: true },
    { key: 'consignor', title: t('common.consignor'), dataIndex: 'consignorCode' },
    { key: 'picks', title: t('pick.picks'), dataIndex: 'picks', sortField: 'picks', align: right, render: num },
    {
      key: 'quantity',
      title: t('pick.quantity'),
      dataIndex: 'quantity',
      sortField: 'quantity',
      align: right,
      render: num,
    },
    {
      key: 'locations',
      title: t('pick.locationCount'),
      dataIndex: 'locationCount',
      sortField: 'locationCount',
      align: right,
    },
    { key: 'share', title: t('common.share'), dataIndex: 'share', align: right, render: (v: number) => fmtPercent(v) },
    { key: 'last', title: t('pick.lastPicked'), dataIndex: 'lastPickedTime', sortField: 'lastPickedTime' },
  ];

  return (
    <div style={{ padding: 12 }} data-testid="pick-count-page">
      <FilterBar style={{ marginBottom: 12 }}>
        <WarehouseSelect
          value={f.warehouseId}
          options={options.data?.warehouses}
          onChange={(warehouseId) => setF({ warehouseId, startTime: f.startTime, endTime: f.endTime })}
        />
        <PeriodPicker value={f} onChange={(p) => change(p)} />
        <FilterItem label={t('common.area')} width={180}>
          <Select
            value={f.areaId}
            allowClear
            placeholder={t('common.allAreas')}
            options={optionsOf(options.data?.areas)}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(areaId) => change({ areaId })}
            data-testid="pick-area"
          />
        </FilterItem>
        <FilterItem label={t('common.consignor')} width={200}>
          <Select
            value={f.consignorId}
            allowClear
            placeholder={t('common.allConsignors')}
            options={optionsOf(options.data?.consignors)}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(consignorId) => change({ consignorId })}
          />
        </FilterItem>
        <FilterItem label={t('pick.skuCode')} width={180}>
          <Input.Search
            value={skuText}
            allowClear
            placeholder={t('pick.skuCodeHint')}
            onChange={(e) => {
              setSkuText(e.target.value);
              if (!e.target.value) change({ skuCode: undefined });
            }}
            onSearch={(v) => change({ skuCode: v.trim() || undefined })}
          />
        </FilterItem>
        {filters ? (
          <StatsActions
            computedTime={s?.computedTime}
            recomputing={recompute.isPending}
            onRecompute={() => recompute.mutate({ service: 'pickCount', filters })}
            exportCode="pickCount:export"
            onExport={() => downloadPickCount(filters)}
          />
        ) : null}
      </FilterBar>
      {f.warehouseId === undefined ? (
        <ChooseWarehouse />
      ) : (
        <>
          <Figures items={figures} loading={summary.isLoading} />
          <Definitions items={[t('pick.defAbc')]} />
          <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
            <Col xs={24} xl={16}>
              <ChartCard title={t('pick.heatTitle')}>
                <PickHeatmapView
                  data={heatmap.data}
                  loading={heatmap.isFetching}
                  onAreaClick={(areaId) => change({ areaId })}
                />
              </ChartCard>
            </Col>
            <Col xs={24} xl={8}>
              <ChartCard title={t('pick.abcTitle')}>
                <AbcPanel
                  summary={s}
                  thresholds={thresholds}
                  onThresholds={setThresholds}
                  writeInput={{
                    warehouseId: f.warehouseId,
                    areaId: f.areaId,
                    startTime: f.startTime,
                    endTime: f.endTime,
                    ...thresholds,
                  }}
                />
              </ChartCard>
            </Col>
          </Row>
          {s ? (
            <div style={{ marginBottom: 12 }}>
              <ChartCard title={t('pick.byDayTitle')}>
                <DayChart summary={s} />
              </ChartCard>
            </div>
          ) : null}
          <Tabs
            activeKey={tab}
            onChange={setTab}
            data-testid="pick-tables"
            tabBarExtraContent={
              tab === 'locations' ? (
                <Flex align="center" gap={8}>
                  <Typography.Text type="secondary">{t('pick.onlyClass')}</Typography.Text>
                  <Segmented
                    size="small"
                    value={onlyClass}
                    onChange={(v) => setOnlyClass(v as number)}
                    options={[
                      { value: 0, label: t('pick.allClasses') },
                      { value: AbcClass.a, label: 'A' },
                      { value: AbcClass.b, label: 'B' },
                      { value: AbcClass.c, label: 'C' },
                    ]}
                  />
                </Flex>
              ) : null
            }
            items={[
              {
                key: 'locations',
                label: t('pick.tabLocations'),
                children: (
                  <CrudTable<PickLocationRow>
                    pageKey="stats.pick.locations"
                    columns={locationColumns}
                    {...pagedTableProps(locations, lParams, (p) => setLParams((x) => ({ ...x, ...p })))}
                    tableProps={{ rowKey: 'locationId' }}
                  />
                ),
              },
              {
                key: 'skus',
                label: t('pick.tabSkus'),
                children: (
                  <CrudTable<PickSkuRow>
                    pageKey="stats.pick.skus"
                    columns={skuColumns}
                    {...pagedTableProps(skus, sParams, (p) => setSParams((x) => ({ ...x, ...p })))}
                    tableProps={{ rowKey: 'skuId' }}
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
