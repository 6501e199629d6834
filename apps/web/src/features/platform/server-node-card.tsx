import { CloudServerOutlined } from '@ant-design/icons';
import type { serverNode } from '@shelfwise/contract';
import { Card, Col, Descriptions, Progress, Row, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { bytes, duration, percent } from './monitor-format';
import { ServerNodeCharts } from './server-node-charts';

type ServerNode = z.output<typeof serverNode>;

/** A figure with a bar under it (CPU, memory, process, event loop). */
function Gauge(props: { title: string; value: string; pct?: number; foot: string; testId: string }) {
  const status = props.pct !== undefined && props.pct >= 90 ? 'exception' : 'normal';
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={props.title} value={props.value} valueStyle={{ fontSize: 22 }} data-testid={props.testId} />
      {props.pct !== undefined ? <Progress percent={props.pct} showInfo={false} size="small" status={status} /> : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {props.foot}
      </Typography.Text>
    </Card>
  );
}

/** One node of the cluster: gauges, small live charts, its facts and its disks. */
export function ServerNodeCard({ node, now }: { node: ServerNode; now: number }) {
  const { t } = useTranslation('monitor');
  const memPct = percent(node.memory.used, node.memory.total);
  const age = Math.round((now - node.sampledAt) / 1000);
  const cores = node.cpu.limit
    ? t('server.coresLimited', { count: node.cpu.cores, limit: node.cpu.limit })
    : t('server.cores', { count: node.cpu.cores });
  const r = node.redis;
  const items = [
    { key: 'host', label: t('server.host'), children: node.host },
    { key: 'os', label: t('server.os'), children: `${node.os.distro} ${node.os.release}` },
    { key: 'kernel', label: t('server.kernel'), children: node.os.kernel },
    { key: 'arch', label: t('server.arch'), children: `${node.os.platform} ${node.os.arch}` },
    { key: 'cpu', label: t('server.cpuModel'), children: `${node.cpu.model} · ${cores}` },
    { key: 'load', label: t('server.load'), children: node.cpu.load.map((l) => l.toFixed(2)).join(' / ') },
    { key: 'hostUp', label: t('server.hostUptime'), children: duration(t, node.uptime) },
    { key: 'procUp', label: t('server.processUptime'), children: duration(t, node.process.uptime) },
    { key: 'node', label: t('server.nodeVersion'), children: node.nodeVersion },
    { key: 'app', label: t('server.appVersion'), children: node.version },
    { key: 'pid', label: t('server.pid'), children: node.process.pid },
    {
      key: 'db',
      label: t('server.database'),
      children: `${node.database.kind} ${node.database.version}`.trim() || t('server.unknown'),
    },
    { key: 'dbSize', label: t('server.databaseSize'), children: bytes(node.database.size) },
    {
      key: 'redis',
      label: t('server.redis'),
      children: r
        ? t('server.redisValue', {
            version: r.version,
            memory: bytes(r.usedMemory),
            clients: r.clients,
            keys: r.keys,
            uptime: duration(t, r.uptime),
          })
        : t('server.noRedis'),
    },
    {
      key: 'cgroup',
      label: t('server.cgroup'),
      children: node.cgroup
        ? `${t('server.cgroupValue', { version: node.cgroup })}${node.memory.limit ? ` · ${bytes(node.memory.limit)}` : ''}`
        : t('server.noCgroup'),
    },
  ];
  return (
    <Card
      data-testid={`server-node-${node.node}`}
      title={
        <Space wrap size={8}>
          <CloudServerOutlined />
          <span>{node.host}</span>
          <Tag>{t('server.node', { node: node.node })}</Tag>
          {node.self ? <Tag color="blue">{t('server.thisNode')}</Tag> : null}
        </Space>
      }
      extra={
        <Typography.Text type={age > 20 ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
          {age > 20
            ? t('server.stale', { seconds: age })
            : t('server.sampled', { time: dayjs(node.sampledAt).format('HH:mm:ss') })}
        </Typography.Text>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Row gutter={[12, 12]}>
          <Col xs={12} lg={6}>
            <Gauge
              title={t('server.cpu')}
              value={`${node.cpu.usage.toFixed(1)} %`}
              pct={node.cpu.usage}
              foot={cores}
              testId="server-cpu"
            />
          </Col>
          <Col xs={12} lg={6}>
            <Gauge
              title={t('server.memory')}
              value={`${memPct} %`}
              pct={memPct}
              foot={`${t('server.ofTotal', { used: bytes(node.memory.used), total: bytes(node.memory.total) })}${node.memory.limit ? ` (${t('server.containerLimit')})` : ''}`}
              testId="server-memory"
            />
          </Col>
          <Col xs={12} lg={6}>
            <Gauge
              title={t('server.process')}
              value={bytes(node.process.rss)}
              foot={t('server.heap', { used: bytes(node.process.heapUsed), total: bytes(node.process.heapTotal) })}
              testId="server-rss"
            />
          </Col>
          <Col xs={12} lg={6}>
            <Tooltip title={t('server.loopDelayHint', node.process.loopDelay)}>
              <div style={{ height: '100%' }}>
                <Gauge
                  title={t('server.loopDelay')}
                  value={`${node.process.loopDelay.p99.toFixed(1)} ms`}
                  foot={`${bytes(node.network.rxSec)}/s ↓ · ${bytes(node.network.txSec)}/s ↑`}
                  testId="server-loop"
                />
              </div>
            </Tooltip>
          </Col>
        </Row>
        <ServerNodeCharts history={node.history} memoryTotal={node.memory.total} node={node.node} />
        <Descriptions
          size="small"
          bordered
          title={t('server.details')}
          column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
          items={items}
        />
        <Table
          size="small"
          rowKey="mount"
          title={() => <Typography.Text strong>{t('server.disks')}</Typography.Text>}
          pagination={false}
          scroll={{ x: 520 }}
          dataSource={node.disks}
          columns={[
            { key: 'mount', title: t('server.mount'), dataIndex: 'mount' },
            { key: 'type', title: t('server.fsType'), dataIndex: 'type' },
            {
              key: 'size',
              title: t('server.size'),
              dataIndex: 'size',
              align: 'right',
              render: (v: number) => bytes(v),
            },
            {
              key: 'used',
              title: t('server.used'),
              dataIndex: 'used',
              align: 'right',
              render: (v: number) => bytes(v),
            },
            {
              key: 'use',
              title: t('server.use'),
              dataIndex: 'use',
              width: 180,
              render: (v: number) => (
                <Progress percent={Math.round(v * 10) / 10} size="small" status={v >= 90 ? 'exception' : 'normal'} />
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
