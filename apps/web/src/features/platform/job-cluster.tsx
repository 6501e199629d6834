import { ClusterOutlined } from '@ant-design/icons';
import { Button, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJobCluster } from './job.api';

/** The nodes of the cluster: version, last heartbeat, up or down, firings each ran. */
export function JobClusterButton() {
  const { t } = useTranslation('job');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ClusterOutlined />} onClick={() => setOpen(true)} data-testid="job-cluster">
        {t('cluster')}
      </Button>
      {open ? <ClusterDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ClusterDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('job');
  const nodes = useJobCluster();
  return (
    <Modal
      open
      title={t('clusterTitle')}
      onCancel={onClose}
      footer={null}
      width="min(820px, 100vw)"
      data-testid="job-cluster-dialog"
    >
      <Table
        rowKey="nodeNo"
        size="small"
        loading={nodes.isFetching && !nodes.data}
        dataSource={nodes.data ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          {
            key: 'node',
            title: t('node'),
            dataIndex: 'nodeNo',
            render: (v: number, r) => (r.self ? `${v} (${t('thisNode')})` : v),
          },
          { key: 'host', title: t('host'), dataIndex: 'host' },
          { key: 'version', title: t('version'), dataIndex: 'version' },
          { key: 'started', title: t('started'), dataIndex: 'startTime' },
          { key: 'heartbeat', title: t('heartbeat'), dataIndex: 'heartbeatTime' },
          {
            key: 'up',
            title: t('status'),
            dataIndex: 'up',
            render: (v: boolean) => <Tag color={v ? 'success' : 'error'}>{v ? t('up') : t('down')}</Tag>,
          },
          { key: 'firings', title: t('firings'), dataIndex: 'firings', align: 'right' },
        ]}
      />
    </Modal>
  );
}
