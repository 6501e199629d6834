import { ReloadOutlined } from '@ant-design/icons';
import { CountModeEnum } from '@shelfwise/contract/enums';
import { Alert, Button, Empty, Progress, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EnumTag } from '../../system/enum-tag';
import type { MyScanTask } from './scan.api';
import './scan.texts';

const pct = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);

/** The counter's open sub-tasks as large tappable cards with progress (`data-testid="scan-task-row"`). */
export function ScanTaskList(props: {
  tasks: MyScanTask[] | undefined;
  cachedAt: string | null;
  loading: boolean;
  failed: boolean;
  onPick: (task: MyScanTask) => void;
  onReload: () => void;
}) {
  const { t } = useTranslation('scan');
  if (props.loading) return <Skeleton active />;
  return (
    <div className="sw-scan-tasks">
      <div className="sw-scan-row">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('tasks.pick')}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={props.onReload} data-testid="scan-tasks-reload">
          {t('tasks.reload')}
        </Button>
      </div>
      {props.failed ? <Alert type="error" showIcon title={t('tasks.failed')} /> : null}
      {props.cachedAt ? (
        <Alert
          type="warning"
          showIcon
          title={t('tasks.cached', { time: dayjs(props.cachedAt).format('MM-DD HH:mm') })}
        />
      ) : null}
      {props.tasks && props.tasks.length === 0 ? <Empty description={t('tasks.empty')} /> : null}
      {props.tasks?.map((task) => (
        <button
          type="button"
          key={task.subTaskId}
          className="sw-scan-task"
          data-testid="scan-task-row"
          data-subtask={task.subTaskCode}
          onClick={() => props.onPick(task)}
        >
          <span className="sw-scan-task-head">
            <Typography.Text strong>{task.subTaskName || task.subTaskCode}</Typography.Text>
            <EnumTag def={CountModeEnum} value={task.countMode} />
          </span>
          <Typography.Text type="secondary" className="sw-scan-small">
            {task.subTaskCode} · {task.taskName} {task.warehouseName ? `· ${task.warehouseName}` : ''}
          </Typography.Text>
          <span className="sw-scan-task-progress">
            <span>{t('tasks.locations', { done: task.confirmedLocationCount, total: task.locationCount })}</span>
            <Progress percent={pct(task.confirmedLocationCount, task.locationCount)} size="small" showInfo={false} />
            <span>{t('tasks.lines', { done: task.countedLineCount, total: task.lineCount })}</span>
            <Progress percent={pct(task.countedLineCount, task.lineCount)} size="small" showInfo={false} />
          </span>
        </button>
      ))}
    </div>
  );
}
