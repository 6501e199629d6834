import { CloudDownloadOutlined, DatabaseOutlined, DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Grid,
  Input,
  Modal,
  Popconfirm,
  Result,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, GuardedButton } from '../../components/crud';
import {
  type Backup,
  downloadBackup,
  formatBytes,
  serverReady,
  type UpdateVersion,
  useBackupNow,
  useBackups,
  useDeleteBackup,
  useRestore,
} from './update.api';

const DB_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MySQL / MariaDB' } as const;

/** The restore confirmation: the file name typed again, then the restart is waited for. */
function RestoreDialog({ backup, onClose }: { backup: Backup | null; onClose: () => void }) {
  const { t } = useTranslation('update');
  const { t: tc } = useTranslation('crud');
  const restore = useRestore();
  const [typed, setTyped] = useState('');
  const [phase, setPhase] = useState<'confirm' | 'restarting' | 'staged'>('confirm');
  useEffect(() => {
    if (backup) {
      setTyped('');
      setPhase('confirm');
    }
  }, [backup]);
  useEffect(() => {
    if (phase !== 'restarting') return;
    // the server answers again once it has restarted on the restored database: then the page starts afresh
    let down = false;
    const timer = setInterval(async () => {
      const ready = await serverReady();
      if (!ready) down = true;
      else if (down) window.location.reload();
    }, 1000);
    return () => clearInterval(timer);
  }, [phase]);
  if (!backup) return null;
  const matches = typed === backup.fileName;
  const submit = async () => {
    const r = await restore.mutateAsync({ fileName: backup.fileName, confirm: typed });
    setPhase(r.restarting ? 'restarting' : 'staged');
  };
  return (
    <Modal
      open
      title={t('restore.title', { name: backup.fileName })}
      onCancel={phase === 'restarting' ? undefined : onClose}
      closable={phase !== 'restarting'}
      maskClosable={false}
      data-testid="restore-dialog"
      footer={
        phase === 'confirm' ? (
          <Space>
            <Button onClick={onClose}>{tc('cancel')}</Button>
            <Button danger type="primary" disabled={!matches} loading={restore.isPending} onClick={submit}>
              {t('restore.confirm')}
            </Button>
          </Space>
        ) : phase === 'staged' ? (
          <Button onClick={onClose}>{tc('import.close')}</Button>
        ) : null
      }
    >
      {phase === 'confirm' ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('restore.warning')} />
          <Typography.Text>{t('restore.typeName')}</Typography.Text>
          <Typography.Text code copyable={false}>
            {backup.fileName}
          </Typography.Text>
          <Input
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            status={typed && !matches ? 'error' : undefined}
            placeholder={backup.fileName}
            data-testid="restore-confirm-input"
            autoComplete="off"
          />
          {typed && !matches ? <Typography.Text type="danger">{t('restore.mismatch')}</Typography.Text> : null}
        </Flex>
      ) : phase === 'restarting' ? (
        <Result icon={<Spin size="large" />} title={t('restore.restarting')} subTitle={t('restore.restartingHint')} />
      ) : (
        <Result status="success" title={t('restore.staged')} />
      )}
    </Modal>
  );
}

/** Backups of the embedded database, or the commands of the database's own tools on PostgreSQL / MySQL. */
export function BackupsCard({ version }: { version: UpdateVersion | undefined }) {
  const { t } = useTranslation('update');
  const { message } = App.useApp();
  const supported = version?.backupSupported === true;
  const list = useBackups(supported);
  const backupNow = useBackupNow();
  const remove = useDeleteBackup();
  const [restoring, setRestoring] = useState<Backup | null>(null);
  // on a phone the row's actions stack, so the file name keeps the width
  const narrow = !Grid.useBreakpoint().sm;

  if (version && !supported) {
    const tools = version.databaseTools;
    return (
      <Card title={t('backups.title')} data-testid="update-backups">
        <Alert
          type="info"
          showIcon
          title={t('backups.unsupportedTitle')}
          description={t('backups.unsupported', { database: DB_NAMES[version.database] })}
          style={{ marginBottom: 16 }}
        />
        {tools ? (
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('backups.backupCommand')}</Typography.Text>
            <Typography.Paragraph code copyable style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {tools.backup}
            </Typography.Paragraph>
            <Typography.Text strong>{t('backups.restoreCommand')}</Typography.Text>
            <Typography.Paragraph code copyable style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {tools.restore}
            </Typography.Paragraph>
          </Flex>
        ) : null}
      </Card>
    );
  }

  const takeBackup = async () => {
    const made = await backupNow.mutateAsync();
    void message.success(t('backups.backedUp', { name: made.fileName }));
  };

  return (
    <Card
      title={t('backups.title')}
      data-testid="update-backups"
      extra={
        <Auth code="sysUpdate:backup">
          <GuardedButton
            type="primary"
            icon={<DatabaseOutlined />}
            loading={backupNow.isPending}
            onClick={takeBackup}
            data-testid="backup-now"
          >
            {t('backups.backupNow')}
          </GuardedButton>
        </Auth>
      }
    >
      <Typography.Paragraph type="secondary">{t('backups.hint')}</Typography.Paragraph>
      <Table<Backup>
        size="small"
        rowKey="fileName"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('backups.empty') }}
        pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
        tableLayout="fixed"
        columns={[
          {
            title: t('backups.fileName'),
            dataIndex: 'fileName',
            sorter: (a, b) => a.fileName.localeCompare(b.fileName),
            render: (v: string) => (
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {v}
              </Typography.Text>
            ),
          },
          {
            title: t('backups.size'),
            dataIndex: 'size',
            width: 100,
            responsive: ['sm'],
            align: 'right',
            sorter: (a, b) => a.size - b.size,
            render: (v: number) => formatBytes(v),
          },
          {
            title: t('backups.createTime'),
            dataIndex: 'createTime',
            width: 170,
            responsive: ['md'],
            defaultSortOrder: 'descend',
            sorter: (a, b) => a.createTime.localeCompare(b.createTime),
          },
          {
            title: t('backups.actions'),
            key: 'actions',
            width: narrow ? 120 : 300,
            render: (_: unknown, row) => (
              <Space size={0} wrap direction={narrow ? 'vertical' : 'horizontal'} align="start">
                <Auth code="sysUpdate:downloadBackup">
                  <Button
                    type="link"
                    size="small"
                    icon={<CloudDownloadOutlined />}
                    onClick={() => void downloadBackup(row.fileName)}
                    data-testid={`download-${row.fileName}`}
                  >
                    {t('backups.download')}
                  </Button>
                </Auth>
                <Auth code="sysUpdate:restore">
                  <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => setRestoring(row)}>
                    {t('backups.restore')}
                  </Button>
                </Auth>
                <Auth code="sysUpdate:deleteBackup">
                  <Popconfirm
                    title={t('backups.deleteConfirm', { name: row.fileName })}
                    onConfirm={async () => {
                      await remove.mutateAsync(row.fileName);
                      void message.success(t('backups.deleted'));
                    }}
                  >
                    <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                      {t('backups.delete')}
                    </Button>
                  </Popconfirm>
                </Auth>
              </Space>
            ),
          },
        ]}
      />
      <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />
    </Card>
  );
}
