import { sysPos } from '@shelfwise/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, type CrudRow, type FieldConfig } from '../../components/crud';
import { statusOptions } from './status';
import './system.texts';

type PosRow = CrudRow<typeof sysPos>;

/** Positions (`sysPos`): search, paged list with the number of holders, add/edit dialog, delete when unused. */
export default function PosPage() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');

  const searchFields: FieldConfig[] = [
    { name: 'name', label: t('pos.name') },
    { name: 'code', label: t('pos.code') },
    { name: 'status', label: t('common.status'), type: 'select', options: statusOptions(tc) },
  ];

  const columns: CrudColumn<PosRow>[] = [
    { key: 'name', title: t('pos.name'), dataIndex: 'name', sortField: 'name' },
    {
      key: 'code',
      title: t('pos.code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      key: 'userCount',
      title: t('common.userCount'),
      dataIndex: 'userCount',
      align: 'right',
      render: (v: number) => <Typography.Text type={v ? undefined : 'secondary'}>{v}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('common.status'),
      dataIndex: 'status',
      exportValue: (r) => (r.status === 1 ? tc('enabled') : tc('disabled')),
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? tc('enabled') : tc('disabled')}</Tag>
      ),
    },
    { key: 'orderNo', title: t('common.orderNo'), dataIndex: 'orderNo', sortField: 'orderNo', align: 'right' },
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, width: 220 },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', sortField: 'createTime' },
  ];

  const formFields: FieldConfig[] = [
    { name: 'name', label: t('pos.name'), required: true, span: 12, maxLength: 64 },
    {
      name: 'code',
      label: t('pos.code'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('common.codeRule') }],
    },
    { name: 'status', label: t('common.status'), type: 'radio', span: 12, options: statusOptions(tc) },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];

  return (
    <CrudPage
      service={sysPos}
      pageKey="system.pos"
      title={t('pos.title')}
      searchFields={searchFields}
      columns={columns}
      form={{
        fields: formFields,
        addTitle: t('pos.add'),
        editTitle: t('pos.edit'),
        defaults: { status: 1, orderNo: 100 },
        toInput: (v) => ({ ...v, orderNo: v.orderNo ?? 100 }),
      }}
      rowName={(row) => row.name}
      deleteDisabled={(row) => (row.userCount > 0 ? t('pos.inUse', { count: row.userCount }) : undefined)}
      clientExport="positions"
      testId="pos"
    />
  );
}
