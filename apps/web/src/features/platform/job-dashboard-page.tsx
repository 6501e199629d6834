import { UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Col, List, Row, Segmented, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { axisStyle, baseOption, EChart, useChartTheme } from '../insight-stats/echart';
import { type FiringRow, useJobDashboard, useJobLive } from './job.api';
import { kindText, StateTag } from './job-history';
import './job.texts';

/**
 * The job dashboard (hidden menu `/platform/job/dashboard`): firings running now, the next firings, succeeded and
 * failed counts per hour (chart), the slowest jobs and the latest failures with their errors; live through Socket.IO.
 */
export default function JobDashboardPage() {
  const { t } = useTranslation('job');
  const navigate = useNavigate();
  const [hours, setHours] = useState(24);
  const data = useJobDashboard(hours);
  useJobLive();
  const c = useChartTheme();
  const d = data.data;
  const option = useMemo(
    () => ({
      ...baseOption(c),
      xAxis: { type: 'category', data: (d?.counts ?? []).map((x) => x.time.slice(11, 16)), ...axisStyle(c) },
      yAxis: { type: 'value', minInterval: 1, ...axisStyle(c) },
      series: [
        {
          name: t('succeeded'),
          type: 'bar',
          stack: 'n',
          color: c.success,
          data: (d?.counts ?? []).map((x) => x.succeeded),
        },
        { name: t('failed'), type: 'bar', stack: 'n', color: c.error, data: (d?.counts ?? []).map((x) => x.failed) },
      ],
    }),
    [c, d, t],
  );
  const firingColumns = [
    { key: 'job', title: t('job'), dataIndex: 'jobName' as const },
    {
      key: 'state',
      title: t('state'),
      dataIndex: 'state' as const,
      render: (v: string) => <StateTag state={v} t={t} />,
    },
    { key: 'kind', title: t('firingKind'), dataIndex: 'kind' as const, render: (v: string) => kindText(v, t) },
    { key: 'start', title: t('startedAt'), dataIndex: 'startTime' as const },
    { key: 'node', title: t('node'), dataIndex: 'nodeNo' as const, align: 'right' as const },
  ];
  return (
    <div style={{ padding: 16 }} data-testid="job-dashboard-page">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('dashboardTitle')}
        </Typography.Title>
        <Space wrap>
          <Segmented
            value={hours}
            onChange={(v) => setHours(Number(v))}
            options={[6, 24, 72].map((n) => ({ label: t('hours', { n }), value: n }))}
          />
          <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/platform/job')}>
            {t('toList')}
          </Button>
        </Space>
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t('countsTitle')} size="small">
            <EChart option={option} height={260} testId="job-dashboard-chart" />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('nextFirings')} size="small" data-testid="job-dashboard-next">
            <List
              size="small"
              dataSource={d?.upcoming ?? []}
              locale={{ emptyText: t('nothing') }}
              renderItem={(u) => (
                <List.Item style={{ display: 'flex', gap: 12 }}>
                  <Typography.Text ellipsis style={{ flex: 1 }}>
                    {u.name}
                  </Typography.Text>
                  <Typography.Text type="secondary">{u.time}</Typography.Text>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('runningNow')} size="small" data-testid="job-dashboard-running">
            <Table<FiringRow>
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ x: 480 }}
              dataSource={d?.running ?? []}
              locale={{ emptyText: t('nothing') }}
              columns={firingColumns}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('slowest')} size="small" data-testid="job-dashboard-slowest">
            <Table
              rowKey="jobId"
              size="small"
              pagination={false}
              scroll={{ x: 420 }}
              dataSource={d?.slowest ?? []}
              locale={{ emptyText: t('nothing') }}
              columns={[
                { key: 'name', title: t('job'), dataIndex: 'name' },
                { key: 'max', title: t('maxMs'), dataIndex: 'maxMs', align: 'right' },
                { key: 'avg', title: t('avgMs'), dataIndex: 'avgMs', align: 'right' },
                { key: 'runs', title: t('runs'), dataIndex: 'runs', align: 'right' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('failures')} size="small" data-testid="job-dashboard-failures">
            <Table<FiringRow>
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ x: 640 }}
              dataSource={d?.failures ?? []}
              locale={{ emptyText: t('nothing') }}
              expandable={{
                rowExpandable: (r) => !!r.stack,
                expandedRowRender: (r) => (
                  <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontSize: 12 }}>{r.stack}</pre>
                ),
              }}
              columns={[
                ...firingColumns.slice(0, 2),
                { key: 'scheduled', title: t('scheduled'), dataIndex: 'scheduledTime' },
                { key: 'error', title: t('error'), dataIndex: 'error', ellipsis: true },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
