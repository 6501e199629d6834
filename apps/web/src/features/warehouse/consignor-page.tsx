import { warehouseConsignor } from '@shelfwise/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, type CrudRow, type FieldConfig } from '../../components/crud';
import { statusOptions } from '../system/status';
import './warehouse.texts';

type ConsignorRow = CrudRow<typeof warehouseConsignor>;

/** Consignors (`warehouseConsignor`): search, paged list with SKU counts, add/edit, delete when unused, files. */
export default function ConsignorPage() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation('crud');

  const searchFields: FieldConfig[] = [
    { name: 'keyword', label: t('consignor.keyword') },
    { name: 'code', label: t('consignor.code') },
    { name: 'name', label: t('consignor.name') },
    { name: 'status', label: t('common.status'), type: 'select', options: statusOptions(tc) },
  ];

  const columns: CrudColumn<ConsignorRow>[] = [
    {
      key: 'code',
      title: t('consignor.code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'name', title: t('consignor.name'), dataIndex: 'name', sortField: 'name' },
    { key: 'contactName', title: t('consignor.contactName'), dataIndex: 'contactName' },
    { key: 'contactPhone', title: t('consignor.contactPhone'), dataIndex: 'contactPhone' },
    { key: 'email', title: t('consignor.email'), dataIndex: 'email', hiddenByDefault: true },
    { key: 'address', title: t('consignor.address'), dataIndex: 'address', ellipsis: true, hiddenByDefault: true },
    {
      key: 'skuCount',
      title: t('consignor.skuCount'),
      dataIndex: 'skuCount',
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
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, width: 200 },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', sortField: 'createTime' },
  ];

  const formFields: FieldConfig[] = [
    {
      name: 'code',
      label: t('consignor.code'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('common.codeRule') }],
    },
    { name: 'name', label: t('consignor.name'), required: true, span: 12, maxLength: 128 },
    { name: 'contactName', label: t('consignor.contactName'), span: 12, maxLength: 64 },
    { name: 'contactPhone', label: t('consignor.contactPhone'), span: 12, maxLength: 32 },
    { name: 'email', label: t('consignor.email'), span: 12, maxLength: 128 },
    { name: 'status', label: t('common.status'), type: 'radio', span: 12, options: statusOptions(tc) },
    { name: 'address', label: t('consignor.address'), maxLength: 256 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];

  return (
    <CrudPage
      service={warehouseConsignor}
      pageKey="warehouse.consignor"
      title={t('consignor.title')}
      searchFields={searchFields}
      columns={columns}
      form={{
        fields: formFields,
        addTitle: t('consignor.add'),
        editTitle: t('consignor.edit'),
        defaults: { status: 1 },
      }}
      rowName={(row) => row.name}
      deleteDisabled={(row) => (row.skuCount > 0 ? t('consignor.inUse', { count: row.skuCount }) : undefined)}
      batchDeleted={(r) => t('consignor.batchDeleted', r as Record<string, unknown>)}
      files={{ export: 'consignors', template: 'consignor-import-template' }}
      testId="consignor"
    />
  );
}
