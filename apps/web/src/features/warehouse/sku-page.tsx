import { warehouseSku } from '@shelfwise/contract';
import { Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, type CrudRow, type FieldConfig, useCan } from '../../components/crud';
import { requiredChoice, statusOptions } from '../system/status';
import { BarcodeEditor } from './barcode-editor';
import { useConsignorList } from './consignor.api';
import './warehouse.texts';

type SkuRow = CrudRow<typeof warehouseSku>;

const decimal = (v: number | null) => (v === null ? '' : v.toLocaleString(undefined, { maximumFractionDigits: 6 }));

/** SKUs (`warehouseSku`): consignor filter, barcode search, barcodes as tags, add/edit with a barcode list, files. */
export default function SkuPage() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation('crud');
  const can = useCan();
  const consignors = useConsignorList(can('warehouseConsignor:list'));
  const consignorOptions = useMemo(
    () => (consignors.data ?? []).map((c) => ({ label: `${c.code} · ${c.name}`, value: c.id })),
    [consignors.data],
  );

  const searchFields: FieldConfig[] = [
    { name: 'keyword', label: t('sku.keyword') },
    { name: 'consignorId', label: t('sku.consignor'), type: 'select', options: consignorOptions },
    { name: 'barcode', label: t('sku.barcode') },
    { name: 'code', label: t('sku.code') },
    { name: 'name', label: t('sku.name') },
    { name: 'status', label: t('common.status'), type: 'select', options: statusOptions(tc) },
  ];

  const columns: CrudColumn<SkuRow>[] = [
    {
      key: 'code',
      title: t('sku.code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'name', title: t('sku.name'), dataIndex: 'name', sortField: 'name' },
    {
      key: 'consignor',
      title: t('sku.consignor'),
      dataIndex: 'consignorName',
      exportValue: (r) => `${r.consignorCode ?? ''} ${r.consignorName ?? ''}`.trim(),
      render: (_: unknown, r) => r.consignorName ?? r.consignorCode,
    },
    {
      key: 'barcodes',
      title: t('sku.barcodes'),
      dataIndex: 'barcodes',
      exportValue: (r) => r.barcodes.join(';'),
      render: (v: string[]) => (
        <Space size={[0, 4]} wrap>
          {v.map((b) => (
            <Tag key={b}>{b}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'unit', title: t('sku.unit'), dataIndex: 'unit' },
    { key: 'boxGauge', title: t('sku.boxGauge'), dataIndex: 'boxGauge', align: 'right' },
    {
      key: 'unitWeight',
      title: t('sku.unitWeight'),
      dataIndex: 'unitWeight',
      align: 'right',
      render: decimal,
    },
    {
      key: 'unitVolume',
      title: t('sku.unitVolume'),
      dataIndex: 'unitVolume',
      align: 'right',
      render: decimal,
      hiddenByDefault: true,
    },
    { key: 'unitValue', title: t('sku.unitValue'), dataIndex: 'unitValue', align: 'right', render: decimal },
    {
      key: 'status',
      title: t('common.status'),
      dataIndex: 'status',
      exportValue: (r) => (r.status === 1 ? tc('enabled') : tc('disabled')),
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? tc('enabled') : tc('disabled')}</Tag>
      ),
    },
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, hiddenByDefault: true },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', sortField: 'createTime' },
  ];

  const formFields: FieldConfig[] = [
    {
      name: 'consignorId',
      label: t('sku.consignor'),
      type: 'select',
      options: consignorOptions,
      span: 24,
      rules: requiredChoice(tc, t('sku.consignor')),
    },
    {
      name: 'code',
      label: t('sku.code'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('common.codeRule') }],
    },
    { name: 'name', label: t('sku.name'), required: true, span: 12, maxLength: 128 },
    { name: 'barcodes', label: t('sku.barcodes'), render: () => <BarcodeEditor /> },
    { name: 'unit', label: t('sku.unit'), span: 12, maxLength: 16, placeholder: t('sku.unitHint') },
    { name: 'boxGauge', label: t('sku.boxGauge'), type: 'number', span: 12 },
    { name: 'unitWeight', label: t('sku.unitWeight'), type: 'number', span: 12 },
    { name: 'unitVolume', label: t('sku.unitVolume'), type: 'number', span: 12 },
    { name: 'unitValue', label: t('sku.unitValue'), type: 'number', span: 12 },
    { name: 'status', label: t('common.status'), type: 'radio', span: 12, options: statusOptions(tc) },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];
  return (
    <CrudPage
      service={warehouseSku}
      pageKey="warehouse.sku"
      title={t('sku.title')}
      searchFields={searchFields}
      columns={columns}
      form={{
        fields: formFields,
        addTitle: t('sku.add'),
        editTitle: t('sku.edit'),
        defaults: (filters) => ({ status: 1 as const, barcodes: [], consignorId: filters.consignorId }),
        toInput: (v) => ({ ...v, barcodes: v.barcodes ?? [] }),
      }}
      // consignors show their number of SKUs
      alsoInvalidates={['warehouseConsignor']}
      rowName={(row) => row.name}
      batchDeleted={(r) => t('sku.batchDeleted', r as Record<string, unknown>)}
      files={{ export: 'skus', template: 'sku-import-template' }}
      testId="sku"
    />
  );
}
