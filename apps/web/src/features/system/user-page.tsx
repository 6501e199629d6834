import { KeyOutlined, LockOutlined, UnlockOutlined, UploadOutlined } from '@ant-design/icons';
import { sysUser } from '@shelfwise/contract';
import { AccountTypeEnum } from '@shelfwise/contract/enums';
import { App, Button, Col, Row, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  type CrudColumn,
  EditDialog,
  type FieldConfig,
  RowActions,
  SearchForm,
  statusColumn,
  useCan,
  usePageParams,
} from '../../components/crud';
import type { ExportScope } from '../../components/crud/crud-toolbar';
import { ApiError } from '../../lib/api/client';
import { useUserInfo } from '../auth/session.api';
import { EnumTag, useEnumLabel } from './enum-tag';
import { type OneTimeSecret, OneTimeSecretModal } from './one-time-secret';
import { statusOptions } from './status';
import {
  exportUsers,
  type UserPageInput,
  type UserRow,
  useDeleteUser,
  useResetUserPwd,
  useSaveUser,
  useSetUserStatus,
  useUnlockUser,
  useUserPage,
} from './user.api';
import { useUserFields } from './user-form';
import { UserImportDialog } from './user-import-dialog';
import { UserOrgTree } from './user-org-tree';
import { UserTable } from './user-table';
import './system.texts';

type Filters = { keyword?: string; status?: 1 | 2 };
type Editing = { row?: UserRow } | null;

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
  const { params, input, search, change } = usePageParams<Filters, NonNullable<UserPageInput['field']>>({});
  const pageInput = { ...input, orgId };
  const page = useUserPage(pageInput);
  const save = useSaveUser();
  const remove = useDeleteUser();
  const setStatus = useSetUserStatus();
  const resetPwd = useResetUserPwd();
  const unlock = useUnlockUser();
  const typeLabel = useEnumLabel(AccountTypeEnum);
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<OneTimeSecret | null>(null);
  const [importing, setImporting] = useState(false);
  const fields = useUserFields(!editing?.row, !!editing);
  const canOrgs = can('sysOrg:list');

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
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          compact
          name={row.account}
          onEdit={() => setEditing({ row })}
          editCode="sysUser:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="sysUser:delete"
          deleteDisabled={row.id === me?.id ? t('user.notSelf') : undefined}
        >
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
        </RowActions>
      ),
    },
  ];

  const doExport = async (scope: ExportScope, ids: number[]) => {
    if (scope === 'selected' && ids.length === 0) return;
    const hide = message.loading(tc('exporting'), 0);
    try {
      const { page: p, pageSize, ...rest } = pageInput;
      await exportUsers({
        ...rest,
        scope,
        ...(scope === 'page' ? { page: p, pageSize } : {}),
        ...(scope === 'selected' ? { ids } : {}),
      });
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : t('user.exportFailed'));
    } finally {
      hide();
    }
  };

  const initialValues = useMemo(
    () => editing?.row ?? { status: 1, orderNo: 100, accountType: 777, roleIds: [], orgId },
    [editing, orgId],
  );

  return (
    <Row gutter={12} style={{ padding: 12 }} wrap={false}>
      {canOrgs ? (
        <Col flex="260px">
          <UserOrgTree
            value={orgId}
            onChange={(id) => {
              setOrgId(id);
              change({ page: 1 });
            }}
          />
        </Col>
      ) : null}
      <Col flex="auto" style={{ minWidth: 0 }}>
        <SearchForm<Filters> fields={searchFields} onSearch={search} colProps={{ xs: 24, md: 12, xl: 8 }} />
        <UserTable
          title={t('user.title')}
          columns={columns}
          rows={page.data?.items ?? []}
          total={page.data?.total}
          loading={page.isFetching}
          params={params}
          onParamsChange={change}
          onRefresh={() => void page.refetch()}
          onAdd={() => setEditing({})}
          onExport={can('sysUser:export') ? (scope, ids) => void doExport(scope, ids) : undefined}
          extra={
            <Auth code="sysUser:import">
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('import.button')}
              </Button>
            </Auth>
          }
        />
      </Col>
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        width={760}
        title={editing?.row ? t('user.edit') : t('user.add')}
        fields={fields}
        initialValues={initialValues}
        schema={editing?.row ? sysUser.update.input : sysUser.add.input}
        toInput={(v) => ({
          ...v,
          id: editing?.row?.id,
          orderNo: v.orderNo ?? 100,
          roleIds: v.roleIds ?? [],
          password: v.password ?? undefined,
        })}
        onSubmit={async (body) => {
          const { password } = await save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0]);
          const account = (body as { account: string }).account;
          if (password) setSecret({ title: t('user.created'), account, password });
        }}
        onClose={() => setEditing(null)}
        testId="user-dialog"
      />
      <OneTimeSecretModal secret={secret} onClose={() => setSecret(null)} />
      <UserImportDialog open={importing} onClose={() => setImporting(false)} />
    </Row>
  );
}
