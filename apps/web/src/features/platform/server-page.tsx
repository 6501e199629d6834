import { Alert, Card, Empty, Flex, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerNodes } from './monitor.api';
import { ServerNodeCard } from './server-node-card';
import './monitor.texts';

/**
 * Server monitor (`sysServer`): every node's host, OS, CPU, memory, disks, network, process, database and Redis,
 * with small live charts of its recent samples. The servers sample in the background; this page polls their
 * latest samples every five seconds.
 */
export default function ServerPage() {
  const { t } = useTranslation('monitor');
  const nodes = useServerNodes();
  const data = nodes.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="server-page">
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('server.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('server.live')}</Typography.Text>
        </Flex>
      </Card>
      {data?.unseen.length ? (
        <Alert
          type="warning"
          showIcon
          message={t('server.unseen')}
          description={t('server.unseenHint', { nodes: data.unseen.map((u) => `${u.node} (${u.host})`).join(', ') })}
        />
      ) : null}
      {nodes.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : !data?.nodes.length ? (
        <Empty description={t('server.noData')} />
      ) : (
        data.nodes.map((n) => <ServerNodeCard key={n.node} node={n} now={nodes.dataUpdatedAt || Date.now()} />)
      )}
    </Space>
  );
}
