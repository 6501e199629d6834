import { warehouseArea } from '@shelfwise/contract';
import { ShelfTypeEnum } from '@shelfwise/contract/enums';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, type CrudRow, type FieldConfig, statusColumn, useCan } from '../../components/crud';
import { EnumTag, requiredChoice, useEnumLabel, useEnumOptions } from '../system';
import { statusOptions } from '../system/status';
import { useSetAreaStatus } from './area.api';
import { useWarehouseOptions } from './warehouse-pickers';
import './warehouse.texts';

type AreaRow = CrudRow<typeof warehouseArea>;

const metres = (v: number | null) => (v === null ? '–' : v.toLocaleString(undefined, { maximumFractionDigits: 2 }));

/** Storage areas (`warehouseArea`): warehouse filter, shelf types, their place on the floor plan, files. */
export default function AreaPage() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation('crud');
  const can = useCan();
  const warehouses = useWarehouseOptions();
  const shelfTypes = useEnumOptions(ShelfTypeEnum);
  const shelfTypeLabel = useEnumLabel(ShelfTypeEnum);
  const setStatus = useSetAreaStatus();

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
  ];

  const formFields = (row: AreaRow | undefined): FieldConfig[] => [
    {
      name: 'warehouseId',
      label: t('area.warehouse'),
      type: 'select',
      options: warehouses,
      span: 24,
      // an area stays in its warehouse
      disabled: !!row,
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
  return (
    <CrudPage
      service={warehouseArea}
      pageKey="warehouse.area"
      title={t('area.title')}
      searchFields={searchFields}
      columns={columns}
      form={{
        fields: formFields,
        addTitle: t('area.add'),
        editTitle: t('area.edit'),
        width: 720,
        defaults: (filters) => ({ status: 1, shelfType: 2, warehouseId: filters.warehouseId }) as const,
      }}
      // a new area needs a warehouse to be chosen from
      canAdd={can('warehouseInfo:list')}
      // warehouses show their number of areas
      alsoInvalidates={['warehouseInfo']}
      rowName={(row) => row.name}
      deleteDisabled={(row) => (row.locationCount > 0 ? t('area.inUse', { count: row.locationCount }) : undefined)}
      files={{ export: 'storage-areas', template: 'storage-area-import-template' }}
      testId="area"
    />
  );
}
