import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { warehouseInfo } from '@shelfwise/contract';
import { App, Button, Space, Tooltip, Typography } from 'antd';
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
import { useUserInfo } from '../auth/session.api';
import { orgTreeData, useOrgTree } from '../system';
import { statusOptions } from '../system/status';
import {
  downloadWarehouseTemplate,
  exportWarehouses,
  useDeleteWarehouse,
  useImportWarehouses,
  useRegionNames,
  useSaveWarehouse,
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
type Editing = { row?: WarehouseRow } | null;

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
  const { params, input, search, change } = usePageParams<Filters, NonNullable<WarehousePageInput['field']>>({});
  const page = useWarehousePage(input);
  const orgs = useOrgTree({}, can('sysOrg:list'));
  const save = useSaveWarehouse();
  const uploadPlan = useUploadFloorPlan();
  const remove = useDeleteWarehouse();
  const setStatus = useSetWarehouseStatus();
  const importWarehouses = useImportWarehouses();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const fields = useWarehouseFields(editing?.row, !!editing);
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
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          name={row.name}
          onEdit={() => setEditing({ row })}
          editCode="warehouseInfo:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="warehouseInfo:delete"
          deleteDisabled={row.areaCount > 0 ? t('info.inUse', { count: row.areaCount }) : undefined}
        />
      ),
    },
  ];

  const initialValues = useMemo(() => warehouseFormValues(editing?.row, me?.orgId), [editing, me?.orgId]);

  // the warehouse first (a new one needs its id), then its floor plan; a failed upload keeps the saved warehouse
  const submit = async (body: unknown) => {
    const { floorPlanFile, ...rest } = body as Parameters<typeof save.mutateAsync>[0] & { floorPlanFile?: File };
    const id = await save.mutateAsync(rest);
    if (!floorPlanFile) return;
    try {
      await uploadPlan.mutateAsync({ id, file: floorPlanFile });
    } catch (e) {
      void message.warning(t('info.floorPlanFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  const exportFile = async (scope: ExportScope, keys: Key[]) => {
    if (scope === 'selected' && keys.length === 0) return;
    const { page: p, pageSize, ...rest } = input;
    try {
      await exportWarehouses({
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
      <CrudTable<WarehouseRow>
        pageKey="warehouse.info"
        title={t('info.title')}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={() => setEditing({})}
        addCode="warehouseInfo:add"
        exportFile={can('warehouseInfo:export') ? exportFile : undefined}
        toolbarExtra={
          <Auth code="warehouseInfo:import">
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="warehouse-import">
              {t('import.button')}
            </Button>
          </Auth>
        }
      />
      <EditDialog<WarehouseFormValues>
        open={!!editing}
        title={editing?.row ? t('info.edit') : t('info.add')}
        width={760}
        fields={fields}
        initialValues={initialValues}
        schema={editing?.row ? warehouseInfo.update.input : warehouseInfo.add.input}
        toInput={(v) => warehouseInput(v, editing?.row?.id)}
        onSubmit={submit}
        onClose={() => setEditing(null)}
        testId="warehouse-dialog"
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImport={(i) => importWarehouses.mutateAsync(i)}
        pending={importWarehouses.isPending}
        downloadTemplate={downloadWarehouseTemplate}
        testId="warehouse-import-dialog"
      />
    </div>
  );
}
