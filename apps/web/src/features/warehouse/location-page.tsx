import { AppstoreAddOutlined, PrinterOutlined } from '@ant-design/icons';
import { warehouseLocation } from '@shelfwise/contract';
import { AbcClassEnum, LocationStatus, LocationStatusEnum } from '@shelfwise/contract/enums';
import { Button, Tooltip, Typography } from 'antd';
import type { Key } from 'react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  type CrudColumn,
  CrudPage,
  type CrudRow,
  type FieldConfig,
  StatusCell,
  usePageParams,
} from '../../components/crud';
import { EnumTag, useEnumLabel, useEnumOptions } from '../system';
import { useSetLocationStatus } from './location.api';
import { useLocationFields } from './location-form';
import { LocationGeneratorDialog } from './location-generator-dialog';
import { AreaSelect, useWarehouseOptions } from './warehouse-pickers';
import './warehouse.texts';

// the label sheet (barcodes, QR codes, PDF) loads only when someone prints
const LabelPrintDialog = lazy(() => import('./labels/label-print-dialog'));

type LocationRow = CrudRow<typeof warehouseLocation>;
type LabelSelection = { ids: number[] } | { areaId: number };

const num = (v: number | null, digits = 2) =>
  v === null ? '' : v.toLocaleString(undefined, { maximumFractionDigits: digits });

/**
 * Storage locations (`warehouseLocation`): warehouse and area filters, a code prefix search, the range generator,
 * labels for the selection or a whole area, batch delete, .xlsx export and import.
 */
export default function LocationPage() {
  const { t } = useTranslation('warehouse');
  // the generator and the labels start from the filtered warehouse and area
  const state = usePageParams<{ warehouseId?: number; areaId?: number }>({});
  const { filters } = state;
  const warehouses = useWarehouseOptions();
  const statuses = useEnumOptions(LocationStatusEnum);
  const statusLabel = useEnumLabel(LocationStatusEnum);
  const abc = useEnumOptions(AbcClassEnum);
  const abcLabel = useEnumLabel(AbcClassEnum);
  const setStatus = useSetLocationStatus();
  const [generating, setGenerating] = useState(false);
  const [labels, setLabels] = useState<LabelSelection | null>(null);
  const formFields = useLocationFields();

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
  ];

  // a new location starts in the filtered warehouse and area (the warehouse narrows the area picker)
  const newLocation = { status: 1 as const, warehouseId: filters.warehouseId, areaId: filters.areaId };
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
    <>
      <CrudPage
        service={warehouseLocation}
        pageKey="warehouse.location"
        title={t('location.title')}
        searchFields={searchFields}
        columns={columns}
        pageState={state}
        form={{
          fields: formFields,
          addTitle: t('location.add'),
          editTitle: t('location.edit'),
          width: 760,
          defaults: newLocation,
          // the warehouse only narrows the area picker
          toInput: ({ warehouseId: _w, ...v }) => v,
        }}
        // areas and warehouses show their number of locations
        alsoInvalidates={['warehouseArea', 'warehouseInfo']}
        rowName={(row) => row.code}
        compactActions
        batchDeleted={(count) => t('location.batchDeleted', { count })}
        batchDeletedSuccess
        files={{ export: 'storage-locations', template: 'storage-location-import-template' }}
        toolbarFirst
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
          </>
        )}
        testId="location"
      />
      <LocationGeneratorDialog
        open={generating}
        onClose={() => setGenerating(false)}
        warehouseId={filters.warehouseId}
        areaId={filters.areaId}
      />
      {labels ? (
        <Suspense fallback={null}>
          <LabelPrintDialog selection={labels} onClose={() => setLabels(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
