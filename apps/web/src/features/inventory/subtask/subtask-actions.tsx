import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  FolderOpenOutlined,
  OrderedListOutlined,
  PrinterOutlined,
  RedoOutlined,
  UnorderedListOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { App, Button, Dropdown, Form, Input, type MenuProps, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../components/crud';
import { ApiError } from '../../../lib/api/client';
import { CounterSelect } from './counter-select';
import { type SubTaskRow, useSubTaskActions } from './subtask.api';
import { subTaskActionsFor } from './subtask-status';
import { usePrintSheets } from './use-print-sheets';
import '../inventory.texts';
import { RevalidateOnLanguage } from '../../../lib/i18n/revalidate';

/** The actions of a sub-task row: the checklist as a link, the rest in a menu. */
export function SubTaskRowActions({
  row,
  onEdit,
  onLcc,
  onFolder,
}: {
  row: SubTaskRow;
  onEdit: () => void;
  onLcc: () => void;
  onFolder: () => void;
}) {
  const { t } = useTranslation('inventory');
  const { t: tc } = useTranslation('crud');
  const { modal, message } = App.useApp();
  const can = useCan();
  const navigate = useNavigate();
  const actions = useSubTaskActions();
  const print = usePrintSheets();
  const [assigning, setAssigning] = useState(false);
  const [reopening, setReopening] = useState(false);
  const allowed = subTaskActionsFor(row);
  const v = { id: row.id, version: row.version };

  const complete = () =>
    modal.confirm({
      title: t('subTask.completeTitle', { code: row.code }),
      content:
        row.confirmedLocationCount < row.locationCount
          ? t('subTask.completeOpen', { open: row.locationCount - row.confirmedLocationCount })
          : t('subTask.completeConfirm'),
      okText: t('subTask.complete'),
      cancelText: tc('cancel'),
      onOk: async () => {
        await actions.complete.mutateAsync(v);
        void message.success(t('subTask.completed'));
      },
    });
  const del = () =>
    modal.confirm({
      title: tc('deleteTitle'),
      content: t('subTask.deleteConfirm', { code: row.code }),
      okText: tc('delete'),
      okButtonProps: { danger: true },
      cancelText: tc('cancel'),
      onOk: async () => {
        await actions.remove.mutateAsync(row.id);
        void message.success(tc('deleted'));
      },
    });

  const menu: NonNullable<MenuProps['items']> = [];
  const add = (ok: boolean, item: NonNullable<MenuProps['items']>[number]) => {
    if (ok) menu.push(item);
  };
  add(allowed.edit && can('inventoryCheckSubTask:update'), {
    key: 'edit',
    icon: <EditOutlined />,
    label: tc('edit'),
    onClick: onEdit,
  });
  add(allowed.assign && can('inventoryCheckSubTask:assign'), {
    key: 'assign',
    icon: <UserAddOutlined />,
    label: t('subTask.assign'),
    onClick: () => setAssigning(true),
  });
  add(allowed.complete && can('inventoryCheckSubTask:complete'), {
    key: 'complete',
    icon: <CheckCircleOutlined />,
    label: t('subTask.complete'),
    onClick: complete,
  });
  add(allowed.reopen && can('inventoryCheckSubTask:reopen'), {
    key: 'reopen',
    icon: <RedoOutlined />,
    label: t('subTask.reopen'),
    onClick: () => setReopening(true),
  });
  add(can('inventoryCheckSubTask:printSheet'), {
    key: 'print',
    icon: <PrinterOutlined />,
    label: t('subTask.printSheets'),
    onClick: () => void print.open(row.id, row.code),
  });
  add(allowed.folderUpload && can('inventoryCheckSubTask:folderUpload'), {
    key: 'folder',
    icon: <FolderOpenOutlined />,
    label: t('subTask.folderUpload'),
    onClick: onFolder,
  });
  add(can('inventoryCheckItem:page'), {
    key: 'items',
    icon: <UnorderedListOutlined />,
    label: t('subTask.openItems'),
    onClick: () => navigate(`/inventory/item?subTaskId=${row.id}`),
  });
  if (allowed.delete && can('inventoryCheckSubTask:delete')) {
    menu.push({ type: 'divider' });
    menu.push({ key: 'delete', icon: <DeleteOutlined />, label: tc('delete'), danger: true, onClick: del });
  }

  return (
    <>
      <Space size={0}>
        {can('inventoryCheckSubTask:lcc') ? (
          <Button type="link" size="small" icon={<OrderedListOutlined />} onClick={onLcc} data-testid="subtask-lcc">
            {t('subTask.lccButton')}
          </Button>
        ) : null}
        {menu.length ? (
          <Dropdown trigger={['click']} menu={{ items: menu }}>
            <Button type="link" size="small" data-testid="subtask-more">
              {t('common.more')} <DownOutlined />
            </Button>
          </Dropdown>
        ) : null}
      </Space>
      {assigning ? <AssignDialog row={row} onClose={() => setAssigning(false)} /> : null}
      {reopening ? <ReopenDialog row={row} onClose={() => setReopening(false)} /> : null}
    </>
  );
}

/** Chooses the counters of a sub-task. */
function AssignDialog({ row, onClose }: { row: SubTaskRow; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const { assign } = useSubTaskActions();
  const [form] = Form.useForm<{ counterIds: number[] }>();
  const known = row.counterIds.map((id, i) => ({ id, name: row.counterNames[i] ?? `#${id}` }));
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await assign.mutateAsync({ id: row.id, version: row.version, counterIds: v.counterIds });
      void message.success(t('subTask.assigned'));
      onClose();
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : tc('saveFailed'));
    }
  };
  return (
    <Modal
      open
      title={t('subTask.assignTitle', { code: row.code })}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: assign.isPending }}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      data-testid="subtask-assign-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ counterIds: row.counterIds }} name="subTaskAssign">
        <RevalidateOnLanguage />
        <Form.Item
          name="counterIds"
          label={t('subTask.counters')}
          extra={t('subTask.countersHelp')}
          rules={[{ required: true, type: 'array', min: 1, message: t('subTask.countersRequired') }]}
        >
          <CounterSelect known={known} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Reopens a completed sub-task with a reason (its task goes back to counting). */
function ReopenDialog({ row, onClose }: { row: SubTaskRow; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const { reopen } = useSubTaskActions();
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const v = await form.validateFields();
    await reopen.mutateAsync({ id: row.id, version: row.version, reason: v.reason.trim() });
    void message.success(t('subTask.reopened'));
    onClose();
  };
  return (
    <Modal
      open
      title={t('subTask.reopenTitle', { code: row.code })}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: reopen.isPending }}
      okText={t('subTask.reopen')}
      cancelText={tc('cancel')}
      data-testid="subtask-reopen-dialog"
    >
      <Form form={form} layout="vertical" name="subTaskReopen">
        <RevalidateOnLanguage />
        <Form.Item
          name="reason"
          label={t('subTask.reopenReason')}
          extra={t('subTask.reopenHint')}
          rules={[{ required: true, whitespace: true, message: t('subTask.reopenReasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={512} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
