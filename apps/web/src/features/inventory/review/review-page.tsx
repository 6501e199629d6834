import {
  EditOutlined,
  EyeInvisibleOutlined,
  FileSearchOutlined,
  PlusOutlined,
  StopOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { inventoryReviewTask } from '@shelfwise/contract';
import { ReviewTaskStatus, ReviewTaskStatusEnum } from '@shelfwise/contract/enums';
import { Button, Checkbox, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Auth, type CrudColumn, CrudPage, type FieldConfig, useCan } from '../../../components/crud';
import { useUserInfo } from '../../auth/session.api';
import { EnumTag, useEnumLabel, useEnumOptions } from '../../system';
import { useTaskOptions } from '../audit/audit.api';
import '../audit/audit.texts';
import type { ReviewRow } from './review.api';
import { AssignReviewDialog, CancelReviewDialog, CreateReviewDialog } from './review-dialogs';
import { ReviewDrawer } from './review-drawer';
import { reviewProgress } from './review-form';

type Dialog = { kind: 'assign' | 'cancel'; row: ReviewRow } | { kind: 'create' } | null;

const isOpen = (r: ReviewRow) => r.status === ReviewTaskStatus.pending || r.status === ReviewTaskStatus.inProgress;

/**
 * Review (recheck) tasks (`inventoryReviewTask`): the list (mine, status, task), creation, assignment, cancellation,
 * and the review drawer where the assignee enters the review quantities and completes the task.
 */
export default function ReviewPage() {
  const { t } = useTranslation('audit');
  const can = useCan();
  const me = useUserInfo().data;
  const [query, setQuery] = useSearchParams();
  const tasks = useTaskOptions(can('inventoryCheckTask:list'));
  const statuses = useEnumOptions(ReviewTaskStatusEnum);
  const statusLabel = useEnumLabel(ReviewTaskStatusEnum);
  const [opened, setOpened] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  // a link from the audit centre opens one review task (`?reviewId=`)
  const linked = Number(query.get('reviewId'));
  useEffect(() => {
    if (linked > 0) {
      setOpened(linked);
      setQuery((q) => {
        q.delete('reviewId');
        return q;
      });
    }
  }, [linked, setQuery]);

  const searchFields: FieldConfig[] = [
    {
      name: 'mine',
      label: t('review.mine'),
      render: () => <MineCheckbox label={t('review.mineOnly')} />,
    },
    { name: 'status', label: t('review.status'), type: 'select', options: statuses },
    {
      name: 'taskId',
      label: t('review.task'),
      type: 'select',
      placeholder: t('review.allTasks'),
      options: (tasks.data ?? []).map((x) => ({ value: x.id, label: `${x.code} · ${x.name}` })),
    },
  ];

  const today = dayjs().format('YYYY-MM-DD');
  const columns: CrudColumn<ReviewRow>[] = [
    {
      key: 'code',
      title: t('review.code'),
      dataIndex: 'code',
      sortField: 'code',
      fixed: 'left',
      render: (v: string, r) => (
        <Space size={4}>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpened(r.id)}>
            {v}
          </Button>
          {r.blind ? (
            <Tooltip title={t('review.blind')}>
              <EyeInvisibleOutlined style={{ color: 'var(--ant-color-text-tertiary)' }} />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'task',
      title: t('review.task'),
      dataIndex: 'taskCode',
      exportValue: (r) => `${r.taskCode ?? ''} ${r.taskName ?? ''}`.trim(),
      render: (v: string | null, r) => (
        <div style={{ maxWidth: 220 }}>
          <div>{v ?? '–'}</div>
          {r.taskName ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.taskName }}>
              {r.taskName}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'source',
      title: t('review.source'),
      dataIndex: 'source',
      exportValue: (r) => (r.source === 'auto' ? t('review.sourceAuto') : t('review.sourceAuditor')),
      render: (v: ReviewRow['source']) =>
        v === 'auto' ? (
          <Tag color="cyan">{t('review.sourceAuto')}</Tag>
        ) : (
          <Tag color="geekblue">{t('review.sourceAuditor')}</Tag>
        ),
    },
    {
      key: 'assignee',
      title: t('common.assignee'),
      dataIndex: 'assigneeName',
      render: (v: string | null, r) =>
        v ? (
          <Space size={4}>
            {v}
            {me && r.assigneeId === me.id ? <Tag color="blue">{t('review.mine')}</Tag> : null}
          </Space>
        ) : (
          <Typography.Text type="secondary">–</Typography.Text>
        ),
    },
    {
      key: 'deadline',
      title: t('common.deadline'),
      dataIndex: 'deadline',
      sortField: 'deadline',
      render: (v: string | null, r) =>
        v ? (
          <Space size={4}>
            {v}
            {isOpen(r) && v < today ? <Tag color="error">{t('review.overdue')}</Tag> : null}
          </Space>
        ) : (
          '–'
        ),
    },
    {
      key: 'status',
      title: t('review.status'),
      dataIndex: 'status',
      sortField: 'status',
      exportValue: (r) => statusLabel(r.status),
      render: (v: number) => <EnumTag def={ReviewTaskStatusEnum} value={v} />,
    },
    {
      key: 'progress',
      title: t('review.progress'),
      dataIndex: 'reviewedCount',
      exportValue: (r) => `${r.reviewedCount}/${r.itemCount}`,
      render: (_: unknown, r) => (
        <Progress
          percent={reviewProgress(r.reviewedCount, r.itemCount)}
          size="small"
          status={r.status === ReviewTaskStatus.completed ? 'success' : 'normal'}
          format={() => t('review.progressText', { reviewed: r.reviewedCount, total: r.itemCount })}
          style={{ width: 140, margin: 0 }}
        />
      ),
    },
    { key: 'createTime', title: t('review.createTime'), dataIndex: 'createTime', sortField: 'createTime' },
    { key: 'completeTime', title: t('review.completeTime'), dataIndex: 'completeTime', hiddenByDefault: true },
    { key: 'reason', title: t('review.reason'), dataIndex: 'reason', ellipsis: true, hiddenByDefault: true },
    {
      key: 'actions',
      title: '',
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={isOpen(r) && me && r.assigneeId === me.id ? <EditOutlined /> : <FileSearchOutlined />}
            onClick={() => setOpened(r.id)}
            data-testid="review-open"
          >
            {isOpen(r) && me && r.assigneeId === me.id ? t('review.review') : t('review.viewLines')}
          </Button>
          {isOpen(r) ? (
            <Auth code="inventoryReviewTask:assign">
              <Tooltip title={t('review.assign')}>
                <Button
                  type="link"
                  size="small"
                  icon={<UserSwitchOutlined />}
                  onClick={() => setDialog({ kind: 'assign', row: r })}
                  aria-label={t('review.assign')}
                  data-testid="review-assign"
                />
              </Tooltip>
            </Auth>
          ) : null}
          {isOpen(r) ? (
            <Auth code="inventoryReviewTask:cancel">
              <Tooltip title={t('review.cancel')}>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<StopOutlined />}
                  onClick={() => setDialog({ kind: 'cancel', row: r })}
                  aria-label={t('review.cancel')}
                  data-testid="review-cancel"
                />
              </Tooltip>
            </Auth>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <CrudPage
        // the list is exported as the table shows it (CSV)
        service={{ page: inventoryReviewTask.page }}
        pageKey="inventory.review"
        title={t('review.title')}
        searchFields={searchFields}
        columns={columns}
        rowName={(r) => r.code}
        clientExport="review-tasks"
        toolbarExtra={
          <Auth code="inventoryReviewTask:create">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ kind: 'create' })}
              data-testid="review-create"
            >
              {t('review.create')}
            </Button>
          </Auth>
        }
        testId="review"
      />
      <ReviewDrawer reviewId={opened} onClose={() => setOpened(null)} />
      {dialog?.kind === 'create' ? (
        <CreateReviewDialog
          onClose={() => setDialog(null)}
          onCreated={(id) => {
            setDialog(null);
            setOpened(id);
          }}
        />
      ) : null}
      {dialog?.kind === 'assign' ? <AssignReviewDialog row={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'cancel' ? <CancelReviewDialog row={dialog.row} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/** The `mine` filter as a checkbox (form items pass value / onChange). */
function MineCheckbox({
  value,
  onChange,
  label,
}: {
  value?: boolean;
  onChange?: (v: boolean | undefined) => void;
  label: string;
}) {
  return (
    <Checkbox checked={!!value} onChange={(e) => onChange?.(e.target.checked || undefined)}>
      {label}
    </Checkbox>
  );
}
