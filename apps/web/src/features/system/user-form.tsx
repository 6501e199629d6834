import { AccountType, AccountTypeEnum } from '@shelfwise/contract/enums';
import { Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FieldConfig, useCan } from '../../components/crud';
import { useUserInfo } from '../auth/session.api';
import { useEnumOptions } from './enum-tag';
import { orgTreeData, useOrgTree } from './org.api';
import { usePosList } from './pos.api';
import { useRoleList } from './role.api';
import { requiredChoice, statusOptions } from './status';

/** Account types the contract lets an administrator give, limited to the caller's own type or below. */
function useAssignableTypes() {
  const { data: me } = useUserInfo();
  const assignable = [AccountType.sysAdmin, AccountType.normalUser, AccountType.member].filter(
    (v) => me?.accountType === AccountType.superAdmin || v <= (me?.accountType ?? 0),
  );
  return useEnumOptions(AccountTypeEnum, assignable);
}

type Control = Record<string, unknown>;

/** The organisation picker of the dialog: the tree loads when the dialog renders it (users allowed to list it). */
function OrgPicker(control: Control) {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const can = useCan();
  const orgs = useOrgTree({}, can('sysOrg:list'));
  return (
    <TreeSelect
      {...control}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={tc('select', { label: t('user.org') })}
      treeData={orgTreeData(orgs.data ?? [])}
    />
  );
}

/** The position picker of the dialog (disabled positions cannot be chosen). */
function PosPicker(control: Control) {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const can = useCan();
  const positions = usePosList(can('sysPos:list'));
  return (
    <Select
      {...control}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={tc('select', { label: t('user.pos') })}
      options={(positions.data ?? []).map((p) => ({ label: p.name, value: p.id, disabled: p.status !== 1 }))}
    />
  );
}

/** The roles picker of the dialog (disabled roles cannot be chosen). */
function RolePicker(control: Control) {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const can = useCan();
  const roles = useRoleList(can('sysRole:list'));
  return (
    <Select
      {...control}
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={tc('select', { label: t('user.roles') })}
      options={(roles.data ?? []).map((r) => ({ label: r.name, value: r.id, disabled: r.status !== 1 }))}
      maxTagCount="responsive"
    />
  );
}

/**
 * The fields of the account dialog, for a new account or an edited one; the password is offered when adding only
 * (empty: one is generated). The pickers' lists load while the dialog is open, each only for a user allowed to
 * list it.
 */
export function useUserFields(): (adding: boolean) => FieldConfig[] {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const types = useAssignableTypes();
  return (adding) => [
    {
      name: 'account',
      label: t('user.account'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.@-]*$/, message: t('user.accountRule') }],
    },
    { name: 'realName', label: t('user.realName'), required: true, span: 12, maxLength: 64 },
    { name: 'nickName', label: t('user.nickName'), span: 12, maxLength: 64 },
    {
      name: 'phone',
      label: t('user.phone'),
      span: 12,
      maxLength: 11,
      rules: [{ pattern: /^1[3-9]\d{9}$/, message: t('user.phoneRule') }],
    },
    {
      name: 'email',
      label: t('user.email'),
      span: 12,
      maxLength: 128,
      rules: [{ type: 'email', message: t('user.emailRule') }],
    },
    { name: 'idCardNum', label: t('user.idCardNum'), span: 12, maxLength: 32 },
    {
      name: 'accountType',
      label: t('user.accountType'),
      type: 'select',
      span: 12,
      options: types,
      rules: requiredChoice(tc, t('user.accountType')),
    },
    {
      name: 'orgId',
      label: t('user.org'),
      span: 12,
      rules: requiredChoice(tc, t('user.org')),
      render: () => <OrgPicker />,
    },
    { name: 'posId', label: t('user.pos'), span: 12, render: () => <PosPicker /> },
    { name: 'roleIds', label: t('user.roles'), span: 12, render: () => <RolePicker /> },
    { name: 'status', label: t('common.status'), type: 'radio', span: 12, options: statusOptions(tc) },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    ...(adding
      ? [
          {
            name: 'password',
            label: t('user.password'),
            span: 24,
            extra: t('user.passwordHint'),
            rules: [{ min: 8, max: 64, message: t('user.passwordLength') }],
            render: () => <Input.Password autoComplete="new-password" placeholder={t('user.passwordPlaceholder')} />,
          },
        ]
      : []),
    { name: 'address', label: t('user.address'), maxLength: 256 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];
}
