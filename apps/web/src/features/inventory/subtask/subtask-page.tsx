import { inventoryCheckSubTask } from '@shelfwise/contract';
import {
  AuditStatus,
  AuditStatusEnum,
  CountModeEnum,
  InventoryStatusEnum,
  SubTaskStatusEnum,
} from '@shelfwise/contract/enums';
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type CrudColumn, CrudPage, type FieldConfig, usePageParams } from '../../../components/crud';
import { EnumTag, useEnumLabel, useEnumOptions } from '../../system';
import { isLive, progressOf } from '../task/progress';
import { useTaskDetail, useTaskList } from '../task/task.api';
import { ProgressCell } from '../task/task-progress-cell';
import { useProgressLive } from '../task/use-progress-live';
import { FolderUploadDialog } from './folder-upload-dialog';
import { LccDrawer } from './lcc-drawer';
import { type SubTaskPageInput, type SubTaskRow, useSubTaskPage } from './subtask.api';
import { SubTaskRowActions } from './subtask-actions';
import { SubTaskDialog } from './subtask-form';
import '../inventory.texts';

type Filters = { taskId?: number; status?: 1 | 2 | 3; mine?: boolean };

/** A positive id from a query parameter (`?taskId=12`), or undefined. */
export function idParam(search: string, name: string): number | undefined {
  const n = Number(new URLSearchParams(search).get(name));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The task a page is narrowed to: code, name, statuses, mode and progress. */
export function TaskHeader({ taskId }: { taskId: number }) {
  const { t } = useTranslation('inventory');
  const task = useTaskDetail(taskId);
  const d = task.data;
  if (!d) return null;
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="task-header">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        title={
          <Space>
            <span>{d.name}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
              {d.code}
            </Typography.Text>
            <EnumTag def={InventoryStatusEnum} value={d.inventoryStatus} />
            {d.auditStatus !== AuditStatus.notSubmitted ? (
              <EnumTag def={AuditStatusEnum} value={d.auditStatus} />
            ) : null}
            <EnumTag def={CountModeEnum} value={d.countMode} />
          </Space>
        }
        items={[
          {
            key: 'wh',
            label: t('common.warehouse'),
            children: [d.warehouseCode, d.warehouseName].filter(Boolean).join(' · '),
          },
          { key: 'snap', label: t('task.snapshot'), children: d.snapshotTitle ?? '—' },
          {
            key: 'dates',
            label: t('task.period'),
            children: `${d.startDate ?? '…'} – ${d.endDate ?? '…'}`,
          },
          {
            key: 'progress',
            label: t('task.progress'),
            children: (
              <div style={{ width: '100%', maxWidth: 320 }}>
                <ProgressCell p={d} inventoryStatus={d.inventoryStatus} />
              </div>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * Sub-tasks (`inventoryCheckSubTask`) of a task (`?taskId=`) or of all tasks: partition, counters, status and live
 * progress; add / edit / assign / complete / reopen / delete, the location count checklist, count sheets and the
 * folder upload of photos.
 */
export default function SubTaskPage() {
  const { t } = useTranslation('inventory');
  const location = useLocation();
  // a tab keeps the query it was opened with
  const [initialTaskId] = useState(() => idParam(location.search, 'taskId'));
  // the list is polled while a sub-task is counted; the header and the dialog follow the chosen task
  const state = usePageParams<Filters, NonNullable<SubTaskPageInput['field']>>({ taskId: initialTaskId });
  const { filters } = state;
  const page = useSubTaskPage(state.input);
  const rows = page.data?.items ?? [];
  useProgressLive(rows.some((r) => isLive(r.taskInventoryStatus)));
  const tasks = useTaskList(undefined, undefined);
  const statuses = useEnumOptions(SubTaskStatusEnum);
  const statusLabel = useEnumLabel(SubTaskStatusEnum);
  const [editing, setEditing] = useState<{ row?: SubTaskRow } | null>(null);
  const [lcc, setLcc] = useState<SubTaskRow | null>(null);
  const [folder, setFolder] = useState<SubTaskRow | null>(null);
  // the drawer shows the row as it is now (figures move while counting)
  const lccRow = lcc ? (rows.find((r) => r.id === lcc.id) ?? lcc) : null;

  const searchFields: FieldConfig[] = [
    {
      name: 'taskId',
      label: t('subTask.task'),
      type: 'select',
      options: (tasks.data ?? []).map((x) => ({ value: x.id, label: `${x.code} · ${x.name}` })),
      placeholder: t('subTask.allTasks'),
    },
    { name: 'status', label: t('subTask.status'), type: 'select', options: statuses },
    {
      name: 'mine',
      label: t('subTask.mine'),
      type: 'select',
      options: [{ value: 1, label: t('subTask.mineOnly') }],
      placeholder: t('subTask.mineAll'),
    },
  ];

  const columns: CrudColumn<SubTaskRow>[] = [
    {
      key: 'code',
      title: t('subTask.code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string, r) => (
        <Typography.Link onClick={() => setLcc(r)} data-testid="subtask-code">
          {v}
        </Typography.Link>
      ),
    },
    { key: 'name', title: t('subTask.name'), dataIndex: 'name', sortField: 'name', ellipsis: true },
    {
      key: 'task',
      title: t('subTask.task'),
      dataIndex: 'taskCode',
      render: (_: unknown, r) => <span title={r.taskName ?? ''}>{r.taskCode}</span>,
    },
    {
      key: 'partition',
      title: t('subTask.partition'),
      dataIndex: 'partitionText',
      ellipsis: true,
      render: (v: string, r) => (
        <span title={v}>
          <Tag>{t(`subTask.kind.${r.partitionKind}`)}</Tag>
          {v}
        </span>
      ),
    },
    {
      key: 'counters',
      title: t('subTask.counters'),
      dataIndex: 'counterNames',
      exportValue: (r) => r.counterNames.join(', '),
      render: (v: string[]) =>
        v.length ? (
          <Space size={[0, 4]} wrap>
            {v.map((n) => (
              <Tag key={n} color="blue">
                {n}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="warning">{t('subTask.unassigned')}</Typography.Text>
        ),
    },
    {
      key: 'status',
      title: t('subTask.status'),
      dataIndex: 'status',
      sortField: 'status',
      exportValue: (r) => statusLabel(r.status),
      render: (v: number) => <EnumTag def={SubTaskStatusEnum} value={v} />,
    },
    {
      key: 'progress',
      title: t('task.progress'),
      dataIndex: 'countedLineCount',
      exportValue: (r) => {
        const p = progressOf(r);
        return `${p.lines} (${p.linePct}%) · ${p.locations}`;
      },
      render: (_: unknown, r) => <ProgressCell p={r} inventoryStatus={r.taskInventoryStatus} />,
    },
    { key: 'startTime', title: t('subTask.startTime'), dataIndex: 'startTime', hiddenByDefault: true },
    { key: 'completeTime', title: t('subTask.completeTime'), dataIndex: 'completeTime' },
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, hiddenByDefault: true },
    {
      key: 'createTime',
      title: t('common.createTime'),
      dataIndex: 'createTime',
      sortField: 'createTime',
      hiddenByDefault: true,
    },
  ];

  return (
    <>
      <CrudPage
        service={{ page: inventoryCheckSubTask.page, add: inventoryCheckSubTask.add }}
        pageKey="inventory.subTask"
        title={t('subTask.title')}
        searchFields={searchFields}
        columns={columns}
        pageState={state}
        query={page}
        quietRefetch
        searchInitialValues={{ taskId: initialTaskId }}
        toFilters={(v) => ({
          taskId: v.taskId as number | undefined,
          status: v.status as Filters['status'],
          mine: v.mine ? true : undefined,
        })}
        header={filters.taskId ? <TaskHeader taskId={filters.taskId} /> : null}
        onAdd={() => setEditing({})}
        rowName={(row) => row.name}
        rowActions={(row) => (
          <SubTaskRowActions
            row={row}
            onEdit={() => setEditing({ row })}
            onLcc={() => setLcc(row)}
            onFolder={() => setFolder(row)}
          />
        )}
        clientExport="count-sub-tasks"
        testId="subtask"
      />
      <SubTaskDialog editing={editing} defaultTaskId={filters.taskId} onClose={() => setEditing(null)} />
      <LccDrawer subTask={lccRow} onClose={() => setLcc(null)} />
      <FolderUploadDialog subTask={folder} onClose={() => setFolder(null)} />
    </>
  );
}
