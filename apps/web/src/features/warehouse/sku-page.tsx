import { UploadOutlined } from '@ant-design/icons';
import { warehouseSku } from '@shelfwise/contract';
import { App, Button, Space, Tag, Typography } from 'antd';
import type { Key } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  type CrudColumn,
  CrudTable,
  EditDialog,
  type FieldConfig,
  ImportDialog,
  pagedTableProps,
  RowActions,
  SearchForm,
  useCan,
  usePageParams,
} from '../../components/crud';
import type { ExportScope } from '../../components/crud/crud-toolbar';
import { ApiError } from '../../lib/api/client';
import { requiredChoice, statusOptions } from '../system/status';
import { BarcodeEditor } from './barcode-editor';
import { useConsignorList } from './consignor.api';
import {
  downloadSkuTemplate,
  exportSkus,
  type SkuPageInput,
  type SkuRow,
  useBatchDeleteSkus,
  useDeleteSku,
  useImportSkus,
  useSaveSku,
  useSkuPage,
} from './sku.api';
import './warehouse.texts';

type Filters = {
  keyword?: string;
  consignorId?: number;
  code?: string;
  name?: string;
  barcode?: string;
  status?: 1 | 2;
};
type Editing = { row?: SkuRow } | null;

const decimal = (v: number | null) => (v === null ? '' : v.toLocaleString(undefined, { maximumFractionDigits: 6 }));

/** SKUs (`warehouseSku`): consignor filter, barcode search, barcodes as tags, add/edit with a barcode list, files. */
export default function SkuPage() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const can = useCan();
  const { filters, params, input, search, change } = usePageParams<Filters, NonNullable<SkuPageInput['field']>>({});
  const page = useSkuPage(input);
  const consignors = useConsignorList(can('warehouseConsignor:list'));
  const save = useSaveSku();
  const remove = useDeleteSku();
  const batchRemove = useBatchDeleteSkus();
  const importSkus = useImportSkus();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
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
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          name={row.name}
          onEdit={() => setEditing({ row })}
          editCode="warehouseSku:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="warehouseSku:delete"
        />
      ),
    },
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
  const initialValues = useMemo(
    () => editing?.row ?? { status: 1, barcodes: [], consignorId: filters.consignorId },
    [editing, filters.consignorId],
  );

  const exportFile = async (scope: ExportScope, keys: Key[]) => {
    if (scope === 'selected' && keys.length === 0) return;
    const { page: p, pageSize, ...rest } = input;
    try {
      await exportSkus({
        ...rest,
        scope,
        ...(scope === 'page' ? { page: p, pageSize } : {}),
        ...(scope === 'selected' ? { ids: keys.map(Number) } : {}),
      });
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : t('common.exportFailed'));
    }
  };
  const batchDelete = async (keys: Key[]) => {
    const r = await batchRemove.mutateAsync(keys.map(Number));
    void message.info(t('sku.batchDeleted', r));
  };

  return (
    <div style={{ padding: 12 }}>
      <SearchForm<Filters> fields={searchFields} onSearch={search} />
      <CrudTable<SkuRow>
        pageKey="warehouse.sku"
        title={t('sku.title')}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={() => setEditing({})}
        addCode="warehouseSku:add"
        onBatchDelete={batchDelete}
        batchDeleteCode="warehouseSku:batchDelete"
        exportFile={can('warehouseSku:export') ? exportFile : undefined}
        toolbarExtra={
          <Auth code="warehouseSku:import">
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="sku-import">
              {t('import.button')}
            </Button>
          </Auth>
        }
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        title={editing?.row ? t('sku.edit') : t('sku.add')}
        fields={formFields}
        initialValues={initialValues}
        schema={editing?.row ? warehouseSku.update.input : warehouseSku.add.input}
        toInput={(v) => ({ ...v, id: editing?.row?.id, barcodes: v.barcodes ?? [] })}
        onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
        onClose={() => setEditing(null)}
        testId="sku-dialog"
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImport={(i) => importSkus.mutateAsync(i)}
        pending={importSkus.isPending}
        downloadTemplate={downloadSkuTemplate}
        testId="sku-import-dialog"
      />
    </div>
  );
}
