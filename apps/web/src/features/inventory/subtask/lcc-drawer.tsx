import { CheckOutlined, InboxOutlined, PrinterOutlined, RollbackOutlined, SearchOutlined } from '@ant-design/icons';
import { LocationCountState, LocationCountStateEnum } from '@shelfwise/contract/enums';
import { App, Button, Drawer, Input, Popconfirm, Segmented, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../components/crud';
import { EnumTag, useEnumLabel } from '../../system';
import { ProgressCell } from '../task/task-progress-cell';
import { type LccRow, type SubTaskRow, useLcc, useLccConfirm } from './subtask.api';
import { lccEditable } from './subtask-status';
import { usePrintSheets } from './use-print-sheets';
import '../inventory.texts';

/**
 * The location count checklist (lcc) of a sub-task: every location with its state, filtered by state or code prefix;
 * confirm a location complete or empty, or take a confirmation back; print the count sheets.
 */
export function LccDrawer({ subTask, onClose }: { subTask: SubTaskRow | null; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const { message } = App.useApp();
  const can = useCan();
  const stateLabel = useEnumLabel(LocationCountStateEnum);
  const [state, setState] = useState<number | 'all'>('all');
  const [code, setCode] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 50 });
  const lcc = useLcc(
    subTask
      ? {
          id: subTask.id,
          state: state === 'all' ? undefined : state,
          locationCode: code || undefined,
          ...paging,
          field: 'locationCode',
          order: 'ascending',
        }
      : null,
  );
  const confirm = useLccConfirm();
  const print = usePrintSheets();
  const editable = !!subTask && lccEditable(subTask) && can('inventoryCheckSubTask:lcc');

  const act = async (row: LccRow, to: 1 | 3 | 4) => {
    if (!subTask) return;
    await confirm.mutateAsync({ id: subTask.id, locationId: row.locationId, state: to });
    void message.success(
      to === 1
        ? t('subTask.lcc.undone', { code: row.locationCode })
        : t('subTask.lcc.confirmed', { code: row.locationCode }),
    );
  };
  const busy = (row: LccRow) => confirm.isPending && confirm.variables?.locationId === row.locationId;

  return (
    <Drawer
      open={!!subTask}
      onClose={onClose}
      size={860}
      destroyOnHidden
      title={subTask ? t('subTask.lcc.title', { code: subTask.code, name: subTask.name }) : ''}
      afterOpenChange={(open) => {
        if (!open) {
          setState('all');
          setCode('');
          setPaging({ page: 1, pageSize: 50 });
        }
      }}
      extra={
        subTask && can('inventoryCheckSubTask:printSheet') ? (
          <Button icon={<PrinterOutlined />} loading={print.pending} onClick={() => void print.open(subTask.id)}>
            {t('subTask.printSheets')}
          </Button>
        ) : null
      }
      data-testid="lcc-drawer"
    >
      {subTask ? (
        <div style={{ marginBottom: 16, maxWidth: 420 }}>
          <ProgressCell p={subTask} inventoryStatus={subTask.taskInventoryStatus} />
        </div>
      ) : null}
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Segmented<number | 'all'>
          value={state}
          onChange={(v) => {
            setState(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={[
            { value: 'all', label: t('subTask.lcc.all') },
            ...LocationCountStateEnum.members.map((m) => ({ value: m.value, label: stateLabel(m.value) })),
          ]}
          data-testid="lcc-state-filter"
        />
        <Input.Search
          allowClear
          placeholder={t('subTask.lcc.codeSearch')}
          enterButton={<SearchOutlined />}
          style={{ width: 240 }}
          onSearch={(v) => {
            setCode(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </Space>
      <Table<LccRow>
        rowKey="locationId"
        size="small"
        loading={lcc.isFetching}
        dataSource={lcc.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: lcc.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200],
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            key: 'code',
            title: t('common.locationCode'),
            dataIndex: 'locationCode',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { key: 'area', title: t('subTask.lcc.area'), dataIndex: 'areaCode' },
          {
            key: 'abl',
            title: t('subTask.lcc.position'),
            render: (_: unknown, r) => [r.aisle, r.bay, r.level].map((x) => x ?? '–').join(' / '),
          },
          {
            key: 'state',
            title: t('subTask.lcc.state'),
            dataIndex: 'state',
            render: (v: number) => <EnumTag def={LocationCountStateEnum} value={v} />,
          },
          {
            key: 'lines',
            title: t('subTask.lcc.lines'),
            align: 'right',
            render: (_: unknown, r) => `${r.countedLineCount} / ${r.lineCount}`,
          },
          {
            key: 'by',
            title: t('subTask.lcc.confirmedBy'),
            render: (_: unknown, r) =>
              r.confirmedBy ? (
                <span>
                  {r.confirmedBy}
                  <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
                    {r.confirmedTime}
                  </Typography.Text>
                </span>
              ) : (
                '—'
              ),
          },
          ...(editable
            ? [
                {
                  key: 'actions',
                  title: t('common.actions'),
                  fixed: 'right' as const,
                  render: (_: unknown, r: LccRow) =>
                    r.state === LocationCountState.confirmed || r.state === LocationCountState.confirmedEmpty ? (
                      <Button
                        type="link"
                        size="small"
                        icon={<RollbackOutlined />}
                        loading={busy(r)}
                        onClick={() => void act(r, 1)}
                      >
                        {t('subTask.lcc.undo')}
                      </Button>
                    ) : (
                      <Space size={0}>
                        <Tooltip title={r.countedLineCount < r.lineCount ? t('subTask.lcc.confirmPartial') : undefined}>
                          <Button
                            type="link"
                            size="small"
                            icon={<CheckOutlined />}
                            loading={busy(r)}
                            onClick={() => void act(r, 3)}
                            data-testid="lcc-confirm"
                          >
                            {t('subTask.lcc.confirm')}
                          </Button>
                        </Tooltip>
                        <Popconfirm
                          title={t('subTask.lcc.emptyTitle', { code: r.locationCode })}
                          description={t('subTask.lcc.emptyConfirm')}
                          onConfirm={() => act(r, 4)}
                        >
                          <Button type="link" size="small" icon={<InboxOutlined />} data-testid="lcc-empty">
                            {t('subTask.lcc.confirmEmpty')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
