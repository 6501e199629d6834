import { ClusterOutlined, DownOutlined, KeyOutlined, LoginOutlined, MenuOutlined } from '@ant-design/icons';
import { sysTenant } from '@shelfwise/contract';
import { AccountType } from '@shelfwise/contract/enums';
import { App, Button, Dropdown, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudColumn,
  CrudTable,
  EditDialog,
  type FieldConfig,
  pagedTableProps,
  RowActions,
  SearchForm,
  useCan,
  usePageParams,
} from '../../components/crud';
import { useUserInfo } from '../auth/session.api';
import { type OneTimeSecret, OneTimeSecretModal } from '../system';
import {
  fetchAllTenants,
  switchIntoTenant,
  type TenantPageInput,
  type TenantRow,
  useAddTenant,
  useDeleteTenant,
  useResetTenantPwd,
  useSetTenantStatus,
  useTenantPage,
  useUpdateTenant,
} from './tenant.api';
import { adminFields, basicFields, brandingFields } from './tenant-form';
import { TenantMenuDrawer } from './tenant-menu-drawer';

type Filters = { name?: string; host?: string; status?: 1 | 2 };
type Editing = { row?: TenantRow } | null;

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
  const { filters, params, input, search, change } = usePageParams<Filters, NonNullable<TenantPageInput['field']>>({});
  const page = useTenantPage(input);
  const add = useAddTenant();
  const update = useUpdateTenant();
  const remove = useDeleteTenant();
  const setStatus = useSetTenantStatus();
  const resetPwd = useResetTenantPwd();
  const [editing, setEditing] = useState<Editing>(null);
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
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => {
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
        return (
          <RowActions
            name={row.name}
            onEdit={() => setEditing({ row })}
            editCode="sysTenant:update"
            onDelete={() => remove.mutateAsync(row.id)}
            deleteCode="sysTenant:delete"
            deleteDisabled={
              row.isDefault ? t('tenant.defaultProtected') : row.status === 1 ? t('tenant.disableFirst') : undefined
            }
          >
            {more.length ? (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small">
                  {t('common.more')} <DownOutlined />
                </Button>
              </Dropdown>
            ) : null}
          </RowActions>
        );
      },
    },
  ];

  const adding = !editing?.row;
  const formFields = [...basicFields(t, tc), ...(adding ? adminFields(t) : []), ...brandingFields(t, !adding)];
  const initialValues = useMemo(
    () =>
      editing?.row ?? {
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
        enableReg: 2,
        orderNo: 100,
      },
    [editing],
  );

  return (
    <div style={{ padding: 12 }}>
      <SearchForm<Filters> fields={searchFields} onSearch={search} />
      <CrudTable<TenantRow>
        pageKey="platform.tenant"
        title={
          <Space>
            <ClusterOutlined />
            {t('tenant.pageTitle')}
          </Space>
        }
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={() => setEditing({})}
        addCode="sysTenant:add"
        exportName="tenants"
        fetchAll={() => fetchAllTenants(filters)}
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        width={820}
        title={adding ? t('tenant.add') : t('tenant.edit')}
        fields={formFields}
        initialValues={initialValues}
        schema={adding ? sysTenant.add.input : sysTenant.update.input}
        toInput={(v) => ({
          ...v,
          id: editing?.row?.id,
          orderNo: v.orderNo ?? 100,
          adminRealName: adding ? (v.adminRealName ?? undefined) : undefined,
        })}
        onSubmit={async (body) => {
          if (!adding) return update.mutateAsync(body as Parameters<typeof update.mutateAsync>[0]);
          const created = await add.mutateAsync(body as Parameters<typeof add.mutateAsync>[0]);
          setSecret({ title: t('tenant.created'), account: created.adminAccount, password: created.adminPassword });
        }}
        onClose={() => setEditing(null)}
        testId="tenant-dialog"
      />
      <TenantMenuDrawer tenant={granting} onClose={() => setGranting(null)} />
      <OneTimeSecretModal secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
