import { theme } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';

// ECharts (the architecture's chart library), only the parts these pages draw; the statistics routes are the only
// ones that load it.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** An ECharts option (kept loose: each chart builds its own). */
export type ChartOption = echarts.EChartsCoreOption;

/** The colours a chart takes from the antd theme, so light and dark both read well. */
export function useChartTheme() {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      text: token.colorTextSecondary,
      axis: token.colorBorder,
      split: token.colorBorderSecondary,
      tooltipBg: token.colorBgElevated,
      tooltipText: token.colorText,
      palette: [
        token.colorPrimary,
        token.colorWarning,
        token.colorSuccess,
        token.colorError,
        '#8c6dd7',
        '#13a8a8',
        '#d4813f',
        '#7a8b99',
      ],
      success: token.colorSuccess,
      warning: token.colorWarning,
      error: token.colorError,
      muted: token.colorTextQuaternary,
      primary: token.colorPrimary,
    }),
    [token],
  );
}

/** Axis, grid, legend and tooltip styles shared by the charts of these pages. */
export function baseOption(c: ReturnType<typeof useChartTheme>): ChartOption {
  return {
    color: c.palette,
    textStyle: { color: c.text },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, textStyle: { color: c.text }, itemWidth: 14, itemHeight: 8 },
    tooltip: {
      trigger: 'axis',
      backgroundColor: c.tooltipBg,
      borderColor: c.axis,
      textStyle: { color: c.tooltipText },
    },
  };
}

/** An axis styled for the theme. */
export function axisStyle(c: ReturnType<typeof useChartTheme>) {
  return {
    axisLine: { lineStyle: { color: c.axis } },
    axisLabel: { color: c.text },
    splitLine: { lineStyle: { color: c.split } },
  };
}

/** A chart box: draws the option, follows its width, disposes the chart when it goes. */
export function EChart({ option, height = 280, testId }: { option: ChartOption; height?: number; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const instance = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}
