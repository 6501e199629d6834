import { UploadOutlined } from '@ant-design/icons';
import { warehouseConsignor } from '@shelfwise/contract';
import { App, Button, Tag, Typography } from 'antd';
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
import { statusOptions } from '../system/status';
import {
  type ConsignorPageInput,
  type ConsignorRow,
  downloadConsignorTemplate,
  exportConsignors,
  useBatchDeleteConsignors,
  useConsignorPage,
  useDeleteConsignor,
  useImportConsignors,
  useSaveConsignor,
} from './consignor.api';
import './warehouse.texts';

type Filters = { keyword?: string; code?: string; name?: string; status?: 1 | 2 };
type Editing = { row?: ConsignorRow } | null;

/** Consignors (`warehouseConsignor`): search, paged list with SKU counts, add/edit, delete when unused, files. */
export default function ConsignorPage() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const can = useCan();
  const { params, input, search, change } = usePageParams<Filters, NonNullable<ConsignorPageInput['field']>>({});
  const page = useConsignorPage(input);
  const save = useSaveConsignor();
  const remove = useDeleteConsignor();
  const batchRemove = useBatchDeleteConsignors();
  const importConsignors = useImportConsignors();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);

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
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          name={row.name}
          onEdit={() => setEditing({ row })}
          editCode="warehouseConsignor:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="warehouseConsignor:delete"
          deleteDisabled={row.skuCount > 0 ? t('consignor.inUse', { count: row.skuCount }) : undefined}
        />
      ),
    },
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
  const initialValues = useMemo(() => editing?.row ?? { status: 1 }, [editing]);

  const exportFile = async (scope: ExportScope, keys: Key[]) => {
    if (scope === 'selected' && keys.length === 0) return;
    const { page: p, pageSize, ...rest } = input;
    try {
      await exportConsignors({
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
    void message.info(t('consignor.batchDeleted', r));
  };

  return (
    <div style={{ padding: 12 }}>
      <SearchForm<Filters> fields={searchFields} onSearch={search} />
      <CrudTable<ConsignorRow>
        pageKey="warehouse.consignor"
        title={t('consignor.title')}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={() => setEditing({})}
        addCode="warehouseConsignor:add"
        onBatchDelete={batchDelete}
        batchDeleteCode="warehouseConsignor:batchDelete"
        exportFile={can('warehouseConsignor:export') ? exportFile : undefined}
        toolbarExtra={
          <Auth code="warehouseConsignor:import">
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="consignor-import">
              {t('import.button')}
            </Button>
          </Auth>
        }
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        title={editing?.row ? t('consignor.edit') : t('consignor.add')}
        fields={formFields}
        initialValues={initialValues}
        schema={editing?.row ? warehouseConsignor.update.input : warehouseConsignor.add.input}
        toInput={(v) => ({ ...v, id: editing?.row?.id })}
        onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
        onClose={() => setEditing(null)}
        testId="consignor-dialog"
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImport={(i) => importConsignors.mutateAsync(i)}
        pending={importConsignors.isPending}
        downloadTemplate={downloadConsignorTemplate}
        testId="consignor-import-dialog"
      />
    </div>
  );
}
