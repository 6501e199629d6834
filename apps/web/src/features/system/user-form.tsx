import { AccountType, AccountTypeEnum } from '@shelfwise/contract/enums';
import { Input, Select } from 'antd';
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

/**
 * The fields of the account dialog; the password is offered when adding only (empty: one is generated). The
 * pickers' lists load while the dialog is open, each only for a user allowed to list it.
 */
export function useUserFields(adding: boolean, open: boolean): FieldConfig[] {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const can = useCan();
  const orgs = useOrgTree({}, open && can('sysOrg:list'));
  const positions = usePosList(open && can('sysPos:list'));
  const roles = useRoleList(open && can('sysRole:list'));
  const types = useAssignableTypes();
  const posOptions = (positions.data ?? []).map((p) => ({ label: p.name, value: p.id, disabled: p.status !== 1 }));
  const roleOptions = (roles.data ?? []).map((r) => ({ label: r.name, value: r.id, disabled: r.status !== 1 }));
  return [
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
      type: 'treeSelect',
      span: 12,
      treeData: orgTreeData(orgs.data ?? []),
      rules: requiredChoice(tc, t('user.org')),
    },
    {
      name: 'posId',
      label: t('user.pos'),
      span: 12,
      render: () => (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={tc('select', { label: t('user.pos') })}
          options={posOptions}
        />
      ),
    },
    {
      name: 'roleIds',
      label: t('user.roles'),
      span: 12,
      render: () => (
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={tc('select', { label: t('user.roles') })}
          options={roleOptions}
          maxTagCount="responsive"
        />
      ),
    },
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
