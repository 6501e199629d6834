import { Empty, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetFrame } from '../../components/widget-frame';
import { ActivityChart } from './activity-chart';
import { useChartData } from './home.api';
import { ResultsChart, TasksChart } from './result-charts';
import { WidgetBody } from './widget-state';
import type { WidgetProps } from './widget-types';

type View = 'activity' | 'results' | 'tasks';

/** Counting charts of the user's warehouses: activity of 14 days, results of open counts, tasks by status. */
export function ChartsWidget({ controls }: WidgetProps) {
  const { t } = useTranslation('home');
  const [view, setView] = useState<View>('activity');
  const data = useChartData();
  const d = data.data;
  const quiet = d?.activity.every((a) => a.scans === 0);
  return (
    <WidgetFrame title={t('widgets.charts')} extra={controls} testId="widget-charts">
      <Segmented<View>
        size="small"
        value={view}
        onChange={setView}
        options={[
          { value: 'activity', label: t('charts.activity') },
          { value: 'results', label: t('charts.results') },
          { value: 'tasks', label: t('charts.tasks') },
        ]}
        style={{ marginBottom: 12 }}
      />
      <WidgetBody loading={data.isPending} error={data.isError} onRetry={() => void data.refetch()} rows={5}>
        {d && view === 'activity' ? (
          quiet ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.noActivity')} />
          ) : (
            <ActivityChart days={d.activity} />
          )
        ) : null}
        {d && view === 'results' ? <ResultsChart results={d.results} /> : null}
        {d && view === 'tasks' ? <TasksChart tasks={d.tasks} /> : null}
      </WidgetBody>
    </WidgetFrame>
  );
}
