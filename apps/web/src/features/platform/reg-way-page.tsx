import { SaveOutlined, UserAddOutlined } from '@ant-design/icons';
import { sysUserRegWay } from '@shelfwise/contract';
import { AccountType, AccountTypeEnum } from '@shelfwise/contract/enums';
import { App, Button, Card, Flex, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, type CrudColumn, CrudPage, type CrudRow, type FieldConfig, useCan } from '../../components/crud';
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
import { useRegistrationSetting, useRegWayList, useSetDefaultRegWay } from './reg-way.api';

type RegWayRow = CrudRow<typeof sysUserRegWay>;

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
  const setting = useRegistrationSetting();
  const can = useCan();
  const roles = useRoleList(can('sysRole:list'));
  const orgs = useOrgTree({}, can('sysOrg:list'));
  const positions = usePosList(can('sysPos:list'));
  const types = useEnumOptions(AccountTypeEnum, [AccountType.normalUser, AccountType.member]);
  const typeLabel = useEnumLabel(AccountTypeEnum);
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
  return (
    <CrudPage
      service={sysUserRegWay}
      pageKey="platform.regWay"
      title={t('regWay.title')}
      banner={<RegistrationSwitch />}
      searchFields={[{ name: 'name', label: t('regWay.name') }]}
      columns={columns}
      form={{
        fields: formFields,
        addTitle: t('regWay.add'),
        editTitle: t('regWay.edit'),
        defaults: { accountType: AccountType.member, orderNo: 100 },
        toInput: (v) => ({ ...v, orderNo: v.orderNo ?? 100 }),
      }}
      rowName={(row) => row.name}
      deleteDisabled={(row) => (row.id === defaultId ? t('regWay.defaultNoDelete') : undefined)}
      clientExport="registration-schemes"
      testId="reg-way"
    />
  );
}
