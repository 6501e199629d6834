import { Button, Col, Flex, Progress, Row, Select, Tabs, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudTable, type PageParams, pagedTableProps } from '../../components/crud';
import { FilterBar } from '../../components/filter-bar';
import { CounterChart, HourChart } from './scan-summary-charts';
import {
  downloadScanSummary,
  type ScanCounterInput,
  type ScanCounterRow,
  type ScanFilters,
  type ScanSubTaskInput,
  type ScanSubTaskRow,
  useRecompute,
  useScanCounters,
  useScanOptions,
  useScanSubTasks,
  useScanSummary,
} from './stats.api';
import { fmtNumber, fmtPercent, fmtRate } from './stats-format';
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

type Filters = { warehouseId?: number; taskId?: number; subTaskId?: number; userId?: number } & Period;

const num = (v: number) => fmtNumber(v);
const right = 'right' as const;

/**
 * The scan summary (`scanSummary`): scans, lines, lines per hour, undo and error rates of a warehouse's counts, per
 * counter, sub-task and hour, from the scan ledger; filters by task, sub-task, counter and period; export.
 */
export default function ScanSummaryPage() {
  const { t } = useTranslation('stats');
  const [f, setF] = useState<Filters>({});
  const options = useScanOptions(f.warehouseId, f.taskId);
  // the first warehouse, then its newest task, are chosen when nothing is
  useEffect(() => {
    const first = options.data?.warehouses[0];
    if (f.warehouseId === undefined && first) setF((x) => ({ ...x, warehouseId: first.id }));
  }, [options.data, f.warehouseId]);
  const [taskTouched, setTaskTouched] = useState(false);
  useEffect(() => {
    const newest = options.data?.tasks[0];
    if (!taskTouched && f.taskId === undefined && newest) setF((x) => ({ ...x, taskId: newest.id }));
  }, [options.data, f.taskId, taskTouched]);

  const filters: ScanFilters | undefined =
    f.warehouseId === undefined
      ? undefined
      : {
          warehouseId: f.warehouseId,
          taskId: f.taskId,
          subTaskId: f.subTaskId,
          userId: f.userId,
          startTime: f.startTime,
          endTime: f.endTime,
        };
  const summary = useScanSummary(filters);
  const recompute = useRecompute();
  const [tab, setTab] = useState('counters');
  const [cParams, setCParams] = useState<PageParams>({ page: 1, pageSize: 20 });
  const [sParams, setSParams] = useState<PageParams>({ page: 1, pageSize: 20 });
  const filterKey = JSON.stringify(filters ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter set starts the tables at page 1
  useEffect(() => {
    setCParams((p) => ({ ...p, page: 1 }));
    setSParams((p) => ({ ...p, page: 1 }));
  }, [filterKey]);
  const counters = useScanCounters(
    filters && tab === 'counters' ? ({ ...filters, ...cParams } as ScanCounterInput) : undefined,
  );
  const subTasks = useScanSubTasks(
    filters && tab === 'subTasks' ? ({ ...filters, ...sParams } as ScanSubTaskInput) : undefined,
  );
  const s = summary.data;
  const change = (next: Partial<Filters>) => setF((x) => ({ ...x, ...next }));

  const figures = useMemo(
    () =>
      s
        ? [
            { key: 'scans', title: t('scan.scans'), value: num(s.totals.scans) },
            { key: 'lines', title: t('scan.lines'), value: num(s.totals.lines) },
            {
              key: 'linesPerHour',
              title: t('scan.linesPerHour'),
              value: fmtRate(s.totals.linesPerHour),
              hint: t('scan.defLines'),
            },
            { key: 'activeHours', title: t('scan.activeHours'), value: num(s.totals.activeHours) },
            {
              key: 'undoRate',
              title: t('scan.undoRate'),
              value: fmtPercent(s.totals.undoRate),
              hint: t('scan.defUndo'),
              tone: (s.totals.undoRate ?? 0) > 0.05 ? ('warning' as const) : undefined,
            },
            {
              key: 'errorRate',
              title: t('scan.errorRate'),
              value: fmtPercent(s.totals.errorRate),
              hint: t('scan.defError'),
              tone: (s.totals.errorRate ?? 0) > 0.02 ? ('danger' as const) : undefined,
            },
            { key: 'counters', title: t('scan.counters'), value: num(s.totals.counters) },
          ]
        : [],
    [s, t],
  );

  const measureColumns = <R extends ScanCounterRow | ScanSubTaskRow>(): CrudColumn<R>[] => [
    { key: 'scans', title: t('scan.scans'), dataIndex: 'scans', sortField: 'scans', align: right, render: num },
    { key: 'lines', title: t('scan.lines'), dataIndex: 'lines', sortField: 'lines', align: right, render: num },
    {
      key: 'linesPerHour',
      title: t('scan.linesPerHour'),
      dataIndex: 'linesPerHour',
      sortField: 'linesPerHour',
      align: right,
      render: (v: number | null) => <Typography.Text strong>{fmtRate(v)}</Typography.Text>,
    },
    { key: 'activeHours', title: t('scan.activeHours'), dataIndex: 'activeHours', align: right, render: num },
    { key: 'undos', title: t('scan.undos'), dataIndex: 'undos', align: right, render: num },
    {
      key: 'undoRate',
      title: t('scan.undoRate'),
      dataIndex: 'undoRate',
      sortField: 'undoRate',
      align: right,
      render: (v: number | null) => fmtPercent(v),
    },
    {
      key: 'errorRate',
      title: t('scan.errorRate'),
      dataIndex: 'errorRate',
      sortField: 'errorRate',
      align: right,
      render: (v: number | null, r) => (
        <Tooltip title={`${t('scan.wrong')} ${r.wrongLines} / ${t('scan.reviewed')} ${r.reviewedLines}`}>
          <span>{fmtPercent(v)}</span>
        </Tooltip>
      ),
    },
    { key: 'units', title: t('scan.units'), dataIndex: 'units', align: right, render: num, hiddenByDefault: true },
    {
      key: 'empties',
      title: t('scan.empties'),
      dataIndex: 'empties',
      align: right,
      render: num,
      hiddenByDefault: true,
    },
    {
      key: 'handEntries',
      title: t('scan.handEntries'),
      dataIndex: 'handEntries',
      align: right,
      render: num,
      hiddenByDefault: true,
    },
    { key: 'firstTime', title: t('scan.firstTime'), dataIndex: 'firstTime', hiddenByDefault: true },
    { key: 'lastTime', title: t('common.lastTime'), dataIndex: 'lastTime', sortField: 'lastTime' },
  ];
  const counterColumns: CrudColumn<ScanCounterRow>[] = [
    {
      key: 'name',
      title: t('scan.counter'),
      dataIndex: 'name',
      sortField: 'name',
      fixed: 'left',
      render: (v: string, r) => (
        <Tooltip title={r.account}>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => change({ userId: r.userId })}>
            {v}
          </Button>
        </Tooltip>
      ),
    },
    ...measureColumns<ScanCounterRow>(),
  ];
  const subTaskColumns: CrudColumn<ScanSubTaskRow>[] = [
    {
      key: 'code',
      title: t('scan.subTask'),
      dataIndex: 'code',
      sortField: 'code',
      fixed: 'left',
      render: (v: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => change({ subTaskId: r.subTaskId })}>
          {v}
        </Button>
      ),
    },
    { key: 'subName', title: t('scan.subTaskName'), dataIndex: 'name' },
    { key: 'taskCode', title: t('scan.task'), dataIndex: 'taskCode', hiddenByDefault: true },
    {
      key: 'progress',
      title: t('scan.progress'),
      dataIndex: 'countedLineCount',
      render: (_: number, r) => (
        <Flex align="center" gap={8} style={{ minWidth: 150 }}>
          <Progress
            percent={r.lineCount ? Math.floor((r.countedLineCount / r.lineCount) * 100) : 0}
            size="small"
            showInfo={false}
            style={{ width: 70, margin: 0 }}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {num(r.countedLineCount)} / {num(r.lineCount)}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'counters', title: t('scan.counters'), dataIndex: 'counters', sortField: 'counters', align: right },
    ...measureColumns<ScanSubTaskRow>(),
  ];

  return (
    <div style={{ padding: 12 }} data-testid="scan-summary-page">
      <FilterBar style={{ marginBottom: 12 }}>
        <WarehouseSelect
          value={f.warehouseId}
          options={options.data?.warehouses}
          onChange={(warehouseId) => {
            setTaskTouched(false);
            setF({ warehouseId, startTime: f.startTime, endTime: f.endTime });
          }}
        />
        <FilterItem label={t('scan.task')} width={240}>
          <Select
            value={f.taskId}
            allowClear
            placeholder={t('scan.allTasks')}
            options={optionsOf(options.data?.tasks)}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(taskId) => {
              setTaskTouched(true);
              change({ taskId, subTaskId: undefined, userId: undefined });
            }}
            data-testid="scan-task"
          />
        </FilterItem>
        <FilterItem label={t('scan.subTask')}>
          <Select
            value={f.subTaskId}
            allowClear
            placeholder={t('scan.allSubTasks')}
            options={optionsOf(options.data?.subTasks)}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(subTaskId) => change({ subTaskId })}
            disabled={f.taskId === undefined}
          />
        </FilterItem>
        <FilterItem label={t('scan.counter')} width={200}>
          <Select
            value={f.userId}
            allowClear
            placeholder={t('scan.allCounters')}
            options={(options.data?.counters ?? []).map((c) => ({ value: c.id, label: c.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(userId) => change({ userId })}
          />
        </FilterItem>
        <PeriodPicker value={f} onChange={(p) => change(p)} />
        {filters ? (
          <StatsActions
            computedTime={s?.computedTime}
            recomputing={recompute.isPending}
            onRecompute={() => recompute.mutate({ service: 'scanSummary', filters })}
            exportCode="scanSummary:export"
            onExport={() => downloadScanSummary(filters)}
          />
        ) : null}
      </FilterBar>
      {!filters ? (
        <ChooseWarehouse />
      ) : (
        <>
          <Figures items={figures} loading={summary.isLoading} />
          <Definitions items={[t('scan.defScans'), t('scan.defLines'), t('scan.defUndo'), t('scan.defError')]} />
          {s ? (
            <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
              <Col xs={24} xl={12}>
                <ChartCard title={t('scan.byHourTitle')}>
                  <HourChart summary={s} />
                </ChartCard>
              </Col>
              <Col xs={24} xl={12}>
                <ChartCard title={t('scan.byCounterTitle', { count: s.chartCounters.length })}>
                  <CounterChart summary={s} />
                </ChartCard>
              </Col>
            </Row>
          ) : null}
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'counters',
                label: t('scan.tabCounters'),
                children: (
                  <CrudTable<ScanCounterRow>
                    pageKey="stats.scan.counters"
                    columns={counterColumns}
                    {...pagedTableProps(counters, cParams, (p) => setCParams((x) => ({ ...x, ...p })))}
                    tableProps={{ rowKey: 'userId' }}
                  />
                ),
              },
              {
                key: 'subTasks',
                label: t('scan.tabSubTasks'),
                children: (
                  <CrudTable<ScanSubTaskRow>
                    pageKey="stats.scan.subTasks"
                    columns={subTaskColumns}
                    {...pagedTableProps(subTasks, sParams, (p) => setSParams((x) => ({ ...x, ...p })))}
                    tableProps={{ rowKey: 'subTaskId' }}
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
