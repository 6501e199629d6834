import { KeyOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { sysUser } from '@shelfwise/contract';
import { AccountTypeEnum } from '@shelfwise/contract/enums';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  type CrudColumn,
  CrudPage,
  type CrudRow,
  type FieldConfig,
  statusColumn,
  useCan,
} from '../../components/crud';
import { useUserInfo } from '../auth/session.api';
import { EnumTag, useEnumLabel } from './enum-tag';
import { type OneTimeSecret, OneTimeSecretModal } from './one-time-secret';
import { statusOptions } from './status';
import { type ImportResult, useResetUserPwd, useSetUserStatus, useUnlockUser } from './user.api';
import { useUserFields } from './user-form';
import { GeneratedPasswords } from './user-import-dialog';
import { UserOrgTree } from './user-org-tree';
import './system.texts';

type UserRow = CrudRow<typeof sysUser>;

/**
 * Accounts (`sysUser`): the organisation tree filters the list (with everything below the organisation); search,
 * paged list, add/edit, status, reset password (shown once), unlock, delete, .xlsx export and import.
 */
export default function UserPage() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const { message, modal } = App.useApp();
  const { data: me } = useUserInfo();
  const can = useCan();
  const [orgId, setOrgId] = useState<number>();
  const setStatus = useSetUserStatus();
  const resetPwd = useResetUserPwd();
  const unlock = useUnlockUser();
  const typeLabel = useEnumLabel(AccountTypeEnum);
  const [secret, setSecret] = useState<OneTimeSecret | null>(null);
  const fields = useUserFields();

  const searchFields: FieldConfig[] = [
    { name: 'keyword', label: t('user.keyword'), placeholder: t('user.keywordHint') },
    { name: 'status', label: t('common.status'), type: 'select', options: statusOptions(tc) },
  ];

  const confirmReset = (row: UserRow) =>
    modal.confirm({
      title: t('user.resetTitle'),
      content: t('user.resetConfirm', { account: row.account }),
      okText: t('user.resetPwd'),
      cancelText: tc('cancel'),
      onOk: async () => {
        const { password } = await resetPwd.mutateAsync(row.id);
        setSecret({ title: t('user.resetDone'), account: row.account, password });
      },
    });

  const columns: CrudColumn<UserRow>[] = [
    {
      key: 'account',
      title: t('user.account'),
      dataIndex: 'account',
      sortField: 'account',
      render: (v: string, row) => (
        <Space size={6}>
          <Typography.Text strong>{v}</Typography.Text>
          {row.locked ? (
            <Tag color="error" icon={<LockOutlined />} style={{ marginInlineEnd: 0 }}>
              {t('user.locked')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { key: 'realName', title: t('user.realName'), dataIndex: 'realName', sortField: 'realName' },
    { key: 'phone', title: t('user.phone'), dataIndex: 'phone' },
    { key: 'orgName', title: t('user.org'), dataIndex: 'orgName' },
    { key: 'posName', title: t('user.pos'), dataIndex: 'posName' },
    {
      key: 'roleNames',
      title: t('user.roles'),
      dataIndex: 'roleNames',
      exportValue: (r) => r.roleNames.join(', '),
      render: (names: string[]) => (
        <Space size={[4, 4]} wrap style={{ maxWidth: 240 }}>
          {names.map((n) => (
            <Tag key={n} color="blue" style={{ marginInlineEnd: 0 }}>
              {n}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'accountType',
      title: t('user.accountType'),
      dataIndex: 'accountType',
      hiddenByDefault: true,
      exportValue: (r) => typeLabel(r.accountType),
      render: (v: number) => <EnumTag def={AccountTypeEnum} value={v} />,
    },
    { key: 'email', title: t('user.email'), dataIndex: 'email', hiddenByDefault: true },
    statusColumn<UserRow>({
      title: t('common.status'),
      enabledText: tc('enabled'),
      disabledText: tc('disabled'),
      code: 'sysUser:setStatus',
      onChange: (row, status) => setStatus.mutate({ id: row.id, status }),
      busyId: setStatus.isPending ? setStatus.variables?.id : undefined,
    }),
    {
      key: 'lastLoginTime',
      title: t('user.lastLogin'),
      dataIndex: 'lastLoginTime',
      sortField: 'lastLoginTime',
      render: (v: string | null, row) =>
        v ? (
          <Tooltip title={row.lastLoginIp}>
            <span>{v}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('user.never')}</Typography.Text>
        ),
    },
    {
      key: 'createTime',
      title: t('common.createTime'),
      dataIndex: 'createTime',
      sortField: 'createTime',
      hiddenByDefault: true,
    },
  ];

  return (
    <>
      <CrudPage
        service={sysUser}
        pageKey="system.user"
        title={t('user.title')}
        aside={
          can('sysOrg:list') ? (
            <div style={{ width: 248, height: '100%' }}>
              <UserOrgTree value={orgId} onChange={setOrgId} />
            </div>
          ) : undefined
        }
        filter={{ orgId }}
        searchFields={searchFields}
        searchColProps={{ xs: 24, md: 12, xl: 8 }}
        columns={columns}
        form={{
          fields: (row) => fields(!row),
          addTitle: t('user.add'),
          editTitle: t('user.edit'),
          width: 760,
          defaults: (filters) => ({
            status: 1 as const,
            orderNo: 100,
            accountType: 777 as const,
            roleIds: [],
            orgId: filters.orgId,
          }),
          toInput: (v) => ({
            ...v,
            orderNo: v.orderNo ?? 100,
            roleIds: v.roleIds ?? [],
            password: v.password ?? undefined,
          }),
          onSaved: (result, body) => {
            // a generated password (none given when adding) is shown once
            const password = (result as { password?: string | null } | null)?.password;
            if (password) setSecret({ title: t('user.created'), account: String(body.account), password });
          },
        }}
        rowName={(row) => row.account}
        deleteDisabled={(row) => (row.id === me?.id ? t('user.notSelf') : undefined)}
        compactActions
        rowActions={(row) => (
          <>
            {row.locked ? (
              <Auth code="sysUser:unlock">
                <Button
                  type="link"
                  size="small"
                  icon={<UnlockOutlined />}
                  onClick={() =>
                    unlock.mutate(row.id, {
                      onSuccess: () => void message.success(t('user.unlocked', { account: row.account })),
                    })
                  }
                >
                  {t('user.unlock')}
                </Button>
              </Auth>
            ) : null}
            <Auth code="sysUser:resetPwd">
              <Tooltip title={t('user.resetPwd')}>
                <Button
                  type="link"
                  size="small"
                  icon={<KeyOutlined />}
                  aria-label={t('user.resetPwd')}
                  onClick={() => confirmReset(row)}
                />
              </Tooltip>
            </Auth>
          </>
        )}
        files={{ export: 'accounts', template: 'account-import-template' }}
        importDialog={{
          title: t('import.title'),
          hint: t('import.hint'),
          dropHint: t('import.dropHint'),
          extra: (result) => <GeneratedPasswords result={result as ImportResult} />,
        }}
        testId="user"
      />
      <OneTimeSecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
