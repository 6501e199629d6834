import { DatabaseOutlined, MenuOutlined } from '@ant-design/icons';
import { sysRole } from '@shelfwise/contract';
import { DataScopeEnum } from '@shelfwise/contract/enums';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, type CrudColumn, CrudPage, type FieldConfig, statusColumn } from '../../components/crud';
import { EnumTag, useEnumLabel } from './enum-tag';
import { MenuGrantDrawer } from './menu-grant-drawer';
import { type RoleRow, useGrantRoleMenu, useGrantTree, useRoleMenuIds, useSetRoleStatus } from './role.api';
import { RoleDataDialog } from './role-data-dialog';
import { statusOptions } from './status';
import './system.texts';

/** Roles (`sysRole`): list, add/edit, delete when unused, menu and button grant, data grant. */
export default function RolePage() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const setStatus = useSetRoleStatus();
  const scopeLabel = useEnumLabel(DataScopeEnum);
  const [menuRole, setMenuRole] = useState<RoleRow | null>(null);
  const [dataRole, setDataRole] = useState<RoleRow | null>(null);

  const searchFields: FieldConfig[] = [
    { name: 'name', label: t('role.name') },
    { name: 'code', label: t('role.code') },
    { name: 'status', label: t('common.status'), type: 'select', options: statusOptions(tc) },
  ];

  const columns: CrudColumn<RoleRow>[] = [
    { key: 'name', title: t('role.name'), dataIndex: 'name', sortField: 'name' },
    {
      key: 'code',
      title: t('role.code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      key: 'dataScope',
      title: t('role.dataScope'),
      dataIndex: 'dataScope',
      exportValue: (r) => scopeLabel(r.dataScope),
      render: (v: number) => <EnumTag def={DataScopeEnum} value={v} />,
    },
    {
      key: 'userCount',
      title: t('common.userCount'),
      dataIndex: 'userCount',
      align: 'right',
      render: (v: number) => <Typography.Text type={v ? undefined : 'secondary'}>{v}</Typography.Text>,
    },
    statusColumn<RoleRow>({
      title: t('common.status'),
      enabledText: tc('enabled'),
      disabledText: tc('disabled'),
      code: 'sysRole:setStatus',
      onChange: (row, status) => setStatus.mutate({ id: row.id, status }),
      busyId: setStatus.isPending ? setStatus.variables?.id : undefined,
    }),
    { key: 'orderNo', title: t('common.orderNo'), dataIndex: 'orderNo', sortField: 'orderNo', align: 'right' },
    {
      key: 'remark',
      title: t('common.remark'),
      dataIndex: 'remark',
      ellipsis: true,
      width: 200,
      hiddenByDefault: true,
    },
    {
      key: 'createTime',
      title: t('common.createTime'),
      dataIndex: 'createTime',
      sortField: 'createTime',
      hiddenByDefault: true,
    },
  ];

  const formFields: FieldConfig[] = [
    { name: 'name', label: t('role.name'), required: true, span: 12, maxLength: 64 },
    {
      name: 'code',
      label: t('role.code'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z][\w.-]*$/, message: t('role.codeRule') }],
    },
    { name: 'status', label: t('common.status'), type: 'radio', span: 12, options: statusOptions(tc) },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];
  return (
    <>
      <CrudPage
        service={sysRole}
        pageKey="system.role"
        title={t('role.title')}
        searchFields={searchFields}
        columns={columns}
        form={{
          fields: formFields,
          addTitle: t('role.add'),
          editTitle: t('role.edit'),
          defaults: { status: 1, orderNo: 100 },
          toInput: (v) => ({ ...v, orderNo: v.orderNo ?? 100 }),
        }}
        rowName={(row) => row.name}
        deleteDisabled={(row) => (row.userCount > 0 ? t('role.inUse', { count: row.userCount }) : undefined)}
        compactActions
        rowActions={(row) => (
          <>
            <Auth code={{ all: ['sysRole:ownMenuList', 'sysRole:grantMenu'] }}>
              <Button type="link" size="small" icon={<MenuOutlined />} onClick={() => setMenuRole(row)}>
                {t('role.menuGrant')}
              </Button>
            </Auth>
            <Auth code={{ all: ['sysRole:ownOrgList', 'sysRole:grantDataScope'] }}>
              <Button type="link" size="small" icon={<DatabaseOutlined />} onClick={() => setDataRole(row)}>
                {t('role.dataGrant')}
              </Button>
            </Auth>
          </>
        )}
        clientExport="roles"
        testId="role"
      />
      <RoleMenuDrawer role={menuRole} onClose={() => setMenuRole(null)} />
      <RoleDataDialog key={dataRole?.id ?? 0} role={dataRole} onClose={() => setDataRole(null)} />
    </>
  );
}

/** The menu and button grant of a role, within what the tenant may grant. */
function RoleMenuDrawer({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation('system');
  const tree = useGrantTree(!!role);
  const granted = useRoleMenuIds(role?.id);
  const grant = useGrantRoleMenu();
  return (
    <MenuGrantDrawer
      open={!!role}
      title={t('role.menuGrantOf', { name: role?.name ?? '' })}
      hint={t('role.menuGrantHint')}
      nodes={tree.data}
      granted={granted.data}
      loading={tree.isPending || granted.isPending}
      onSave={(menuIds) => grant.mutateAsync({ id: role?.id as number, menuIds })}
      onClose={onClose}
      testId="role-menu-drawer"
    />
  );
}
