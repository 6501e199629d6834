import {
  DashboardOutlined,
  HistoryOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { sysJob } from '@shelfwise/contract';
import { App, Button, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Auth, type CrudColumn, CrudPage, type CrudRow, type FieldConfig } from '../../components/crud';
import { type JobRow, useJobActions, useJobHandlers, useJobLive } from './job.api';
import { JobClusterButton } from './job-cluster';
import { JobHistoryDrawer } from './job-history';
import { JobRunDialog } from './job-run-dialog';
import { JobTriggerDrawer, triggerSummary } from './job-triggers';
import './job.texts';

type Row = CrudRow<{ page: typeof sysJob.pageJobDetail }>;
const mono = { fontFamily: 'monospace' };

/** The parameters field: JSON text in the form, an object in the body. */
const paramsArea = () => (
  <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} style={mono} data-testid="job-params" />
);

/**
 * Scheduled jobs (`sysJob`): jobs of handlers written in code, their triggers (cron with seconds in a time zone, or
 * an interval) with the next firings in words, start / pause / run now, the run history and the cluster.
 */
export default function JobPage() {
  const { t } = useTranslation('job');
  const { t: tc } = useTranslation('crud');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const handlers = useJobHandlers();
  const actions = useJobActions();
  const [triggersOf, setTriggersOf] = useState<JobRow | null>(null);
  const [historyOf, setHistoryOf] = useState<JobRow | null | 'all'>(null);
  const [running, setRunning] = useState<JobRow | null>(null);
  useJobLive();

  const statusOptions = [
    { label: t('running'), value: 1 },
    { label: t('paused'), value: 2 },
  ];
  const handlerOptions = (handlers.data ?? []).map((h) => ({ label: `${h.title} (${h.key})`, value: h.key }));

  const searchFields: FieldConfig[] = [
    { name: 'code', label: t('code') },
    { name: 'groupName', label: t('group') },
    { name: 'status', label: t('status'), type: 'select', options: statusOptions },
  ];

  const columns: CrudColumn<Row>[] = [
    { key: 'name', title: t('name'), dataIndex: 'name', sortField: 'name' },
    {
      key: 'code',
      title: t('code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'groupName', title: t('group'), dataIndex: 'groupName', sortField: 'groupName' },
    { key: 'handler', title: t('handler'), dataIndex: 'handlerTitle' },
    {
      key: 'triggers',
      title: t('triggers'),
      dataIndex: 'triggers',
      width: 260,
      exportValue: (r) => r.triggers.map((x) => triggerSummary(x, t)).join('; '),
      render: (_: unknown, r: Row) =>
        r.triggers.length ? (
          <Space orientation="vertical" size={0}>
            {r.triggers.map((x) => (
              <Tooltip key={x.id} title={x.cron ?? undefined}>
                <Typography.Text type={x.status === 1 ? undefined : 'secondary'}>
                  {triggerSummary(x, t)}
                </Typography.Text>
              </Tooltip>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('noTriggers')}</Typography.Text>
        ),
    },
    {
      key: 'next',
      title: t('nextFire'),
      dataIndex: 'triggers',
      exportValue: (r) => nextOf(r) ?? '',
      render: (_: unknown, r: Row) => (r.status === 1 ? (nextOf(r) ?? '—') : '—'),
    },
    {
      key: 'status',
      title: t('status'),
      dataIndex: 'status',
      exportValue: (r) => (r.status === 1 ? t('running') : t('paused')),
      render: (v: number) => <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? t('running') : t('paused')}</Tag>,
    },
    { key: 'createTime', title: t('createTime'), dataIndex: 'createTime', sortField: 'createTime' },
  ];

  const formFields: FieldConfig[] = [
    { name: 'name', label: t('name'), required: true, span: 12, maxLength: 128 },
    {
      name: 'code',
      label: t('code'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('codeRule') }],
    },
    { name: 'handler', label: t('handler'), type: 'select', required: true, span: 12, options: handlerOptions },
    { name: 'groupName', label: t('group'), span: 12, maxLength: 32 },
    {
      name: 'params',
      label: t('params'),
      extra: t('paramsHint'),
      render: paramsArea,
      rules: [
        {
          validator: async (_: unknown, v: unknown) => {
            if (v && typeof v === 'string' && !isObjectJson(v)) throw new Error(t('paramsInvalid'));
          },
        },
      ],
    },
    { name: 'concurrent', label: t('concurrent'), type: 'switch', span: 8 },
    { name: 'status', label: t('status'), type: 'radio', span: 16, options: statusOptions },
    { name: 'description', label: t('description'), type: 'textarea', maxLength: 512 },
  ];

  // icons with tooltips: the actions column stays narrow enough for the data columns, also at phone width
  const link = (icon: React.ReactNode, text: string, onClick: () => void, testId: string) => (
    <Tooltip title={text}>
      <Button type="link" size="small" icon={icon} onClick={onClick} data-testid={testId} aria-label={text} />
    </Tooltip>
  );

  return (
    <>
      <CrudPage
        service={{
          page: sysJob.pageJobDetail,
          add: sysJob.addJobDetail,
          update: sysJob.updateJobDetail,
          delete: sysJob.deleteJobDetail,
        }}
        pageKey="platform.job"
        title={t('title')}
        searchFields={searchFields}
        columns={columns}
        form={{
          fields: formFields,
          addTitle: t('add'),
          editTitle: t('edit'),
          width: 760,
          defaults: { status: 1, concurrent: false },
          fromRow: (row) => ({ ...row, params: JSON.stringify(row.params, null, 2) }),
          toInput: (v) => ({ ...v, params: v.params ? JSON.parse(String(v.params)) : {} }),
        }}
        rowName={(row) => row.name}
        compactActions
        rowActions={(row) => (
          <>
            <Auth code="sysJob:pageJobTrigger">
              {link(<ThunderboltOutlined />, t('triggers'), () => setTriggersOf(row), `job-triggers-${row.code}`)}
            </Auth>
            {row.status === 1 ? (
              <Auth code="sysJob:pauseJob">
                {link(<PauseCircleOutlined />, t('pause'), () => actions.pause.mutate(row.id), `job-pause-${row.code}`)}
              </Auth>
            ) : (
              <Auth code="sysJob:startJob">
                {link(<PlayCircleOutlined />, t('start'), () => actions.start.mutate(row.id), `job-start-${row.code}`)}
              </Auth>
            )}
            <Auth code="sysJob:runJob">
              {link(<PlayCircleOutlined />, t('runNow'), () => setRunning(row), `job-run-${row.code}`)}
            </Auth>
            <Auth code="sysJob:pageJobTriggerRecord">
              {link(<HistoryOutlined />, t('history'), () => setHistoryOf(row), `job-history-${row.code}`)}
            </Auth>
          </>
        )}
        toolbarExtra={
          <Space wrap>
            <Auth code="sysJob:pageJobTriggerRecord">
              <Button icon={<HistoryOutlined />} onClick={() => setHistoryOf('all')} data-testid="job-all-history">
                {t('allHistory')}
              </Button>
            </Auth>
            <Auth code="sysJob:dashboard">
              <Button
                icon={<DashboardOutlined />}
                onClick={() => navigate('/platform/job/dashboard')}
                data-testid="job-dashboard"
              >
                {t('dashboard')}
              </Button>
            </Auth>
            <Auth code="sysJob:clusterList">
              <JobClusterButton />
            </Auth>
          </Space>
        }
        clientExport={t('exportName')}
        testId="job"
      />
      <JobTriggerDrawer job={triggersOf} onClose={() => setTriggersOf(null)} />
      <JobHistoryDrawer job={historyOf} onClose={() => setHistoryOf(null)} />
      <JobRunDialog
        job={running}
        onClose={() => setRunning(null)}
        onStarted={() => {
          void message.success(t('runStarted'));
          setHistoryOf(running);
          setRunning(null);
        }}
      />
      <span hidden>{tc('enabled')}</span>
    </>
  );
}

function isObjectJson(text: string): boolean {
  try {
    const v = JSON.parse(text);
    return !!v && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** The soonest next firing among a job's enabled triggers. */
function nextOf(r: Row): string | null {
  const times = r.triggers.map((x) => x.nextFireTime).filter((x): x is string => !!x);
  return times.sort()[0] ?? null;
}
