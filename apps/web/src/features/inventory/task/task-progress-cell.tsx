import { SubTaskStatusEnum } from '@shelfwise/contract/enums';
import { Empty, Progress, Space, Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnumTag } from '../../system';
import { isLive, type ProgressCounters, progressOf, progressStatus } from './progress';
import { useTaskProgress } from './task.api';
import '../inventory.texts';

/** Lines counted as a bar, locations confirmed (and lines with a difference, when known) beneath. */
export function ProgressCell({ p, inventoryStatus }: { p: ProgressCounters; inventoryStatus: number }) {
  const { t } = useTranslation('inventory');
  const f = progressOf(p);
  if (p.lineCount === 0 && p.locationCount === 0)
    return <Typography.Text type="secondary">{t('task.noItems')}</Typography.Text>;
  return (
    <Tooltip
      title={
        <>
          <div>{t('task.progressLines', { value: f.lines })}</div>
          <div>{t('task.progressLocations', { value: f.locations })}</div>
          {p.diffLineCount !== null ? <div>{t('task.progressDiff', { count: p.diffLineCount })}</div> : null}
        </>
      }
    >
      <div style={{ minWidth: 150 }} data-testid="task-progress">
        <Progress percent={f.linePct} size="small" status={progressStatus(inventoryStatus)} />
        <Space size={8} style={{ fontSize: 12 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('task.linesShort', { value: f.lines })}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('task.locationsShort', { value: f.locations })}
          </Typography.Text>
          {p.diffLineCount ? (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              {t('task.diffShort', { count: p.diffLineCount })}
            </Typography.Text>
          ) : null}
        </Space>
      </div>
    </Tooltip>
  );
}

/** The progress of each sub-task of a task (an expanded task row); fetched again every 10 s while counting. */
export function SubTaskProgress({ taskId, inventoryStatus }: { taskId: number; inventoryStatus: number }) {
  const { t } = useTranslation('inventory');
  const progress = useTaskProgress(taskId, isLive(inventoryStatus));
  const rows = progress.data?.subTasks ?? [];
  if (!progress.isFetching && rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.noSubTasks')} />;
  return (
    <Table
      size="small"
      rowKey="id"
      loading={progress.isLoading}
      dataSource={rows}
      pagination={false}
      style={{ margin: '4px 0' }}
      columns={[
        { key: 'code', title: t('subTask.code'), dataIndex: 'code', width: 160 },
        { key: 'name', title: t('subTask.name'), dataIndex: 'name' },
        {
          key: 'status',
          title: t('subTask.status'),
          dataIndex: 'status',
          width: 120,
          render: (v: number) => <EnumTag def={SubTaskStatusEnum} value={v} />,
        },
        {
          key: 'progress',
          title: t('task.progress'),
          width: 320,
          render: (_: unknown, r) => <ProgressCell p={r} inventoryStatus={inventoryStatus} />,
        },
      ]}
    />
  );
}
