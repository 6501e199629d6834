import { AppstoreAddOutlined, PrinterOutlined, UploadOutlined } from '@ant-design/icons';
import { warehouseLocation } from '@shelfwise/contract';
import { AbcClassEnum, LocationStatus, LocationStatusEnum } from '@shelfwise/contract/enums';
import { App, Button, Tooltip, Typography } from 'antd';
import type { Key } from 'react';
import { lazy, Suspense, useMemo, useState } from 'react';
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
  StatusCell,
  useCan,
  usePageParams,
} from '../../components/crud';
import type { ExportScope } from '../../components/crud/crud-toolbar';
import { ApiError } from '../../lib/api/client';
import { EnumTag, useEnumLabel, useEnumOptions } from '../system';
import {
  downloadLocationTemplate,
  exportLocations,
  type LocationPageInput,
  type LocationRow,
  useBatchDeleteLocations,
  useDeleteLocation,
  useImportLocations,
  useLocationPage,
  useSaveLocation,
  useSetLocationStatus,
} from './location.api';
import { useLocationFields } from './location-form';
import { LocationGeneratorDialog } from './location-generator-dialog';
import { AreaSelect, useWarehouseOptions } from './warehouse-pickers';
import './warehouse.texts';

// the label sheet (barcodes, QR codes, PDF) loads only when someone prints
const LabelPrintDialog = lazy(() => import('./labels/label-print-dialog'));

type Filters = {
  warehouseId?: number;
  areaId?: number;
  code?: string;
  aisle?: string;
  status?: 1 | 2 | 3;
  abcClass?: 1 | 2 | 3;
};
type Editing = { row?: LocationRow } | null;
type LabelSelection = { ids: number[] } | { areaId: number };

const num = (v: number | null, digits = 2) =>
  v === null ? '' : v.toLocaleString(undefined, { maximumFractionDigits: digits });

/**
 * Storage locations (`warehouseLocation`): warehouse and area filters, a code prefix search, the range generator,
 * labels for the selection or a whole area, batch delete, .xlsx export and import.
 */
export default function LocationPage() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const can = useCan();
  const { filters, params, input, search, change } = usePageParams<Filters, NonNullable<LocationPageInput['field']>>(
    {},
  );
  const page = useLocationPage(input);
  const warehouses = useWarehouseOptions();
  const statuses = useEnumOptions(LocationStatusEnum);
  const statusLabel = useEnumLabel(LocationStatusEnum);
  const abc = useEnumOptions(AbcClassEnum);
  const abcLabel = useEnumLabel(AbcClassEnum);
  const save = useSaveLocation();
  const remove = useDeleteLocation();
  const batchRemove = useBatchDeleteLocations();
  const setStatus = useSetLocationStatus();
  const importLocations = useImportLocations();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [labels, setLabels] = useState<LabelSelection | null>(null);
  const formFields = useLocationFields(editing?.row);

  const searchFields: FieldConfig[] = [
    {
      name: 'warehouseId',
      label: t('location.warehouse'),
      type: 'select',
      options: warehouses,
      placeholder: t('location.allWarehouses'),
    },
    { name: 'areaId', label: t('location.area'), render: () => <AreaSelect placeholder={t('location.areaAny')} /> },
    { name: 'code', label: t('location.codeFilter'), placeholder: t('location.codeFilterHint') },
    { name: 'aisle', label: t('location.aisle') },
    { name: 'status', label: t('location.status'), type: 'select', options: statuses },
    { name: 'abcClass', label: t('location.abcClass'), type: 'select', options: abc },
  ];

  const sizeText = (r: LocationRow) =>
    r.length === null && r.width === null && r.height === null
      ? ''
      : [r.length, r.width, r.height].map((v) => (v === null ? '–' : num(v))).join(' × ');
  const columns: CrudColumn<LocationRow>[] = [
    {
      key: 'code',
      title: t('location.code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'area', title: t('location.area'), dataIndex: 'areaCode' },
    { key: 'aisle', title: t('location.aisle'), dataIndex: 'aisle', sortField: 'aisle' },
    { key: 'bay', title: t('location.bay'), dataIndex: 'bay' },
    { key: 'level', title: t('location.level'), dataIndex: 'level' },
    { key: 'slot', title: t('location.slot'), dataIndex: 'slot' },
    {
      key: 'size',
      title: t('location.size'),
      dataIndex: 'length',
      align: 'right',
      exportValue: sizeText,
      render: (_: unknown, r) => sizeText(r),
    },
    {
      key: 'maxLoad',
      title: t('location.maxLoad'),
      dataIndex: 'maxLoad',
      align: 'right',
      render: (v: number | null) => num(v),
    },
    {
      key: 'maxCapacity',
      title: t('location.maxCapacity'),
      dataIndex: 'maxCapacity',
      align: 'right',
      render: (v: number | null) => num(v, 0),
    },
    {
      key: 'abcClass',
      title: t('location.abcClass'),
      dataIndex: 'abcClass',
      exportValue: (r) => abcLabel(r.abcClass),
      render: (v: number | null) => <EnumTag def={AbcClassEnum} value={v} />,
    },
    {
      key: 'status',
      title: t('location.status'),
      dataIndex: 'status',
      exportValue: (r) => statusLabel(r.status),
      // a count lock is set and lifted by counting only
      render: (v: number, row) =>
        v === LocationStatus.lockedByCount ? (
          <EnumTag def={LocationStatusEnum} value={v} />
        ) : (
          <StatusCell
            status={v}
            code="warehouseLocation:setStatus"
            loading={setStatus.isPending && setStatus.variables?.id === row.id}
            onChange={(status) => setStatus.mutate({ id: row.id, status })}
          />
        ),
    },
    {
      key: 'position',
      title: 'X / Y / Z',
      dataIndex: 'x',
      hiddenByDefault: true,
      render: (_: unknown, r) => [r.x, r.y, r.z].map((v) => num(v)).join(' / '),
    },
    { key: 'lastCounted', title: t('location.lastCounted'), dataIndex: 'lastCountedTime' },
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, hiddenByDefault: true },
    {
      key: 'createTime',
      title: t('common.createTime'),
      dataIndex: 'createTime',
      sortField: 'createTime',
      hiddenByDefault: true,
    },
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          compact
          name={row.code}
          onEdit={() => setEditing({ row })}
          editCode="warehouseLocation:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="warehouseLocation:delete"
        />
      ),
    },
  ];

  const initialValues = useMemo(
    () => editing?.row ?? { status: 1, warehouseId: filters.warehouseId, areaId: filters.areaId },
    [editing, filters.warehouseId, filters.areaId],
  );

  const exportFile = async (scope: ExportScope, keys: Key[]) => {
    if (scope === 'selected' && keys.length === 0) return;
    const { page: p, pageSize, ...rest } = input;
    try {
      await exportLocations({
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
    const count = await batchRemove.mutateAsync(keys.map(Number));
    void message.success(t('location.batchDeleted', { count }));
  };
  const printButton = (selected: Key[]) => {
    const selection: LabelSelection | null = selected.length
      ? { ids: selected.map(Number) }
      : filters.areaId
        ? { areaId: filters.areaId }
        : null;
    return (
      <Auth code="warehouseLocation:printLabel">
        <Tooltip title={selection ? undefined : t('location.printHint')}>
          <Button
            icon={<PrinterOutlined />}
            disabled={!selection}
            onClick={() => setLabels(selection)}
            data-testid="location-print-labels"
          >
            {t('location.printLabels')}
          </Button>
        </Tooltip>
      </Auth>
    );
  };

  return (
    <div style={{ padding: 12 }}>
      <SearchForm<Filters> fields={searchFields} onSearch={search} />
      <CrudTable<LocationRow>
        pageKey="warehouse.location"
        title={t('location.title')}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={() => setEditing({})}
        addCode="warehouseLocation:add"
        onBatchDelete={batchDelete}
        batchDeleteCode="warehouseLocation:batchDelete"
        exportFile={can('warehouseLocation:export') ? exportFile : undefined}
        toolbarExtra={(selected) => (
          <>
            <Auth code="warehouseLocation:generate">
              <Button
                icon={<AppstoreAddOutlined />}
                onClick={() => setGenerating(true)}
                data-testid="location-generate"
              >
                {t('location.generate')}
              </Button>
            </Auth>
            {printButton(selected)}
            <Auth code="warehouseLocation:import">
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="location-import">
                {t('import.button')}
              </Button>
            </Auth>
          </>
        )}
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        title={editing?.row ? t('location.edit') : t('location.add')}
        width={760}
        fields={formFields}
        initialValues={initialValues}
        schema={editing?.row ? warehouseLocation.update.input : warehouseLocation.add.input}
        toInput={({ warehouseId: _w, ...v }) => ({ ...v, id: editing?.row?.id })}
        onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
        onClose={() => setEditing(null)}
        testId="location-dialog"
      />
      <LocationGeneratorDialog
        open={generating}
        onClose={() => setGenerating(false)}
        warehouseId={filters.warehouseId}
        areaId={filters.areaId}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImport={(i) => importLocations.mutateAsync(i)}
        pending={importLocations.isPending}
        downloadTemplate={downloadLocationTemplate}
        testId="location-import-dialog"
      />
      {labels ? (
        <Suspense fallback={null}>
          <LabelPrintDialog selection={labels} onClose={() => setLabels(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
