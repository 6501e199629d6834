import type { serverPoint } from '@shelfwise/contract';
import { Card, Col, Row } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { axisStyle, baseOption, type ChartOption, EChart, useChartTheme } from '../insight-stats/echart';
import { bytes } from './monitor-format';

type Point = z.output<typeof serverPoint>;

/** A small line chart of a node's recent history. */
function MiniChart({ title, option, testId }: { title: string; option: ChartOption; testId: string }) {
  return (
    <Card size="small" title={title} styles={{ body: { padding: '4px 8px' } }}>
      <EChart option={option} height={170} testId={testId} />
    </Card>
  );
}

/** The recent history of one node: CPU and memory, network, event-loop delay. */
export function ServerNodeCharts({
  history,
  memoryTotal,
  node,
}: {
  history: Point[];
  memoryTotal: number;
  node: number;
}) {
  const { t } = useTranslation('monitor');
  const c = useChartTheme();
  const options = useMemo(() => {
    const times = history.map((p) => dayjs(p.t).format('HH:mm:ss'));
    const base = baseOption(c);
    const x = { type: 'category', data: times, boundaryGap: false, ...axisStyle(c) };
    const line = (name: string, data: number[], area = false) => ({
      name,
      type: 'line',
      data,
      showSymbol: false,
      smooth: true,
      ...(area ? { areaStyle: { opacity: 0.12 } } : {}),
    });
    const cpuMemory: ChartOption = {
      ...base,
      xAxis: x,
      yAxis: { type: 'value', min: 0, max: 100, ...axisStyle(c) },
      series: [
        line(
          t('server.cpu'),
          history.map((p) => p.cpu),
          true,
        ),
        line(
          t('server.memory'),
          history.map((p) => (memoryTotal > 0 ? Math.round((p.memory / memoryTotal) * 1000) / 10 : 0)),
        ),
      ],
    };
    const network: ChartOption = {
      ...base,
      tooltip: { ...(base.tooltip as object), valueFormatter: (v: number) => `${bytes(v)}/s` },
      xAxis: x,
      yAxis: { type: 'value', ...axisStyle(c), axisLabel: { color: c.text, formatter: (v: number) => bytes(v) } },
      series: [
        line(
          t('server.received'),
          history.map((p) => p.rxSec),
          true,
        ),
        line(
          t('server.sent'),
          history.map((p) => p.txSec),
        ),
      ],
    };
    const loop: ChartOption = {
      ...base,
      legend: { show: false },
      grid: { ...(base.grid as object), top: 12 },
      xAxis: x,
      yAxis: { type: 'value', min: 0, ...axisStyle(c) },
      series: [
        line(
          t('server.loopDelay'),
          history.map((p) => p.loopDelay),
          true,
        ),
      ],
    };
    return { cpuMemory, network, loop };
  }, [history, memoryTotal, c, t]);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={8}>
        <MiniChart title={t('server.chartCpuMemory')} option={options.cpuMemory} testId={`server-chart-cpu-${node}`} />
      </Col>
      <Col xs={24} lg={8}>
        <MiniChart title={t('server.chartNetwork')} option={options.network} testId={`server-chart-net-${node}`} />
      </Col>
      <Col xs={24} lg={8}>
        <MiniChart title={t('server.chartLoop')} option={options.loop} testId={`server-chart-loop-${node}`} />
      </Col>
    </Row>
  );
}
