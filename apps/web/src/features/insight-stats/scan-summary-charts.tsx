import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { axisStyle, baseOption, EChart, useChartTheme } from './echart';
import type { ScanSummary } from './stats.api';

/** Scans (bars) and lines (line) per clock hour. */
export function HourChart({ summary }: { summary: ScanSummary }) {
  const { t } = useTranslation('stats');
  const c = useChartTheme();
  const option = useMemo(() => {
    const hours = summary.byHour;
    return {
      ...baseOption(c),
      xAxis: { type: 'category', data: hours.map((h) => h.hour.slice(5)), ...axisStyle(c), splitLine: { show: false } },
      yAxis: [
        { type: 'value', minInterval: 1, ...axisStyle(c) },
        { type: 'value', minInterval: 1, ...axisStyle(c), splitLine: { show: false } },
      ],
      series: [
        { name: t('scan.scans'), type: 'bar', data: hours.map((h) => h.scans), barMaxWidth: 28 },
        {
          name: t('scan.lines'),
          type: 'line',
          yAxisIndex: 1,
          data: hours.map((h) => h.lines),
          smooth: true,
          symbolSize: 6,
        },
        {
          name: t('scan.undos'),
          type: 'bar',
          data: hours.map((h) => h.undos),
          barMaxWidth: 28,
          itemStyle: { color: c.error },
        },
      ],
    };
  }, [summary, c, t]);
  if (!summary.byHour.length) return <Empty description={t('common.noData')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return <EChart option={option} testId="chart-scan-hours" />;
}

/** Lines per hour of the busiest counters, one line each. */
export function CounterChart({ summary }: { summary: ScanSummary }) {
  const { t } = useTranslation('stats');
  const c = useChartTheme();
  const option = useMemo(() => {
    const hours = [...new Set(summary.byCounterHour.map((h) => h.hour))].sort();
    const index = new Map(hours.map((h, i) => [h, i]));
    return {
      ...baseOption(c),
      legend: { ...(baseOption(c).legend as object), type: 'scroll' },
      xAxis: { type: 'category', data: hours.map((h) => h.slice(5)), ...axisStyle(c), splitLine: { show: false } },
      yAxis: { type: 'value', minInterval: 1, ...axisStyle(c) },
      series: summary.chartCounters.map((counter) => {
        const data: (number | null)[] = hours.map(() => 0);
        for (const h of summary.byCounterHour)
          if (h.userId === counter.userId) data[index.get(h.hour) as number] = h.lines;
        return { name: counter.name, type: 'line', data, symbolSize: 5 };
      }),
    };
  }, [summary, c]);
  if (!summary.chartCounters.length)
    return <Empty description={t('common.noData')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return <EChart option={option} testId="chart-scan-counters" />;
}
