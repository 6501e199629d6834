import { WarningOutlined } from '@ant-design/icons';
import { Empty, Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { axisStyle, baseOption, EChart, useChartTheme } from './echart';
import type { FillRow, FillSummary } from './stats.api';
import { fmtPercent } from './stats-format';

const STATE_COLOR: Record<FillRow['state'], string> = {
  empty: 'default',
  normal: 'green',
  over: 'red',
  unknown: 'orange',
};

/** A location's state as a tag. */
export function FillStateTag({ state }: { state: FillRow['state'] }) {
  const { t } = useTranslation('stats');
  return <Tag color={STATE_COLOR[state]}>{t(`fill.${state}`)}</Tag>;
}

/** A fill ratio as a short bar and its percentage (red above 100 %); an en dash without a limit. */
export function FillBar({ value, incomplete }: { value: number | null; incomplete?: string | undefined }) {
  if (value === null) return <Typography.Text type="secondary">–</Typography.Text>;
  const over = value > 1 + 1e-9;
  return (
    <Flex align="center" gap={6} style={{ minWidth: 120 }}>
      <Progress
        percent={Math.min(100, value * 100)}
        size="small"
        showInfo={false}
        status={over ? 'exception' : 'normal'}
        style={{ width: 60, margin: 0 }}
      />
      <Typography.Text type={over ? 'danger' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {fmtPercent(value)}
      </Typography.Text>
      {incomplete ? (
        <Tooltip title={incomplete}>
          <WarningOutlined style={{ color: 'var(--ant-color-warning)' }} />
        </Tooltip>
      ) : null}
    </Flex>
  );
}

/** Known locations with a limit by fill band. */
export function BandsChart({ summary }: { summary: FillSummary }) {
  const { t } = useTranslation('stats');
  const c = useChartTheme();
  const option = useMemo(() => {
    const colors = [c.muted, c.primary, c.primary, c.success, c.warning, c.error];
    return {
      ...baseOption(c),
      legend: { show: false },
      xAxis: {
        type: 'category',
        data: summary.bands.map((_, i) => t(`fill.band${i}`)),
        ...axisStyle(c),
        splitLine: { show: false },
      },
      yAxis: { type: 'value', minInterval: 1, ...axisStyle(c) },
      series: [
        {
          name: t('fill.locations'),
          type: 'bar',
          barMaxWidth: 40,
          data: summary.bands.map((v, i) => ({ value: v, itemStyle: { color: colors[i] } })),
        },
      ],
    };
  }, [summary, c, t]);
  if (!summary.bands.some((b) => b > 0))
    return <Empty description={t('common.noData')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return <EChart option={option} height={240} testId="chart-fill-bands" />;
}

/** Locations of each area by state (stacked bars). */
export function AreaStatesChart({ summary }: { summary: FillSummary }) {
  const { t } = useTranslation('stats');
  const c = useChartTheme();
  const option = useMemo(() => {
    const areas = summary.byArea;
    const series = (
      [
        ['normal', c.success],
        ['over', c.error],
        ['empty', c.muted],
        ['unknown', c.warning],
      ] as const
    ).map(([key, color]) => ({
      name: t(`fill.${key}`),
      type: 'bar',
      stack: 'states',
      barMaxWidth: 40,
      itemStyle: { color },
      data: areas.map((a) => a[key]),
    }));
    return {
      ...baseOption(c),
      xAxis: { type: 'category', data: areas.map((a) => a.areaCode), ...axisStyle(c), splitLine: { show: false } },
      yAxis: { type: 'value', minInterval: 1, ...axisStyle(c) },
      series: summary.basis === 'snapshot' ? series.filter((s) => s.name !== t('fill.unknown')) : series,
    };
  }, [summary, c, t]);
  if (!summary.byArea.length) return <Empty description={t('common.noData')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return <EChart option={option} height={240} testId="chart-fill-areas" />;
}
