import { LinkOutlined } from '@ant-design/icons';
import { AuditStatusEnum, CountModeEnum, InventoryStatusEnum, InventoryTaskTypeEnum } from '@shelfwise/contract/enums';
import { App, DatePicker, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { Key } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudColumn,
  CrudTable,
  type FieldConfig,
  pagedTableProps,
  SearchForm,
  useCan,
  usePageParams,
} from '../../../components/crud';
import type { ExportScope } from '../../../components/crud/crud-toolbar';
import { ApiError } from '../../../lib/api/client';
import { EnumTag, useEnumLabel, useEnumOptions } from '../../system';
import { useWarehouseOptions } from '../../warehouse/warehouse-pickers';
import { rangeFilters } from '../snapshot/snapshot-panel';
import { isLive, progressOf } from './progress';
import { exportTasks, type TaskPageInput, type TaskRow, useTaskPage } from './task.api';
import { TaskRowActions, useOpenLink } from './task-actions';
import { TaskDialog } from './task-form';
import { ProgressCell, SubTaskProgress } from './task-progress-cell';
import { useProgressLive } from './use-progress-live';
import '../inventory.texts';

type Filters = {
  warehouseId?: number;
  code?: string;
  name?: string;
  type?: 1 | 2 | 3;
  inventoryStatus?: number;
  auditStatus?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
};

const dateOnly = (v: string | null) => (v ? v.slice(0, 10) : '');

/**
 * Count tasks (`inventoryCheckTask`): the spec's columns plus warehouse, type and live progress; the dialog; the
 * status actions (generate items, start, submit, cancel, delete) and links to sub-tasks, items and the 3D view.
 */
export default function TaskPage() {
  const { t } = useTranslation('inventory');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const can = useCan();
  const openLink = useOpenLink();
  const { filters, params, search, change } = usePageParams<Filters, NonNullable<TaskPageInput['field']>>({});
  const input: TaskPageInput = { ...rangeFilters(filters), ...params };
  const page = useTaskPage(input);
  const anyLive = (page.data?.items ?? []).some((r) => isLive(r.inventoryStatus));
  useProgressLive(anyLive);
  const warehouses = useWarehouseOptions();
  const types = useEnumOptions(InventoryTaskTypeEnum);
  const statuses = useEnumOptions(InventoryStatusEnum);
  const audits = useEnumOptions(AuditStatusEnum);
  const typeLabel = useEnumLabel(InventoryTaskTypeEnum);
  const statusLabel = useEnumLabel(InventoryStatusEnum);
  const auditLabel = useEnumLabel(AuditStatusEnum);
  const modeLabel = useEnumLabel(CountModeEnum);
  const [editing, setEditing] = useState<{ row?: TaskRow } | null>(null);

  const searchFields: FieldConfig[] = [
    {
      name: 'warehouseId',
      label: t('common.warehouse'),
      type: 'select',
      options: warehouses,
      placeholder: t('common.allWarehouses'),
    },
    { name: 'name', label: t('task.name') },
    { name: 'code', label: t('task.code') },
    { name: 'inventoryStatus', label: t('task.inventoryStatus'), type: 'select', options: statuses },
    { name: 'auditStatus', label: t('task.auditStatus'), type: 'select', options: audits },
    { name: 'type', label: t('task.type'), type: 'select', options: types },
    {
      name: 'range',
      label: t('task.createdBetween'),
      render: () => (
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          style={{ width: '100%' }}
          placeholder={[t('common.from'), t('common.to')]}
        />
      ),
    },
  ];

  const columns: CrudColumn<TaskRow>[] = useMemo(
    () => [
      { key: 'name', title: t('task.name'), dataIndex: 'name', sortField: 'name', ellipsis: true, width: 180 },
      {
        key: 'code',
        title: t('task.code'),
        dataIndex: 'code',
        sortField: 'code',
        render: (v: string) => <Typography.Text copyable={{ text: v }}>{v}</Typography.Text>,
      },
      {
        key: 'warehouse',
        title: t('common.warehouse'),
        dataIndex: 'warehouseName',
        exportValue: (r) => [r.warehouseCode, r.warehouseName].filter(Boolean).join(' · '),
        render: (_: unknown, r) => (
          <Typography.Text title={r.warehouseName ?? ''}>{r.warehouseCode ?? r.warehouseName}</Typography.Text>
        ),
      },
      {
        key: 'type',
        title: t('task.type'),
        dataIndex: 'type',
        exportValue: (r) => typeLabel(r.type),
        render: (v: number) => <EnumTag def={InventoryTaskTypeEnum} value={v} />,
      },
      {
        key: 'countMode',
        title: t('task.countMode'),
        dataIndex: 'countMode',
        hiddenByDefault: true,
        exportValue: (r) => modeLabel(r.countMode),
        render: (v: number) => <EnumTag def={CountModeEnum} value={v} />,
      },
      {
        key: 'snapshotTime',
        title: t('task.snapshotDate'),
        dataIndex: 'snapshotTime',
        exportValue: (r) => r.snapshotTime ?? '',
        render: (v: string | null, r) => <span title={r.snapshotTitle ?? ''}>{dateOnly(v)}</span>,
      },
      { key: 'startDate', title: t('task.startDate'), dataIndex: 'startDate', sortField: 'startDate' },
      { key: 'endDate', title: t('task.endDate'), dataIndex: 'endDate' },
      {
        key: 'inventoryStatus',
        title: t('task.inventoryStatus'),
        dataIndex: 'inventoryStatus',
        exportValue: (r) => statusLabel(r.inventoryStatus),
        render: (v: number) => <EnumTag def={InventoryStatusEnum} value={v} />,
      },
      {
        key: 'progress',
        title: t('task.progress'),
        dataIndex: 'countedLineCount',
        exportValue: (r) => {
          const p = progressOf(r);
          return `${p.lines} (${p.linePct}%) · ${p.locations}`;
        },
        render: (_: unknown, r) => <ProgressCell p={r} inventoryStatus={r.inventoryStatus} />,
      },
      {
        key: 'submitTime',
        title: t('task.submitTime'),
        dataIndex: 'submitTime',
        sortField: 'submitTime',
        render: (v: string | null, r) => (v ? <span title={r.submitUserName ?? ''}>{v}</span> : '—'),
      },
      {
        key: 'auditStatus',
        title: t('task.auditStatus'),
        dataIndex: 'auditStatus',
        exportValue: (r) => auditLabel(r.auditStatus),
        render: (v: number) => <EnumTag def={AuditStatusEnum} value={v} />,
      },
      {
        key: 'auditTime',
        title: t('task.auditTime'),
        dataIndex: 'auditTime',
        render: (v: string | null, r) => (v ? <span title={r.auditUserName ?? ''}>{v}</span> : '—'),
      },
      {
        key: 'link3d',
        title: t('task.link3d'),
        dataIndex: 'link3d',
        render: (v: string | null) =>
          v ? (
            <Typography.Link onClick={() => openLink(v)} data-testid="task-link3d">
              <LinkOutlined /> {t('task.open3d')}
            </Typography.Link>
          ) : (
            '—'
          ),
      },
      {
        key: 'subTaskCount',
        title: t('task.subTaskCount'),
        dataIndex: 'subTaskCount',
        align: 'right',
        hiddenByDefault: true,
      },
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
        render: (_: unknown, row) => <TaskRowActions row={row} onEdit={() => setEditing({ row })} />,
      },
    ],
    [t, tc, typeLabel, modeLabel, statusLabel, auditLabel, openLink],
  );

  const exportFile = async (scope: ExportScope, keys: Key[]) => {
    if (scope === 'selected' && keys.length === 0) return;
    const { page: p, pageSize, ...rest } = input;
    try {
      await exportTasks({
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
      <CrudTable<TaskRow>
        pageKey="inventory.task"
        title={t('task.title')}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        // the 10 s refresh and live pushes update the figures in place, without the loading veil
        loading={page.isPending || page.isPlaceholderData}
        onAdd={() => setEditing({})}
        addCode="inventoryCheckTask:add"
        exportFile={can('inventoryCheckTask:export') ? exportFile : undefined}
        tableProps={{
          expandable: {
            rowExpandable: (r) => r.subTaskCount > 0,
            expandedRowRender: (r) => <SubTaskProgress taskId={r.id} inventoryStatus={r.inventoryStatus} />,
          },
        }}
      />
      <TaskDialog editing={editing} defaultWarehouseId={filters.warehouseId} onClose={() => setEditing(null)} />
    </div>
  );
}
