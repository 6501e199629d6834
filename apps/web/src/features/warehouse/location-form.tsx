import { AbcClassEnum, LocationStatus, LocationStatusEnum } from '@shelfwise/contract/enums';
import { useTranslation } from 'react-i18next';
import type { FieldConfig } from '../../components/crud';
import { useEnumOptions } from '../system';
import type { LocationRow } from './location.api';
import { AreaSelect, useWarehouseOptions } from './warehouse-pickers';
import './warehouse.texts';

const PART = /^[\w-]*$/;

/**
 * The fields of the location dialog. The warehouse only narrows the area picker (a location may move to another
 * area of its warehouse, not to another warehouse); a count lock shows but cannot be chosen.
 */
export function useLocationFields(): (row: LocationRow | undefined) => FieldConfig[] {
  const { t } = useTranslation('warehouse');
  const warehouses = useWarehouseOptions();
  const statuses = useEnumOptions(LocationStatusEnum).map((o) => ({
    ...o,
    disabled: o.value === LocationStatus.lockedByCount,
  }));
  const abc = useEnumOptions(AbcClassEnum);
  const part = (name: string, label: string): FieldConfig => ({
    name,
    label,
    span: 6,
    maxLength: 16,
    rules: [{ pattern: PART, message: t('location.partRule') }],
  });
  return (row) => [
    {
      name: 'warehouseId',
      label: t('location.warehouse'),
      type: 'select',
      options: warehouses,
      span: 12,
      disabled: !!row,
      rules: [{ required: true, message: t('area.selectWarehouse') }],
    },
    {
      name: 'areaId',
      label: t('location.area'),
      span: 12,
      rules: [{ required: true, message: t('location.selectArea') }],
      render: () => <AreaSelect enabledOnly />,
    },
    {
      name: 'code',
      label: t('location.code'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('common.codeRule') }],
    },
    {
      name: 'status',
      label: t('location.status'),
      type: 'radio',
      span: 12,
      options: row?.status === LocationStatus.lockedByCount ? statuses : statuses.filter((o) => !o.disabled),
    },
    part('aisle', t('location.aisle')),
    part('bay', t('location.bay')),
    part('level', t('location.level')),
    part('slot', t('location.slot')),
    { name: 'length', label: t('location.length'), type: 'number', span: 6 },
    { name: 'width', label: t('location.width'), type: 'number', span: 6 },
    { name: 'height', label: t('location.height'), type: 'number', span: 6 },
    { name: 'maxLoad', label: t('location.maxLoad'), type: 'number', span: 6 },
    { name: 'maxCapacity', label: t('location.maxCapacity'), type: 'number', span: 6 },
    { name: 'abcClass', label: t('location.abcClass'), type: 'select', span: 6, options: abc },
    { name: 'x', label: t('location.x'), type: 'number', span: 4, tooltip: t('location.positionHint') },
    { name: 'y', label: t('location.y'), type: 'number', span: 4 },
    { name: 'z', label: t('location.z'), type: 'number', span: 4 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 512 },
  ];
}
