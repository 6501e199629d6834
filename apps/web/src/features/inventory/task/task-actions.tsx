import {
  CloseCircleOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  ExclamationCircleFilled,
  PartitionOutlined,
  PlayCircleOutlined,
  SendOutlined,
  ThunderboltOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { InventoryStatus } from '@shelfwise/contract/enums';
import { App, Button, Dropdown, Form, Input, type MenuProps, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../components/crud';
import { progressOf } from './progress';
import { type TaskRow, useDeleteTask, useTaskTransitions } from './task.api';
import { taskActionsFor } from './task-status';
import '../inventory.texts';
import { RevalidateOnLanguage } from '../../../lib/i18n/revalidate';

/** Opens a 3D link: inside the app for a path, in a new window for a full URL. */
export function useOpenLink() {
  const navigate = useNavigate();
  return (link: string) => {
    if (link.startsWith('/') && !link.startsWith('//')) navigate(link);
    else window.open(link, '_blank', 'noopener,noreferrer');
  };
}

/**
 * The actions of a task row: the next step of its status as a link (generate items, start, submit), and the others
 * in a menu (edit, sub-tasks, items, cancel with a reason, delete). Submission asks first and says it is irreversible.
 */
export function TaskRowActions({ row, onEdit }: { row: TaskRow; onEdit: () => void }) {
  const { t } = useTranslation('inventory');
  const { t: tc } = useTranslation('crud');
  const { modal, message } = App.useApp();
  const can = useCan();
  const navigate = useNavigate();
  const flow = useTaskTransitions();
  const remove = useDeleteTask();
  const allowed = taskActionsFor(row.inventoryStatus);
  const v = { id: row.id, version: row.version };

  const generate = () =>
    modal.confirm({
      title: row.inventoryStatus === InventoryStatus.ready ? t('task.regenerateTitle') : t('task.generateTitle'),
      content: t('task.generateConfirm', { code: row.code, snapshot: row.snapshotTitle ?? '' }),
      okText: t('task.generate'),
      cancelText: tc('cancel'),
      onOk: async () => {
        const r = await flow.generate.mutateAsync(v);
        void message.success(t('task.generated', { lines: r.lineCount, locations: r.locationCount }));
      },
    });
  const start = () =>
    modal.confirm({
      title: t('task.startTitle'),
      content: t('task.startConfirm', { code: row.code }),
      okText: t('task.start'),
      cancelText: tc('cancel'),
      onOk: async () => {
        await flow.start.mutateAsync(v);
        void message.success(t('task.started'));
      },
    });
  const submit = () => {
    const p = progressOf(row);
    modal.confirm({
      title: t('task.submitTitle', { code: row.code }),
      icon: <ExclamationCircleFilled />,
      width: 520,
      content: (
        <div data-testid="task-submit-confirm">
          <Typography.Paragraph strong type="danger" style={{ marginBottom: 8 }}>
            {t('task.submitIrreversible')}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            {t('task.submitFigures', { lines: p.lines, locations: p.locations })}
          </Typography.Paragraph>
          {row.countedLineCount < row.lineCount ? (
            <Typography.Paragraph type="warning" style={{ marginBottom: 0 }}>
              {row.uncountedRule === 2 ? t('task.submitUncountedZero') : t('task.submitUncountedBlock')}
            </Typography.Paragraph>
          ) : null}
        </div>
      ),
      okText: t('task.submitOk'),
      okButtonProps: { danger: true },
      cancelText: tc('cancel'),
      onOk: async () => {
        const r = await flow.submit.mutateAsync(v);
        void message.success(
          r.reviewTaskIds.length ? t('task.submittedReview', { count: r.reviewTaskIds.length }) : t('task.submitted'),
        );
      },
    });
  };
  const cancel = () => {
    let reason = '';
    modal.confirm({
      title: t('task.cancelTitle', { code: row.code }),
      icon: <ExclamationCircleFilled />,
      content: (
        <Form layout="vertical" style={{ marginTop: 12 }}>
          <RevalidateOnLanguage />
          <Typography.Paragraph type="secondary">{t('task.cancelHint')}</Typography.Paragraph>
          <Form.Item label={t('task.cancelReason')} required style={{ marginBottom: 0 }}>
            <Input.TextArea
              rows={3}
              maxLength={512}
              showCount
              autoFocus
              onChange={(e) => {
                reason = e.target.value;
              }}
              data-testid="task-cancel-reason"
            />
          </Form.Item>
        </Form>
      ),
      okText: t('task.cancelOk'),
      okButtonProps: { danger: true },
      cancelText: tc('cancel'),
      onOk: async () => {
        if (!reason.trim()) {
          void message.error(t('task.cancelReasonRequired'));
          throw new Error('reason required');
        }
        await flow.cancel.mutateAsync({ ...v, reason: reason.trim() });
        void message.success(t('task.cancelled'));
      },
    });
  };
  const del = () =>
    modal.confirm({
      title: tc('deleteTitle'),
      content: t('task.deleteConfirm', { code: row.code }),
      okText: tc('delete'),
      okButtonProps: { danger: true },
      cancelText: tc('cancel'),
      onOk: async () => {
        await remove.mutateAsync(row.id);
        void message.success(tc('deleted'));
      },
    });

  const primary =
    allowed.generate && row.inventoryStatus === InventoryStatus.draft && can('inventoryCheckTask:generateItems')
      ? { key: 'generate', icon: <ThunderboltOutlined />, label: t('task.generate'), onClick: generate }
      : allowed.start && can('inventoryCheckTask:start')
        ? { key: 'start', icon: <PlayCircleOutlined />, label: t('task.start'), onClick: start }
        : allowed.submit && can('inventoryCheckTask:submit')
          ? { key: 'submit', icon: <SendOutlined />, label: t('task.submit'), onClick: submit }
          : null;

  const menu: NonNullable<MenuProps['items']> = [];
  const add = (ok: boolean, item: NonNullable<MenuProps['items']>[number]) => {
    if (ok) menu.push(item);
  };
  add(allowed.edit && can('inventoryCheckTask:update'), {
    key: 'edit',
    icon: <EditOutlined />,
    label: tc('edit'),
    onClick: onEdit,
  });
  add(allowed.subTasks && can('inventoryCheckSubTask:page'), {
    key: 'subTasks',
    icon: <PartitionOutlined />,
    label: t('task.openSubTasks'),
    onClick: () => navigate(`/inventory/subtask?taskId=${row.id}`),
  });
  add(allowed.items && can('inventoryCheckItem:page'), {
    key: 'items',
    icon: <UnorderedListOutlined />,
    label: t('task.openItems'),
    onClick: () => navigate(`/inventory/item?taskId=${row.id}`),
  });
  add(allowed.generate && row.inventoryStatus === InventoryStatus.ready && can('inventoryCheckTask:generateItems'), {
    key: 'regenerate',
    icon: <ThunderboltOutlined />,
    label: t('task.regenerate'),
    onClick: generate,
  });
  if (menu.length && (allowed.cancel || allowed.delete)) menu.push({ type: 'divider' });
  add(allowed.cancel && can('inventoryCheckTask:cancel'), {
    key: 'cancel',
    icon: <CloseCircleOutlined />,
    label: t('task.cancel'),
    danger: true,
    onClick: cancel,
  });
  add(allowed.delete && can('inventoryCheckTask:delete'), {
    key: 'delete',
    icon: <DeleteOutlined />,
    label: tc('delete'),
    danger: true,
    onClick: del,
  });
  while (menu.length && (menu[menu.length - 1] as { type?: string }).type === 'divider') menu.pop();

  return (
    <Space size={0}>
      {primary ? (
        <Button
          type="link"
          size="small"
          icon={primary.icon}
          onClick={primary.onClick}
          data-testid={`task-${primary.key}`}
        >
          {primary.label}
        </Button>
      ) : null}
      {menu.length ? (
        <Dropdown trigger={['click']} menu={{ items: menu }}>
          <Button type="link" size="small" data-testid="task-more">
            {t('common.more')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
    </Space>
  );
}
