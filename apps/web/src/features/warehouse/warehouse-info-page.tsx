import { PictureOutlined } from '@ant-design/icons';
import { warehouseInfo } from '@shelfwise/contract';
import { App, Space, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudColumn,
  CrudPage,
  type FieldConfig,
  statusColumn,
  useCan,
  usePageParams,
} from '../../components/crud';
import { useUserInfo } from '../auth/session.api';
import { orgTreeData, useOrgTree } from '../system';
import { statusOptions } from '../system/status';
import {
  useRegionNames,
  useSetWarehouseStatus,
  useUploadFloorPlan,
  useWarehousePage,
  type WarehousePageInput,
  type WarehouseRow,
} from './warehouse-info.api';
import {
  useWarehouseFields,
  type WarehouseFormValues,
  warehouseFormValues,
  warehouseInput,
} from './warehouse-info-form';
import './warehouse.texts';

type Filters = { code?: string; name?: string; status?: 1 | 2; orgId?: number };

/**
 * Warehouses (`warehouseInfo`): filters, paged list with area and location counts, add/edit with the address
 * cascader, time zone and floor plan, status, delete when empty, .xlsx export and import.
 */
export default function WarehouseInfoPage() {
  const { t, i18n } = useTranslation('warehouse');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const can = useCan();
  const { data: me } = useUserInfo();
  // the page reads its rows: the region cells name the codes of the rows shown
  const state = usePageParams<Filters, NonNullable<WarehousePageInput['field']>>({});
  const page = useWarehousePage(state.input);
  const orgs = useOrgTree({}, can('sysOrg:list'));
  const uploadPlan = useUploadFloorPlan();
  const setStatus = useSetWarehouseStatus();
  const fields = useWarehouseFields();
  const orgTree = useMemo(() => orgTreeData(orgs.data ?? []), [orgs.data]);
  const rows = page.data?.items ?? [];
  const regionNames = useRegionNames(
    rows.map((r) => [r.country, r.province, r.city]),
    i18n.language,
  );

  const searchFields: FieldConfig[] = [
    { name: 'code', label: t('info.code') },
    { name: 'name', label: t('info.name') },
    { name: 'status', label: t('common.status'), type: 'select', options: statusOptions(tc) },
    { name: 'orgId', label: t('info.org'), type: 'treeSelect', treeData: orgTree },
  ];

  const regionText = (r: WarehouseRow) => regionNames([r.country, r.province, r.city]).reverse().join(', ');
  const columns: CrudColumn<WarehouseRow>[] = [
    {
      key: 'code',
      title: t('info.code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string, r) => (
        <Space size={6}>
          <Typography.Text code>{v}</Typography.Text>
          {r.floorPlan ? (
            <Tooltip title={t('info.floorPlan')}>
              <PictureOutlined style={{ color: 'var(--ant-color-text-tertiary)' }} />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    { key: 'name', title: t('info.name'), dataIndex: 'name', sortField: 'name' },
    { key: 'orgName', title: t('info.org'), dataIndex: 'orgName' },
    {
      key: 'region',
      title: t('info.regionShort'),
      dataIndex: 'city',
      exportValue: regionText,
      // the place first, its country below: a long country name must not widen the table
      render: (_: unknown, r) => {
        const [country, ...rest] = regionNames([r.country, r.province, r.city]);
        return (
          <Space direction="vertical" size={0}>
            <span>{rest.reverse().join(', ') || country}</span>
            {rest.length ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {country}
              </Typography.Text>
            ) : null}
          </Space>
        );
      },
    },
    { key: 'address1', title: t('info.address1'), dataIndex: 'address1', ellipsis: true, hiddenByDefault: true },
    {
      key: 'contact',
      title: t('info.contact'),
      dataIndex: 'contactName',
      exportValue: (r) => `${r.contactName ?? ''} ${r.contactPhone ?? ''}`.trim(),
      render: (_: unknown, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.contactName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.contactPhone}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'timeZone', title: t('info.timeZone'), dataIndex: 'timeZone', hiddenByDefault: true },
    {
      key: 'areaCount',
      title: t('info.areaCount'),
      dataIndex: 'areaCount',
      align: 'right',
      render: (v: number) => <Typography.Text type={v ? undefined : 'secondary'}>{v}</Typography.Text>,
    },
    {
      key: 'locationCount',
      title: t('info.locationCount'),
      dataIndex: 'locationCount',
      align: 'right',
      render: (v: number) => (
        <Typography.Text type={v ? undefined : 'secondary'}>{v.toLocaleString(i18n.language)}</Typography.Text>
      ),
    },
    statusColumn<WarehouseRow>({
      title: t('common.status'),
      enabledText: tc('enabled'),
      disabledText: tc('disabled'),
      code: 'warehouseInfo:setStatus',
      onChange: (row, status) => setStatus.mutate({ id: row.id, status }),
      busyId: setStatus.isPending ? setStatus.variables?.id : undefined,
    }),
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, hiddenByDefault: true },
    {
      key: 'createTime',
      title: t('common.createTime'),
      dataIndex: 'createTime',
      sortField: 'createTime',
      hiddenByDefault: true,
    },
  ];

  // the warehouse first (a new one needs its id), then its floor plan; a failed upload keeps the saved warehouse
  const submit = async (
    { floorPlanFile, ...body }: Record<string, unknown>,
    save: (body: Record<string, unknown>) => Promise<unknown>,
  ) => {
    const result = await save(body);
    if (!(floorPlanFile instanceof File)) return;
    const id = (body.id as number | undefined) ?? (result as number);
    try {
      await uploadPlan.mutateAsync({ id, file: floorPlanFile });
    } catch (e) {
      void message.warning(t('info.floorPlanFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  return (
    <CrudPage
      service={warehouseInfo}
      pageKey="warehouse.info"
      title={t('info.title')}
      searchFields={searchFields}
      columns={columns}
      pageState={state}
      query={page}
      form={{
        fields,
        addTitle: t('info.add'),
        editTitle: t('info.edit'),
        width: 760,
        defaults: () => warehouseFormValues(undefined, me?.orgId) as Record<string, unknown>,
        fromRow: (row) => warehouseFormValues(row, undefined),
        toInput: (v) => warehouseInput(v as WarehouseFormValues, undefined),
        submit,
      }}
      rowName={(row) => row.name}
      deleteDisabled={(row) => (row.areaCount > 0 ? t('info.inUse', { count: row.areaCount }) : undefined)}
      files={{ export: 'warehouses', template: 'warehouse-import-template' }}
      testId="warehouse"
    />
  );
}
