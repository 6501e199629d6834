import { ClusterOutlined, DownOutlined, KeyOutlined, LoginOutlined, MenuOutlined } from '@ant-design/icons';
import { sysTenant } from '@shelfwise/contract';
import { AccountType } from '@shelfwise/contract/enums';
import { App, Button, Dropdown, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, type FieldConfig, useCan } from '../../components/crud';
import { useUserInfo } from '../auth/session.api';
import { type OneTimeSecret, OneTimeSecretModal } from '../system';
import { switchIntoTenant, type TenantRow, useResetTenantPwd, useSetTenantStatus } from './tenant.api';
import { adminFields, basicFields, brandingFields } from './tenant-form';
import { TenantMenuDrawer } from './tenant-menu-drawer';

/**
 * Tenants (`sysTenant`): list, create (the administrator's password is shown once), branding, status, menu grant,
 * administrator password reset, the super admin's switch into a tenant, and deletion of a disabled tenant.
 */
export default function TenantPage() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const { modal } = App.useApp();
  const can = useCan();
  const { data: me } = useUserInfo();
  const setStatus = useSetTenantStatus();
  const resetPwd = useResetTenantPwd();
  const [granting, setGranting] = useState<TenantRow | null>(null);
  const [secret, setSecret] = useState<OneTimeSecret | null>(null);
  const isSuperAdmin = me?.accountType === AccountType.superAdmin;
  const statusOptions = [
    { label: tc('enabled'), value: 1 },
    { label: tc('disabled'), value: 2 },
  ];

  const searchFields: FieldConfig[] = [
    { name: 'name', label: t('tenant.name') },
    { name: 'host', label: t('tenant.host') },
    { name: 'status', label: t('common.status'), type: 'select', options: statusOptions },
  ];

  const confirmStatus = (row: TenantRow, on: boolean) =>
    modal.confirm({
      title: on ? t('tenant.enableTitle', { name: row.name }) : t('tenant.disableTitle', { name: row.name }),
      content: on ? t('tenant.enableHint') : t('tenant.disableHint'),
      okText: on ? t('tenant.enable') : t('tenant.disable'),
      okButtonProps: { danger: !on },
      cancelText: tc('cancel'),
      onOk: () => setStatus.mutateAsync({ id: row.id, status: on ? 1 : 2 }),
    });
  const confirmReset = (row: TenantRow) =>
    modal.confirm({
      title: t('tenant.resetTitle'),
      content: t('tenant.resetConfirm', { name: row.name, account: row.adminAccount ?? '' }),
      okText: t('user.resetPwd'),
      cancelText: tc('cancel'),
      onOk: async () => {
        const { account, password } = await resetPwd.mutateAsync(row.id);
        setSecret({ title: t('tenant.resetDone', { name: row.name }), account, password });
      },
    });
  const switchInto = (row: TenantRow) =>
    modal.confirm({
      title: t('tenant.switchTitle', { name: row.name }),
      content: t('tenant.switchHint'),
      okText: t('tenant.switchInto'),
      cancelText: tc('cancel'),
      onOk: () => switchIntoTenant(row.id),
    });

  const columns: CrudColumn<TenantRow>[] = [
    {
      key: 'name',
      title: t('tenant.name'),
      dataIndex: 'name',
      sortField: 'name',
      render: (v: string, row) => (
        <Space size={6}>
          <Typography.Text strong>{v}</Typography.Text>
          {row.isDefault ? (
            <Tag color="gold" style={{ marginInlineEnd: 0 }}>
              {t('tenant.default')}
            </Tag>
          ) : null}
          {row.id === me?.currentTenantId && row.id !== me?.tenantId ? (
            <Tag color="processing" style={{ marginInlineEnd: 0 }}>
              {t('tenant.current')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { key: 'adminAccount', title: t('tenant.adminAccount'), dataIndex: 'adminAccount' },
    {
      key: 'host',
      title: t('tenant.host'),
      dataIndex: 'host',
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : null),
    },
    { key: 'timeZone', title: t('tenant.timeZone'), dataIndex: 'timeZone' },
    { key: 'userCount', title: t('common.userCount'), dataIndex: 'userCount', align: 'right' },
    {
      key: 'enableReg',
      title: t('tenant.enableReg'),
      dataIndex: 'enableReg',
      hiddenByDefault: true,
      exportValue: (r) => (r.enableReg === 1 ? tc('yes') : tc('no')),
      render: (v: number) => (v === 1 ? <Tag color="success">{tc('yes')}</Tag> : <Tag>{tc('no')}</Tag>),
    },
    {
      key: 'status',
      title: t('common.status'),
      dataIndex: 'status',
      exportValue: (r) => (r.status === 1 ? tc('enabled') : tc('disabled')),
      render: (v: number, row) =>
        can('sysTenant:setStatus') ? (
          <Tooltip title={row.isDefault ? t('tenant.defaultProtected') : undefined}>
            <Switch
              size="small"
              checked={v === 1}
              disabled={row.isDefault}
              checkedChildren={tc('enabled')}
              unCheckedChildren={tc('disabled')}
              onChange={(on) => confirmStatus(row, on)}
            />
          </Tooltip>
        ) : (
          <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? tc('enabled') : tc('disabled')}</Tag>
        ),
    },
    {
      key: 'orderNo',
      title: t('common.orderNo'),
      dataIndex: 'orderNo',
      sortField: 'orderNo',
      align: 'right',
      hiddenByDefault: true,
    },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', sortField: 'createTime' },
  ];

  const moreActions = (row: TenantRow) => {
    const more = [
      ...(can('sysTenant:ownMenuList') && can('sysTenant:grantMenu')
        ? [{ key: 'grant', icon: <MenuOutlined />, label: t('tenant.menuGrant'), onClick: () => setGranting(row) }]
        : []),
      ...(can('sysTenant:resetPwd')
        ? [{ key: 'reset', icon: <KeyOutlined />, label: t('tenant.resetPwd'), onClick: () => confirmReset(row) }]
        : []),
      ...(isSuperAdmin && row.status === 1 && row.id !== me?.currentTenantId
        ? [
            {
              key: 'switch',
              icon: <LoginOutlined />,
              label: t('tenant.switchInto'),
              onClick: () => switchInto(row),
            },
          ]
        : []),
    ];
    return more.length ? (
      <Dropdown menu={{ items: more }} trigger={['click']}>
        <Button type="link" size="small">
          {t('common.more')} <DownOutlined />
        </Button>
      </Dropdown>
    ) : null;
  };

  const formFields = (row: TenantRow | undefined): FieldConfig[] => [
    ...basicFields(t, tc),
    ...(row ? [] : adminFields(t)),
    ...brandingFields(t, !!row),
  ];

  return (
    <>
      <CrudPage
        service={sysTenant}
        pageKey="platform.tenant"
        title={
          <Space>
            <ClusterOutlined />
            {t('tenant.pageTitle')}
          </Space>
        }
        searchFields={searchFields}
        columns={columns}
        form={{
          fields: formFields,
          addTitle: t('tenant.add'),
          editTitle: t('tenant.edit'),
          width: 820,
          defaults: () => ({
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
            enableReg: 2 as const,
            orderNo: 100,
          }),
          toInput: (v) => ({ ...v, orderNo: v.orderNo ?? 100, adminRealName: v.adminRealName ?? undefined }),
          onSaved: (result, body) => {
            // a new tenant's administrator password is shown once
            if (body.id) return;
            const created = result as { adminAccount: string; adminPassword: string };
            setSecret({ title: t('tenant.created'), account: created.adminAccount, password: created.adminPassword });
          },
        }}
        rowName={(row) => row.name}
        deleteDisabled={(row) =>
          row.isDefault ? t('tenant.defaultProtected') : row.status === 1 ? t('tenant.disableFirst') : undefined
        }
        rowActions={moreActions}
        clientExport="tenants"
        testId="tenant"
      />
      <TenantMenuDrawer tenant={granting} onClose={() => setGranting(null)} />
      <OneTimeSecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
