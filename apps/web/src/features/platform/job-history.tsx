import { ClearOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/crud';
import { type FiringRow, type JobRow, useJobActions, useJobHistory } from './job.api';

const STATE_COLORS: Record<string, string> = {
  pending: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
  abandoned: 'error',
  skipped: 'default',
};
const STATES = ['pending', 'running', 'succeeded', 'failed', 'cancelled', 'abandoned', 'skipped'] as const;

/** A firing's state as a coloured tag. */
export function StateTag({ state, t }: { state: string; t: TFunction<'job'> }) {
  return <Tag color={STATE_COLORS[state]}>{t(`state_${state}` as 'state_failed')}</Tag>;
}

/** How a firing came about: scheduled, at start, by hand, or a retry. */
export const kindText = (kind: string, t: TFunction<'job'>) =>
  t(`kind_${kind.startsWith('retry') ? 'retry' : kind}` as 'kind_cron');

/** The firings of a job (or of every job) in a drawer: result, times, node, error; cancel a run; clear. */
export function JobHistoryDrawer({ job, onClose }: { job: JobRow | 'all' | null; onClose: () => void }) {
  const { t } = useTranslation('job');
  const { message } = App.useApp();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [state, setState] = useState<(typeof STATES)[number] | undefined>();
  const jobId = job && job !== 'all' ? job.id : undefined;
  const history = useJobHistory({ ...page, jobId, state }, !!job);
  const actions = useJobActions();
  return (
    <Drawer
      open={!!job}
      onClose={onClose}
      size={Math.min(1100, window.innerWidth)}
      title={job && job !== 'all' ? t('historyTitle', { name: job.name }) : t('allHistory')}
      data-testid="job-history-drawer"
      destroyOnHidden
      extra={
        <Space wrap>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('state')}
            value={state}
            onChange={setState}
            options={STATES.map((s) => ({ label: t(`state_${s}`), value: s }))}
          />
          <Auth code="sysJob:clearJobTriggerRecord">
            <Popconfirm
              title={t('clearConfirm')}
              onConfirm={async () => {
                const n = await actions.clear.mutateAsync(jobId);
                void message.success(t('cleared', { count: n }));
              }}
            >
              <Button icon={<ClearOutlined />} data-testid="job-history-clear">
                {t('clearHistory')}
              </Button>
            </Popconfirm>
          </Auth>
        </Space>
      }
    >
      <Table<FiringRow>
        rowKey="id"
        size="small"
        loading={history.isFetching && !history.data}
        dataSource={history.data?.items ?? []}
        scroll={{ x: 900 }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: history.data?.total ?? 0,
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
        }}
        expandable={{
          rowExpandable: (r) => !!(r.error || r.output || r.stack),
          expandedRowRender: (r) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {r.output ? <Typography.Text>{r.output}</Typography.Text> : null}
              {r.params ? <Typography.Text code>{r.params}</Typography.Text> : null}
              {r.stack || r.error ? (
                <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontSize: 12 }}>{r.stack ?? r.error}</pre>
              ) : null}
            </Space>
          ),
        }}
        columns={[
          ...(jobId ? [] : [{ key: 'job', title: t('job'), dataIndex: 'jobName' as const }]),
          { key: 'state', title: t('state'), dataIndex: 'state', render: (v: string) => <StateTag state={v} t={t} /> },
          { key: 'kind', title: t('firingKind'), dataIndex: 'kind', render: (v: string) => kindText(v, t) },
          { key: 'scheduled', title: t('scheduled'), dataIndex: 'scheduledTime' },
          { key: 'start', title: t('startedAt'), dataIndex: 'startTime' },
          { key: 'duration', title: t('duration'), dataIndex: 'durationMs', align: 'right' },
          { key: 'attempt', title: t('attempt'), dataIndex: 'attempt', align: 'right' },
          { key: 'node', title: t('node'), dataIndex: 'nodeNo', align: 'right' },
          {
            key: 'error',
            title: t('outputOrError'),
            dataIndex: 'error',
            ellipsis: true,
            width: 240,
            render: (v: string | null, r) => v ?? r.output ?? '',
          },
          {
            key: 'actions',
            title: '',
            render: (_: unknown, r) =>
              r.state === 'running' || r.state === 'pending' ? (
                <Auth code="sysJob:cancelJobFiring">
                  <Popconfirm title={t('cancelConfirm')} onConfirm={() => actions.cancel.mutate(r.id)}>
                    <Button type="link" size="small" danger icon={<StopOutlined />} data-testid={`job-cancel-${r.id}`}>
                      {t('cancel')}
                    </Button>
                  </Popconfirm>
                </Auth>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
