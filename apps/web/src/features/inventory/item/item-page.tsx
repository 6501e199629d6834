import { EditOutlined, FileSearchOutlined } from '@ant-design/icons';
import { inventoryCheckItem } from '@shelfwise/contract';
import { InventoryStatus, ItemResultEnum, ItemStatusEnum, SubTaskStatusEnum } from '@shelfwise/contract/enums';
import { Alert, Button, Card, Space, Tooltip, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Auth, type CrudColumn, CrudPage, type FieldConfig, usePageParams } from '../../../components/crud';
import { EnumTag, useEnumLabel, useEnumOptions } from '../../system';
import { useSubTaskDetail } from '../subtask/subtask.api';
import { idParam, TaskHeader } from '../subtask/subtask-page';
import { formatDiff, formatQty, isLive } from '../task/progress';
import { useTaskDetail, useTaskList } from '../task/task.api';
import { ProgressCell } from '../task/task-progress-cell';
import { type ItemPageInput, type ItemRow, useAbnormalCauses, useItemPage } from './item.api';
import { ItemCountDialog } from './item-count-dialog';
import { PicturesCell } from './item-pictures';
import { ItemResultDrawer } from './item-result-drawer';
import '../inventory.texts';

type Filters = {
  taskId?: number;
  subTaskId?: number;
  result?: number;
  status?: number;
  counted?: boolean;
  locationCode?: string;
  skuCode?: string;
};

/** Count states a line may be counted by hand in: the task is ready, counting or counted (not yet submitted). */
const COUNTABLE = [InventoryStatus.ready, InventoryStatus.counting, InventoryStatus.counted] as number[];

/** The sub-task an item page is narrowed to. */
function SubTaskHeader({ subTaskId }: { subTaskId: number }) {
  const { t } = useTranslation('inventory');
  const sub = useSubTaskDetail(subTaskId).data;
  if (!sub) return null;
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="subtask-header">
      <Space size={24} wrap>
        <Space>
          <Typography.Text strong>{sub.name}</Typography.Text>
          <Typography.Text type="secondary">{sub.code}</Typography.Text>
          <EnumTag def={SubTaskStatusEnum} value={sub.status} />
        </Space>
        <Typography.Text type="secondary">
          {t('subTask.task')}: {sub.taskCode} · {sub.taskName}
        </Typography.Text>
        <Typography.Text type="secondary">{sub.partitionText}</Typography.Text>
        <div style={{ width: 300 }}>
          <ProgressCell p={sub} inventoryStatus={sub.taskInventoryStatus} />
        </div>
      </Space>
    </Card>
  );
}

/**
 * Count lines (`inventoryCheckItem`) of a task (`?taskId=`) or a sub-task (`?subTaskId=`) with the spec's columns;
 * book quantity, difference and result show '—' when the API keeps them back (blind count). The count dialog, the
 * check-result drawer with the line's history, and the .xlsx export.
 */
export default function ItemPage() {
  const { t } = useTranslation('inventory');
  const location = useLocation();
  const [initial] = useState(() => ({
    taskId: idParam(location.search, 'taskId'),
    subTaskId: idParam(location.search, 'subTaskId'),
  }));
  // the list is fetched once a task is chosen and polled while it is counted; the header follows the filters
  const state = usePageParams<Filters, NonNullable<ItemPageInput['field']>>(initial);
  const { filters } = state;
  const sub = useSubTaskDetail(filters.subTaskId).data;
  const taskId = filters.taskId ?? sub?.taskId;
  const task = useTaskDetail(taskId).data;
  const taskStatus = task?.inventoryStatus ?? sub?.taskInventoryStatus;
  // lines are listed per task: nothing is asked of the server before a task (or sub-task) is chosen
  const chosen = Boolean(filters.taskId || filters.subTaskId);
  const page = useItemPage(state.input, chosen, taskStatus !== undefined && isLive(taskStatus));
  const tasks = useTaskList(undefined, undefined);
  const results = useEnumOptions(ItemResultEnum);
  const statuses = useEnumOptions(ItemStatusEnum);
  const resultLabel = useEnumLabel(ItemResultEnum);
  const statusLabel = useEnumLabel(ItemStatusEnum);
  const causes = useAbnormalCauses();
  const causeLabel = useCallback(
    (v: string | null) => (v ? (causes.data?.find((c) => c.value === v)?.label ?? v) : ''),
    [causes.data],
  );
  const [counting, setCounting] = useState<ItemRow | null>(null);
  const [viewing, setViewing] = useState<ItemRow | null>(null);
  const countable = taskStatus === undefined || COUNTABLE.includes(taskStatus);

  const searchFields: FieldConfig[] = [
    {
      name: 'taskId',
      label: t('subTask.task'),
      type: 'select',
      options: (tasks.data ?? []).map((x) => ({ value: x.id, label: `${x.code} · ${x.name}` })),
      placeholder: t('subTask.allTasks'),
    },
    { name: 'locationCode', label: t('common.locationCode'), placeholder: t('common.prefixHint') },
    { name: 'skuCode', label: t('common.sku') },
    { name: 'result', label: t('item.result'), type: 'select', options: results },
    { name: 'status', label: t('item.status'), type: 'select', options: statuses },
    {
      name: 'counted',
      label: t('item.countedFilter'),
      type: 'select',
      options: [
        { value: 'yes', label: t('item.countedYes') },
        { value: 'no', label: t('item.countedNo') },
      ],
    },
  ];

  const columns: CrudColumn<ItemRow>[] = [
    {
      key: 'locationCode',
      title: t('common.locationCode'),
      dataIndex: 'locationCode',
      sortField: 'locationCode',
      fixed: 'left',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      key: 'sku',
      title: t('common.sku'),
      dataIndex: 'skuCode',
      sortField: 'skuCode',
      exportValue: (r) => r.skuCode,
      render: (_: unknown, r) => (
        <div style={{ lineHeight: 1.3 }}>
          <div>{r.skuCode}</div>
          {r.skuName ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.skuName}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'consignor',
      title: t('common.consignor'),
      dataIndex: 'consignorCode',
      render: (v: string, r) => <span title={r.consignorName ?? ''}>{v}</span>,
    },
    { key: 'lot', title: t('common.lot'), dataIndex: 'lot', hiddenByDefault: true },
    {
      key: 'bookQty',
      title: t('item.bookQty'),
      dataIndex: 'bookQty',
      align: 'right',
      exportValue: (r) => formatQty(r.bookQty),
      render: (v: number | null) => formatQty(v),
    },
    {
      key: 'countedQty',
      title: t('item.countedQty'),
      dataIndex: 'countedQty',
      align: 'right',
      exportValue: (r) => (r.countedQty === null ? '' : r.countedQty),
      render: (v: number | null) =>
        v === null ? (
          <Typography.Text type="secondary">{t('item.notCounted')}</Typography.Text>
        ) : (
          <Typography.Text strong>{formatQty(v)}</Typography.Text>
        ),
    },
    {
      key: 'boxGauge',
      title: t('item.boxGauge'),
      dataIndex: 'boxGauge',
      align: 'right',
      render: (v: number | null) => formatQty(v),
    },
    {
      key: 'cartons',
      title: t('item.cartonsLoose'),
      dataIndex: 'cartons',
      hiddenByDefault: true,
      render: (_: unknown, r) =>
        r.cartons === null ? '—' : t('item.cartonsValue', { cartons: r.cartons, loose: formatQty(r.loose ?? 0) }),
    },
    {
      key: 'diffQty',
      title: t('item.diff'),
      dataIndex: 'diffQty',
      sortField: 'diffQty',
      align: 'right',
      exportValue: (r) => formatDiff(r.diffQty),
      render: (v: number | null) => (
        <Typography.Text type={v === null || v === 0 ? undefined : v > 0 ? 'warning' : 'danger'}>
          {formatDiff(v)}
        </Typography.Text>
      ),
    },
    {
      key: 'diffPct',
      title: t('item.diffPct'),
      dataIndex: 'diffPct',
      align: 'right',
      hiddenByDefault: true,
      render: (v: number | null) => (v === null ? '—' : `${v}%`),
    },
    {
      key: 'result',
      title: t('item.result'),
      dataIndex: 'result',
      sortField: 'result',
      exportValue: (r) => resultLabel(r.result) || '—',
      render: (v: number | null) => (v === null ? '—' : <EnumTag def={ItemResultEnum} value={v} />),
    },
    {
      key: 'status',
      title: t('item.status'),
      dataIndex: 'status',
      hiddenByDefault: true,
      exportValue: (r) => statusLabel(r.status),
      render: (v: number) => <EnumTag def={ItemStatusEnum} value={v} />,
    },
    { key: 'counter', title: t('item.counter'), dataIndex: 'counterName' },
    { key: 'countTime', title: t('item.countTime'), dataIndex: 'countTime', sortField: 'countTime' },
    {
      key: 'abnormalCause',
      title: t('item.abnormalCause'),
      dataIndex: 'abnormalCause',
      exportValue: (r) => causeLabel(r.abnormalCause),
      render: (v: string | null) => causeLabel(v) || '—',
    },
    {
      key: 'pictures',
      title: t('item.picture'),
      dataIndex: 'pictures',
      exportValue: (r) => r.pictures.length,
      render: (_: unknown, r) => <PicturesCell row={r} />,
    },
    {
      key: 'reviewQty',
      title: t('item.reviewQty'),
      dataIndex: 'reviewQty',
      align: 'right',
      render: (v: number | null) => formatQty(v),
    },
    { key: 'reviewerName', title: t('item.reviewerName'), dataIndex: 'reviewerName', hiddenByDefault: true },
    {
      key: 'currentQty',
      title: t('item.currentQty'),
      dataIndex: 'currentQty',
      align: 'right',
      render: (v: number | null) => formatQty(v),
    },
    {
      key: 'currentDiffQty',
      title: t('item.currentDiff'),
      dataIndex: 'currentDiffQty',
      align: 'right',
      exportValue: (r) => formatDiff(r.currentDiffQty),
      render: (v: number | null) => formatDiff(v),
    },
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, hiddenByDefault: true },
  ];

  return (
    <>
      <CrudPage
        service={{ page: inventoryCheckItem.page, export: inventoryCheckItem.export }}
        pageKey="inventory.item"
        title={t('item.title')}
        searchFields={searchFields}
        columns={columns}
        pageState={state}
        query={page}
        quietRefetch
        refreshable={chosen}
        exportBlocked={chosen ? undefined : t('item.chooseTask')}
        searchInitialValues={{ taskId: initial.taskId }}
        toFilters={({ counted, ...v }) => ({
          ...v,
          counted: counted === undefined ? undefined : counted === 'yes',
          // a sub-task stays chosen while the task filter is its task (or none)
          subTaskId: !v.taskId || v.taskId === sub?.taskId ? filters.subTaskId : undefined,
        })}
        header={
          filters.subTaskId ? (
            <SubTaskHeader subTaskId={filters.subTaskId} />
          ) : filters.taskId ? (
            <TaskHeader taskId={filters.taskId} />
          ) : (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('item.chooseTask')}
              data-testid="item-choose-task"
            />
          )
        }
        rowName={(row) => row.locationCode}
        rowActions={(row) => (
          <>
            {countable ? (
              <Auth code="inventoryCheckItem:count">
                <Tooltip title={t('item.count')}>
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('item.count')}
                    onClick={() => setCounting(row)}
                    data-testid="item-count"
                  />
                </Tooltip>
              </Auth>
            ) : null}
            <Tooltip title={t('item.checkResult')}>
              <Button
                type="link"
                size="small"
                icon={<FileSearchOutlined />}
                aria-label={t('item.checkResult')}
                onClick={() => setViewing(row)}
                data-testid="item-result"
              />
            </Tooltip>
          </>
        )}
        files={{ export: 'count-items' }}
        tableProps={chosen ? undefined : { locale: { emptyText: t('item.chooseTask') } }}
        testId="item"
      />
      <ItemCountDialog item={counting} onClose={() => setCounting(null)} />
      <ItemResultDrawer item={viewing} causeLabel={causeLabel} onClose={() => setViewing(null)} />
    </>
  );
}
