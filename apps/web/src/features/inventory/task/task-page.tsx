import { LinkOutlined } from '@ant-design/icons';
import { inventoryCheckTask } from '@shelfwise/contract';
import { AuditStatusEnum, CountModeEnum, InventoryStatusEnum, InventoryTaskTypeEnum } from '@shelfwise/contract/enums';
import { DatePicker, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, type FieldConfig, usePageParams } from '../../../components/crud';
import { EnumTag, useEnumLabel, useEnumOptions } from '../../system';
import { useWarehouseOptions } from '../../warehouse/warehouse-pickers';
import { type RangeValues, rangeFilters } from '../snapshot/snapshot-panel';
import { isLive, progressOf } from './progress';
import { type TaskPageInput, type TaskRow, useTaskPage } from './task.api';
import { TaskRowActions, useOpenLink } from './task-actions';
import { TaskDialog } from './task-form';
import { ProgressCell, SubTaskProgress } from './task-progress-cell';
import { useProgressLive } from './use-progress-live';
import '../inventory.texts';

/** The filters of the list (the search form's date range as `rangeFilters` turns it into days). */
type Filters = {
  warehouseId?: number;
  code?: string;
  name?: string;
  type?: 1 | 2 | 3;
  inventoryStatus?: number;
  auditStatus?: number;
  startTime?: string;
  endTime?: string;
};

const dateOnly = (v: string | null) => (v ? v.slice(0, 10) : '');

/**
 * Count tasks (`inventoryCheckTask`): the spec's columns plus warehouse, type and live progress; the dialog; the
 * status actions (generate items, start, submit, cancel, delete) and links to sub-tasks, items and the 3D view.
 */
export default function TaskPage() {
  const { t } = useTranslation('inventory');
  const openLink = useOpenLink();
  // the list is polled while a task is counted; the dialog starts in the filtered warehouse
  const state = usePageParams<Filters, NonNullable<TaskPageInput['field']>>({});
  const page = useTaskPage(state.input);
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
    ],
    [t, typeLabel, modeLabel, statusLabel, auditLabel, openLink],
  );

  return (
    <>
      <CrudPage
        service={{ page: inventoryCheckTask.page, add: inventoryCheckTask.add, export: inventoryCheckTask.export }}
        pageKey="inventory.task"
        title={t('task.title')}
        searchFields={searchFields}
        columns={columns}
        pageState={state}
        query={page}
        // the 10 s refresh and live pushes update the figures in place, without the loading veil
        quietRefetch
        toFilters={(v) => rangeFilters(v as RangeValues)}
        onAdd={() => setEditing({})}
        rowName={(row) => row.name}
        rowActions={(row) => <TaskRowActions row={row} onEdit={() => setEditing({ row })} />}
        files={{ export: 'count-tasks' }}
        tableProps={{
          expandable: {
            rowExpandable: (r) => r.subTaskCount > 0,
            expandedRowRender: (r) => <SubTaskProgress taskId={r.id} inventoryStatus={r.inventoryStatus} />,
          },
        }}
        testId="task"
      />
      <TaskDialog editing={editing} defaultWarehouseId={state.filters.warehouseId} onClose={() => setEditing(null)} />
    </>
  );
}
