import { SaveOutlined, UserAddOutlined } from '@ant-design/icons';
import { sysUserRegWay } from '@shelfwise/contract';
import { AccountType, AccountTypeEnum } from '@shelfwise/contract/enums';
import { App, Button, Card, Flex, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Auth,
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
import {
  EnumTag,
  orgTreeData,
  requiredChoice,
  useEnumLabel,
  useEnumOptions,
  useOrgTree,
  usePosList,
  useRoleList,
} from '../system';
import {
  fetchAllRegWays,
  type RegWayPageInput,
  type RegWayRow,
  useDeleteRegWay,
  useRegistrationSetting,
  useRegWayList,
  useRegWayPage,
  useSaveRegWay,
  useSetDefaultRegWay,
} from './reg-way.api';

type Filters = { name?: string };
type Editing = { row?: RegWayRow } | null;

/** The tenant's self-registration switch and default scheme. */
function RegistrationSwitch() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const setting = useRegistrationSetting();
  const ways = useRegWayList();
  const save = useSetDefaultRegWay();
  const [enabled, setEnabled] = useState(false);
  const [wayId, setWayId] = useState<number | null>(null);
  useEffect(() => {
    if (!setting.data) return;
    setEnabled(setting.data.enableReg === 1);
    setWayId(setting.data.regWayId);
  }, [setting.data]);
  const options = (ways.data ?? []).map((w) => ({ label: w.name, value: w.id }));
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="registration-switch">
      <Flex align="center" gap={24} wrap>
        <Space>
          <UserAddOutlined />
          <Typography.Text strong>{t('regWay.selfRegistration')}</Typography.Text>
          <Switch
            checked={enabled}
            onChange={setEnabled}
            checkedChildren={tc('enabled')}
            unCheckedChildren={tc('disabled')}
            aria-label={t('regWay.selfRegistration')}
          />
        </Space>
        <Space>
          <Typography.Text>{t('regWay.defaultScheme')}</Typography.Text>
          <Select
            style={{ width: 260 }}
            allowClear
            value={wayId ?? undefined}
            onChange={(v) => setWayId(v ?? null)}
            options={options}
            placeholder={tc('select', { label: t('regWay.defaultScheme') })}
            aria-label={t('regWay.defaultScheme')}
          />
        </Space>
        <Auth code="sysUserRegWay:update">
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            onClick={() => {
              if (enabled && !wayId) {
                void message.error(t('regWay.schemeRequired'));
                return;
              }
              save.mutate(
                { id: wayId, enableReg: enabled ? 1 : 2 },
                { onSuccess: () => void message.success(tc('saved')) },
              );
            }}
          >
            {tc('ok')}
          </Button>
        </Auth>
        <Typography.Text type="secondary" style={{ flex: '1 1 240px' }}>
          {t('regWay.switchHint')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** Registration schemes (`sysUserRegWay`): what a self-registered account of the tenant receives. */
export default function RegWayPage() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const { filters, params, input, search, change } = usePageParams<Filters, NonNullable<RegWayPageInput['field']>>({});
  const page = useRegWayPage(input);
  const setting = useRegistrationSetting();
  const save = useSaveRegWay();
  const remove = useDeleteRegWay();
  const can = useCan();
  const roles = useRoleList(can('sysRole:list'));
  const orgs = useOrgTree({}, can('sysOrg:list'));
  const positions = usePosList(can('sysPos:list'));
  const types = useEnumOptions(AccountTypeEnum, [AccountType.normalUser, AccountType.member]);
  const typeLabel = useEnumLabel(AccountTypeEnum);
  const [editing, setEditing] = useState<Editing>(null);
  const defaultId = setting.data?.regWayId;

  const columns: CrudColumn<RegWayRow>[] = [
    {
      key: 'name',
      title: t('regWay.name'),
      dataIndex: 'name',
      sortField: 'name',
      render: (v: string, row) => (
        <Space size={6}>
          <span>{v}</span>
          {row.id === defaultId ? (
            <Tag color="gold" style={{ marginInlineEnd: 0 }}>
              {t('regWay.default')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'accountType',
      title: t('user.accountType'),
      dataIndex: 'accountType',
      exportValue: (r) => typeLabel(r.accountType),
      render: (v: number) => <EnumTag def={AccountTypeEnum} value={v} />,
    },
    { key: 'roleName', title: t('regWay.role'), dataIndex: 'roleName' },
    { key: 'orgName', title: t('user.org'), dataIndex: 'orgName' },
    { key: 'posName', title: t('user.pos'), dataIndex: 'posName' },
    { key: 'orderNo', title: t('common.orderNo'), dataIndex: 'orderNo', sortField: 'orderNo', align: 'right' },
    {
      key: 'remark',
      title: t('common.remark'),
      dataIndex: 'remark',
      ellipsis: true,
      width: 200,
      hiddenByDefault: true,
    },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', sortField: 'createTime' },
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          name={row.name}
          onEdit={() => setEditing({ row })}
          editCode="sysUserRegWay:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="sysUserRegWay:delete"
          deleteDisabled={row.id === defaultId ? t('regWay.defaultNoDelete') : undefined}
        />
      ),
    },
  ];

  const formFields: FieldConfig[] = [
    { name: 'name', label: t('regWay.name'), required: true, span: 12, maxLength: 64 },
    {
      name: 'accountType',
      label: t('user.accountType'),
      type: 'select',
      span: 12,
      options: types,
      rules: requiredChoice(tc, t('user.accountType')),
    },
    {
      name: 'roleId',
      label: t('regWay.role'),
      type: 'select',
      span: 12,
      rules: requiredChoice(tc, t('regWay.role')),
      options: (roles.data ?? []).map((r) => ({ label: r.name, value: r.id })),
    },
    {
      name: 'orgId',
      label: t('user.org'),
      type: 'treeSelect',
      span: 12,
      rules: requiredChoice(tc, t('user.org')),
      treeData: orgTreeData(orgs.data ?? []),
    },
    {
      name: 'posId',
      label: t('user.pos'),
      type: 'select',
      span: 12,
      rules: requiredChoice(tc, t('user.pos')),
      options: (positions.data ?? []).map((p) => ({ label: p.name, value: p.id })),
    },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];
  const initialValues = useMemo(() => editing?.row ?? { accountType: AccountType.member, orderNo: 100 }, [editing]);

  return (
    <div style={{ padding: 12 }}>
      <RegistrationSwitch />
      <SearchForm<Filters> fields={[{ name: 'name', label: t('regWay.name') }]} onSearch={search} />
      <CrudTable<RegWayRow>
        pageKey="platform.regWay"
        title={t('regWay.title')}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={() => setEditing({})}
        addCode="sysUserRegWay:add"
        exportName="registration-schemes"
        fetchAll={() => fetchAllRegWays(filters)}
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        title={editing?.row ? t('regWay.edit') : t('regWay.add')}
        fields={formFields}
        initialValues={initialValues}
        schema={editing?.row ? sysUserRegWay.update.input : sysUserRegWay.add.input}
        toInput={(v) => ({ ...v, id: editing?.row?.id, orderNo: v.orderNo ?? 100 })}
        onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
        onClose={() => setEditing(null)}
        testId="reg-way-dialog"
      />
    </div>
  );
}
