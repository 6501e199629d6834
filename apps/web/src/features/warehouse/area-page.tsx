import { UploadOutlined } from '@ant-design/icons';
import { warehouseArea } from '@shelfwise/contract';
import { ShelfTypeEnum } from '@shelfwise/contract/enums';
import { App, Button, Typography } from 'antd';
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
  statusColumn,
  useCan,
  usePageParams,
} from '../../components/crud';
import type { ExportScope } from '../../components/crud/crud-toolbar';
import { ApiError } from '../../lib/api/client';
import { EnumTag, requiredChoice, useEnumLabel, useEnumOptions } from '../system';
import { statusOptions } from '../system/status';
import {
  type AreaPageInput,
  type AreaRow,
  downloadAreaTemplate,
  exportAreas,
  useAreaPage,
  useDeleteArea,
  useImportAreas,
  useSaveArea,
  useSetAreaStatus,
} from './area.api';
import { useWarehouseOptions } from './warehouse-pickers';
import './warehouse.texts';

type Filters = { warehouseId?: number; code?: string; name?: string; shelfType?: 1 | 2 | 3; status?: 1 | 2 };
type Editing = { row?: AreaRow } | null;

const metres = (v: number | null) => (v === null ? '–' : v.toLocaleString(undefined, { maximumFractionDigits: 2 }));

/** Storage areas (`warehouseArea`): warehouse filter, shelf types, their place on the floor plan, files. */
export default function AreaPage() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const can = useCan();
  const { filters, params, input, search, change } = usePageParams<Filters, NonNullable<AreaPageInput['field']>>({});
  const page = useAreaPage(input);
  const warehouses = useWarehouseOptions();
  const shelfTypes = useEnumOptions(ShelfTypeEnum);
  const shelfTypeLabel = useEnumLabel(ShelfTypeEnum);
  const save = useSaveArea();
  const remove = useDeleteArea();
  const setStatus = useSetAreaStatus();
  const importAreas = useImportAreas();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);

  const searchFields: FieldConfig[] = [
    {
      name: 'warehouseId',
      label: t('area.warehouse'),
      type: 'select',
      options: warehouses,
      placeholder: t('location.allWarehouses'),
    },
    { name: 'code', label: t('area.code') },
    { name: 'name', label: t('area.name') },
    { name: 'shelfType', label: t('area.shelfType'), type: 'select', options: shelfTypes },
    { name: 'status', label: t('common.status'), type: 'select', options: statusOptions(tc) },
  ];

  const columns: CrudColumn<AreaRow>[] = [
    { key: 'warehouse', title: t('area.warehouse'), dataIndex: 'warehouseName' },
    {
      key: 'code',
      title: t('area.code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'name', title: t('area.name'), dataIndex: 'name', sortField: 'name' },
    {
      key: 'shelfType',
      title: t('area.shelfType'),
      dataIndex: 'shelfType',
      exportValue: (r) => shelfTypeLabel(r.shelfType),
      render: (v: number) => <EnumTag def={ShelfTypeEnum} value={v} />,
    },
    {
      key: 'position',
      title: t('area.position'),
      dataIndex: 'posX',
      align: 'right',
      exportValue: (r) => (r.posX === null && r.posY === null ? '' : `${r.posX ?? ''}, ${r.posY ?? ''}`),
      render: (_: unknown, r) => (r.posX === null && r.posY === null ? '–' : `${metres(r.posX)}, ${metres(r.posY)}`),
    },
    {
      key: 'size',
      title: t('area.size'),
      dataIndex: 'width',
      align: 'right',
      exportValue: (r) => (r.width === null && r.length === null ? '' : `${r.width ?? ''} × ${r.length ?? ''}`),
      render: (_: unknown, r) =>
        r.width === null && r.length === null ? '–' : `${metres(r.width)} × ${metres(r.length)}`,
    },
    {
      key: 'locationCount',
      title: t('area.locationCount'),
      dataIndex: 'locationCount',
      align: 'right',
      render: (v: number) => <Typography.Text type={v ? undefined : 'secondary'}>{v.toLocaleString()}</Typography.Text>,
    },
    statusColumn<AreaRow>({
      title: t('common.status'),
      enabledText: tc('enabled'),
      disabledText: tc('disabled'),
      code: 'warehouseArea:setStatus',
      onChange: (row, status) => setStatus.mutate({ id: row.id, status }),
      busyId: setStatus.isPending ? setStatus.variables?.id : undefined,
    }),
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
          editCode="warehouseArea:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="warehouseArea:delete"
          deleteDisabled={row.locationCount > 0 ? t('area.inUse', { count: row.locationCount }) : undefined}
        />
      ),
    },
  ];

  const formFields: FieldConfig[] = [
    {
      name: 'warehouseId',
      label: t('area.warehouse'),
      type: 'select',
      options: warehouses,
      span: 24,
      // an area stays in its warehouse
      disabled: !!editing?.row,
      rules: [{ required: true, message: t('area.selectWarehouse') }],
    },
    {
      name: 'code',
      label: t('area.code'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('common.codeRule') }],
    },
    { name: 'name', label: t('area.name'), required: true, span: 12, maxLength: 128 },
    {
      name: 'shelfType',
      label: t('area.shelfType'),
      type: 'radio',
      span: 12,
      options: shelfTypes,
      rules: requiredChoice(tc, t('area.shelfType')),
    },
    { name: 'status', label: t('common.status'), type: 'radio', span: 12, options: statusOptions(tc) },
    { name: 'posX', label: t('area.posX'), type: 'number', span: 6, tooltip: t('area.placementHint') },
    { name: 'posY', label: t('area.posY'), type: 'number', span: 6 },
    { name: 'width', label: t('area.width'), type: 'number', span: 6 },
    { name: 'length', label: t('area.length'), type: 'number', span: 6 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 512 },
  ];
  const initialValues = useMemo(
    () => editing?.row ?? { status: 1, shelfType: 2, warehouseId: filters.warehouseId },
    [editing, filters.warehouseId],
  );

  const exportFile = async (scope: ExportScope, keys: Key[]) => {
    if (scope === 'selected' && keys.length === 0) return;
    const { page: p, pageSize, ...rest } = input;
    try {
      await exportAreas({
        ...rest,
        scope,
        ...(scope === 'page' ? { page: p, pageSize } : {}),
        ...(scope === 'selected' ? { ids: keys.map(Number) } : {}),
      });
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : t('common.exportFailed'));
    }
  };

  return (
    <div style={{ padding: 12 }}>
      <SearchForm<Filters> fields={searchFields} onSearch={search} />
      <CrudTable<AreaRow>
        pageKey="warehouse.area"
        title={t('area.title')}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={can('warehouseInfo:list') ? () => setEditing({}) : undefined}
        addCode="warehouseArea:add"
        exportFile={can('warehouseArea:export') ? exportFile : undefined}
        toolbarExtra={
          <Auth code="warehouseArea:import">
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="area-import">
              {t('import.button')}
            </Button>
          </Auth>
        }
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        title={editing?.row ? t('area.edit') : t('area.add')}
        width={720}
        fields={formFields}
        initialValues={initialValues}
        schema={editing?.row ? warehouseArea.update.input : warehouseArea.add.input}
        toInput={(v) => ({ ...v, id: editing?.row?.id })}
        onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
        onClose={() => setEditing(null)}
        testId="area-dialog"
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImport={(i) => importAreas.mutateAsync(i)}
        pending={importAreas.isPending}
        downloadTemplate={downloadAreaTemplate}
        testId="area-import-dialog"
      />
    </div>
  );
}
