import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldConfig, useCan } from '../../components/crud';
import { RegionCascader } from '../../components/region-cascader';
import { orgTreeData, useOrgTree } from '../system';
import { statusOptions } from '../system/status';
import { FloorPlanPicker } from './floor-plan-picker';
import type { WarehouseRow } from './warehouse-info.api';
import './warehouse.texts';

/** The browser's time zone: the default of a new warehouse. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function timeZoneOptions() {
  const zones = Intl.supportedValuesOf('timeZone');
  return (zones.includes('UTC') ? zones : ['UTC', ...zones]).map((z) => ({ label: z.replaceAll('_', ' '), value: z }));
}

function TimeZoneSelect(props: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const options = useMemo(timeZoneOptions, []);
  return <Select {...props} showSearch={{ optionFilterProp: 'label' }} options={options} />;
}

/** What the dialog edits beyond the API's fields: the region path and a picked floor plan. */
export type WarehouseFormValues = Record<string, unknown> & { region?: string[]; floorPlanFile?: File };

/** The form values of a warehouse (its region codes as the cascader's path). */
export function warehouseFormValues(row: WarehouseRow | undefined, orgId: number | null | undefined) {
  if (!row) return { status: 1, timeZone: browserTimeZone(), orgId: orgId ?? undefined };
  const region = [row.country, row.province, row.city].filter((c): c is string => !!c);
  return { ...row, region };
}

/** The API body of the form values: the region path split into country, province and city. */
export function warehouseInput({ region, ...values }: WarehouseFormValues, id: number | undefined) {
  const [country = null, province = null, city = null] = region ?? [];
  return { ...values, country, province, city, id };
}

/**
 * The fields of the warehouse dialog, in the spec's order with its required-field prompts. The organisation tree
 * is the one the page's search form loads; the floor plan is offered to users who may upload it.
 */
export function useWarehouseFields(): (row: WarehouseRow | undefined) => FieldConfig[] {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation('crud');
  const can = useCan();
  const orgs = useOrgTree({}, can('sysOrg:list'));
  const treeData = useMemo(() => orgTreeData(orgs.data ?? []), [orgs.data]);
  return (row) => [
    {
      name: 'code',
      label: t('info.code'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('common.codeRule') }],
    },
    { name: 'name', label: t('info.name'), required: true, span: 12, maxLength: 128 },
    {
      name: 'orgId',
      label: t('info.org'),
      type: 'treeSelect',
      span: 12,
      treeData,
      rules: [{ required: true, message: t('info.selectOrg') }],
    },
    { name: 'status', label: t('common.status'), type: 'radio', span: 12, options: statusOptions(tc) },
    {
      name: 'region',
      label: t('info.region'),
      span: 16,
      rules: [{ required: true, type: 'array', min: 1, message: t('info.selectCountry') }],
      render: () => <RegionCascader />,
    },
    { name: 'postalCode', label: t('info.postalCode'), span: 8, maxLength: 16 },
    {
      name: 'address1',
      label: t('info.address1'),
      span: 24,
      maxLength: 256,
      rules: [{ required: true, whitespace: true, message: t('info.enterAddress') }],
    },
    { name: 'address2', label: t('info.address2'), span: 24, maxLength: 256 },
    {
      name: 'contactName',
      label: t('info.contactName'),
      span: 12,
      maxLength: 64,
      rules: [{ required: true, whitespace: true, message: t('info.enterContact') }],
    },
    {
      name: 'contactPhone',
      label: t('info.contactPhone'),
      span: 12,
      maxLength: 32,
      rules: [
        { required: true, whitespace: true, message: t('info.enterPhone') },
        { pattern: /^[+\d][\d\s()-]*$/, min: 3, message: t('info.phoneRule') },
      ],
    },
    { name: 'timeZone', label: t('info.timeZone'), span: 12, render: () => <TimeZoneSelect /> },
    { name: 'floorWidth', label: t('info.floorWidth'), type: 'number', span: 6 },
    { name: 'floorLength', label: t('info.floorLength'), type: 'number', span: 6 },
    ...(can('warehouseInfo:uploadFloorPlan')
      ? [
          {
            name: 'floorPlanFile',
            label: t('info.floorPlan'),
            render: () => <FloorPlanPicker currentUrl={row?.floorPlan} />,
          },
        ]
      : []),
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 512 },
  ];
}
