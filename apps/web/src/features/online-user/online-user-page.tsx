import { ChromeOutlined, DesktopOutlined, DisconnectOutlined } from '@ant-design/icons';
import { sysOnlineUser } from '@shelfwise/contract';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Auth, type CrudColumn, CrudPage, type CrudRow, type FieldConfig } from '../../components/crud';
import { tokens } from '../../lib/auth/tokens';
import { sessionIdOf, useForceOffline } from './online-user.api';
import './online-user.texts';

type OnlineUserRow = CrudRow<typeof sysOnlineUser>;

/**
 * Online users (`sysOnlineUser`): the sessions connected now (account, name, IP, browser, OS, since), refreshed
 * every 30 seconds and on demand; force offline after confirmation (never the caller's own session).
 */
export default function OnlineUserPage() {
  const { t } = useTranslation('onlineUser');
  const { t: tc } = useTranslation('crud');
  const { modal, message } = App.useApp();
  const force = useForceOffline();
  const mySession = sessionIdOf(tokens.access());

  const confirmForce = (row: OnlineUserRow) => {
    const name = row.realName && row.realName !== row.account ? `${row.realName} (${row.account})` : row.account;
    modal.confirm({
      title: t('forceTitle'),
      content: t('forceConfirm', { name }),
      okText: t('forceOffline'),
      cancelText: tc('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await force.mutateAsync(row.id);
        void message.success(t('forced', { name }));
      },
    });
  };

  const searchFields: FieldConfig[] = [
    { name: 'account', label: t('account') },
    { name: 'realName', label: t('realName') },
  ];

  const columns: CrudColumn<OnlineUserRow>[] = [
    {
      key: 'account',
      title: t('account'),
      dataIndex: 'account',
      sortField: 'account',
      render: (v: string, row) => (
        <Space size={6}>
          <Typography.Text strong>{v}</Typography.Text>
          {row.id === mySession ? <Tag color="blue">{t('you')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'realName', title: t('realName'), dataIndex: 'realName', sortField: 'realName' },
    { key: 'tenantId', title: t('tenant'), dataIndex: 'tenantId', hiddenByDefault: true },
    {
      key: 'ip',
      title: t('ip'),
      dataIndex: 'ip',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      key: 'browser',
      title: t('browser'),
      dataIndex: 'browser',
      render: (v: string) => (
        <Space size={6}>
          <ChromeOutlined />
          {v}
        </Space>
      ),
    },
    {
      key: 'os',
      title: t('os'),
      dataIndex: 'os',
      render: (v: string) => (
        <Space size={6}>
          <DesktopOutlined />
          {v}
        </Space>
      ),
    },
    { key: 'loginTime', title: t('loginTime'), dataIndex: 'loginTime', sortField: 'loginTime' },
    { key: 'connectTime', title: t('connectTime'), dataIndex: 'connectTime', sortField: 'connectTime' },
    { key: 'connections', title: t('connections'), dataIndex: 'connections', align: 'right', hiddenByDefault: true },
  ];

  return (
    <CrudPage
      service={sysOnlineUser}
      pageKey="system.onlineUser"
      title={
        <Space size={8}>
          {t('title')}
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
            {t('autoRefresh')}
          </Typography.Text>
        </Space>
      }
      searchFields={searchFields}
      columns={columns}
      refetchInterval={30_000}
      rowName={(row) => row.account}
      rowActions={(row) => (
        <Auth code="sysOnlineUser:forceOffline">
          <Tooltip title={row.id === mySession ? t('yourself') : undefined}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DisconnectOutlined />}
              disabled={row.id === mySession}
              onClick={() => confirmForce(row)}
            >
              {t('forceOffline')}
            </Button>
          </Tooltip>
        </Auth>
      )}
      clientExport="online-users"
      testId="online-user"
    />
  );
}
