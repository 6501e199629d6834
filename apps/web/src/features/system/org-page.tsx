import { sysOrg } from '@shelfwise/contract';
import { OrgTypeEnum } from '@shelfwise/contract/enums';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudTreePage, type CrudTreeRow, type FieldConfig } from '../../components/crud';
import { EnumTag, useEnumLabel, useEnumOptions } from './enum-tag';
import { statusOptions } from './status';
import { UserPicker } from './user-picker';
import './system.texts';

type OrgNode = CrudTreeRow<typeof sysOrg>;

/** Organisations (`sysOrg`): the tree within the caller's data scope, add child / edit / delete. */
export default function OrgPage() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const typeOptions = useEnumOptions(OrgTypeEnum);
  const typeLabel = useEnumLabel(OrgTypeEnum);

  const searchFields: FieldConfig[] = [
    { name: 'name', label: t('org.name') },
    { name: 'code', label: t('org.code') },
    { name: 'type', label: t('org.type'), type: 'select', options: typeOptions },
  ];

  const columns: CrudColumn<OrgNode>[] = [
    { key: 'name', title: t('org.name'), dataIndex: 'name', width: 280 },
    {
      key: 'code',
      title: t('org.code'),
      dataIndex: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      key: 'type',
      title: t('org.type'),
      dataIndex: 'type',
      exportValue: (r) => typeLabel(r.type),
      render: (v: number | null) => <EnumTag def={OrgTypeEnum} value={v} />,
    },
    { key: 'directorName', title: t('org.director'), dataIndex: 'directorName' },
    {
      key: 'status',
      title: t('common.status'),
      dataIndex: 'status',
      exportValue: (r) => (r.status === 1 ? tc('enabled') : tc('disabled')),
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? tc('enabled') : tc('disabled')}</Tag>
      ),
    },
    { key: 'orderNo', title: t('common.orderNo'), dataIndex: 'orderNo', align: 'right' },
    {
      key: 'remark',
      title: t('common.remark'),
      dataIndex: 'remark',
      ellipsis: true,
      width: 200,
      hiddenByDefault: true,
    },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', hiddenByDefault: true },
  ];

  const formFields = (parents: FieldConfig['treeData'], row: OrgNode | undefined): FieldConfig[] => [
    { name: 'pid', label: t('org.parent'), type: 'treeSelect', treeData: parents, required: false },
    { name: 'name', label: t('org.name'), required: true, span: 12, maxLength: 64 },
    {
      name: 'code',
      label: t('org.code'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('common.codeRule') }],
    },
    { name: 'type', label: t('org.type'), type: 'select', span: 12, options: typeOptions },
    {
      name: 'directorId',
      label: t('org.director'),
      span: 12,
      render: () => <UserPicker initialLabel={row?.directorName} />,
    },
    { name: 'status', label: t('common.status'), type: 'radio', span: 12, options: statusOptions(tc) },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];

  return (
    <CrudTreePage
      service={sysOrg}
      pageKey="system.org"
      title={t('org.title')}
      searchFields={searchFields}
      columns={columns}
      rowName={(r) => r.name}
      addChild={{ label: t('org.addChild') }}
      deleteDisabled={(r) => (r.children?.length ? t('org.hasChildren') : undefined)}
      form={{
        fields: formFields,
        addTitle: t('org.add'),
        editTitle: t('org.edit'),
        width: 720,
        defaults: (parent) => ({ pid: parent?.id ?? 0, status: 1, orderNo: 100, type: 2 }),
        toInput: (v) => ({ ...v, orderNo: v.orderNo ?? 100 }),
      }}
      exportName="organisations"
      testId="org"
    />
  );
}
