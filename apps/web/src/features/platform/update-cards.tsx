import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Card, Collapse, Descriptions, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type ChangelogRelease,
  formatBytes,
  type HealthSummary,
  type MigrationList,
  type UpdateVersion,
} from './update.api';

const DB_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MySQL / MariaDB' } as const;

/** 3 d 4 h, 5 h 12 min, 42 s. */
function duration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d) return `${d} d ${h} h`;
  if (h) return `${h} h ${m} min`;
  return m ? `${m} min` : `${seconds} s`;
}

/** What runs: product, version, commit and build, runtime, database. */
export function VersionCard({ data }: { data: UpdateVersion | undefined }) {
  const { t } = useTranslation('update');
  const unknown = <Typography.Text type="secondary">{t('version.unknown')}</Typography.Text>;
  return (
    <Card title={t('version.title')} data-testid="update-version" style={{ height: '100%' }}>
      {!data ? (
        <Skeleton active />
      ) : (
        <Descriptions
          column={1}
          size="small"
          styles={{ label: { width: 130 } }}
          items={[
            { key: 'product', label: t('version.product'), children: data.product },
            {
              key: 'version',
              label: t('version.version'),
              children: (
                <Typography.Text strong data-testid="update-version-number">
                  {data.version}
                </Typography.Text>
              ),
            },
            {
              key: 'commit',
              label: t('version.commit'),
              children: data.commit ? (
                <Flex wrap gap={6} align="center">
                  <Typography.Text
                    code
                    copyable={{ text: data.commit, tooltips: [t('version.copy'), t('version.copied')] }}
                  >
                    {data.commit.slice(0, 12)}
                  </Typography.Text>
                  {data.branch ? <Tag>{data.branch}</Tag> : null}
                  {data.dirty ? <Tag color="warning">{t('version.dirty')}</Tag> : null}
                </Flex>
              ) : (
                unknown
              ),
            },
            { key: 'commitTime', label: t('version.commitTime'), children: data.commitTime ?? unknown },
            {
              key: 'buildTime',
              label: t('version.buildTime'),
              children: data.buildTime ?? <Typography.Text type="secondary">{t('version.fromSource')}</Typography.Text>,
            },
            { key: 'node', label: t('version.node'), children: data.node },
            {
              key: 'database',
              label: t('version.database'),
              children: `${DB_NAMES[data.database]}${data.databaseVersion ? ` (${data.databaseVersion.split(' on ')[0]})` : ''}`,
            },
            ...(data.databaseSize !== null
              ? [{ key: 'size', label: t('version.databaseSize'), children: formatBytes(data.databaseSize) }]
              : []),
            { key: 'start', label: t('version.startTime'), children: data.startTime },
            { key: 'uptime', label: t('version.uptime'), children: duration(data.uptime) },
          ]}
        />
      )}
    </Card>
  );
}

const STATUS_COLOR = { ok: 'success', degraded: 'warning', down: 'error' } as const;

/** The health checks with their timings. */
export function HealthCard({ data }: { data: HealthSummary | undefined }) {
  const { t } = useTranslation('update');
  return (
    <Card
      title={t('health.title')}
      data-testid="update-health"
      style={{ height: '100%' }}
      extra={data ? <Tag color={STATUS_COLOR[data.status]}>{t(`health.${data.status}`)}</Tag> : null}
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={10}>
          {data.checks.map((c) => (
            <Flex key={c.name} gap={8} align="baseline" wrap>
              {c.ok ? (
                <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('health.passed')} />
              ) : (
                <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label={t('health.failed')} />
              )}
              <Typography.Text style={{ minWidth: 150 }}>{t(`health.checks.${c.name}`)}</Typography.Text>
              <Typography.Text type="secondary">
                {c.name === 'disk' && data.diskFree !== null
                  ? `${formatBytes(data.diskFree)} / ${formatBytes(data.diskTotal)}`
                  : c.detail}
                {c.name !== 'disk' ? ` · ${c.ms} ms` : ''}
              </Typography.Text>
            </Flex>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('health.probes', { live: 'GET /health/live', ready: 'GET /health/ready' })}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}

const MIGRATION_COLOR = { applied: 'success', pending: 'processing', unknown: 'error' } as const;

/** Migrations applied and pending, newest first. */
export function MigrationsCard({ data }: { data: MigrationList | undefined }) {
  const { t } = useTranslation('update');
  const rows = data ? [...data.items].reverse() : [];
  return (
    <Card
      title={t('migrations.title')}
      data-testid="update-migrations"
      extra={
        data ? (
          <Typography.Text type="secondary" data-testid="update-migrations-summary">
            {t('migrations.summary', { applied: data.applied, pending: data.pending })}
            {data.unknown ? ` · ${t('migrations.unknownSummary', { count: data.unknown })}` : ''}
          </Typography.Text>
        ) : null
      }
    >
      <Table
        size="small"
        rowKey="name"
        loading={!data}
        dataSource={rows}
        pagination={{ pageSize: 8, size: 'small', hideOnSinglePage: true }}
        tableLayout="fixed"
        columns={[
          {
            title: t('migrations.name'),
            dataIndex: 'name',
            render: (v: string) => (
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {v}
              </Typography.Text>
            ),
          },
          {
            title: t('migrations.status'),
            dataIndex: 'status',
            width: 110,
            render: (v: keyof typeof MIGRATION_COLOR) => <Tag color={MIGRATION_COLOR[v]}>{t(`migrations.${v}`)}</Tag>,
          },
          {
            title: t('migrations.executedAt'),
            dataIndex: 'executedAt',
            width: 170,
            responsive: ['md'],
            render: (v: string | null) => v ?? '-',
          },
        ]}
      />
    </Card>
  );
}

/** The changelog shipped with the build: the newest release open. */
export function ChangelogCard({ data }: { data: ChangelogRelease[] | undefined }) {
  const { t } = useTranslation('update');
  return (
    <Card title={t('changelog.title')} data-testid="update-changelog">
      {!data ? (
        <Skeleton active />
      ) : data.length === 0 ? (
        <Empty description={t('changelog.empty')} />
      ) : (
        <Collapse
          defaultActiveKey={[data[0]?.version ?? '']}
          items={data.map((r) => ({
            key: r.version,
            label: (
              <Flex gap={8} wrap>
                <Typography.Text strong>
                  {r.version.toLowerCase() === 'unreleased' ? t('changelog.unreleased') : r.version}
                </Typography.Text>
                {r.date ? <Typography.Text type="secondary">{r.date}</Typography.Text> : null}
              </Flex>
            ),
            children: r.sections.map((s) => (
              <div key={s.title} style={{ marginBottom: 12 }}>
                {s.title ? <Typography.Title level={5}>{s.title}</Typography.Title> : null}
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {s.items.map((item) => (
                    <li key={item} style={{ marginBottom: 4 }}>
                      <Typography.Text>{item.replace(/`([^`]+)`/g, '$1')}</Typography.Text>
                    </li>
                  ))}
                </ul>
              </div>
            )),
          }))}
        />
      )}
    </Card>
  );
}
