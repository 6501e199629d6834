import { ItemResultEnum, ItemStatusEnum } from '@shelfwise/contract/enums';
import type { FormInstance } from 'antd';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { EnumTag } from '../../system';
import { PersonPicker } from '../people';
import {
  type AuditDetail,
  type CandidateLine,
  type TaskDetail,
  useApproveAudit,
  useRecountCandidates,
  useRejectClose,
  useRejectRecount,
} from './audit.api';
import { SignedQty } from './audit-cells';
import { defaultRecountSelection, formatQty, outsideTolerance } from './audit-figures';
import './audit.texts';
import { RevalidateOnLanguage } from '../../../lib/i18n/revalidate';

/** Which decision dialog is open. */
export type DecisionKind = 'approve' | 'recount' | 'close';

interface DecisionProps {
  detail: AuditDetail;
  task: TaskDetail;
  onClose: () => void;
  /** After a 409 the drawer reloads the task and the figures. */
  onStale: () => void;
}

/** The server's refusal (e.g. "you counted lines of this task"), shown inside the dialog. */
function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation('audit');
  if (!error) return null;
  const message = error instanceof ApiError ? error.message : t('common.unknownError');
  return (
    <Alert
      type="error"
      showIcon
      title={t('common.refused')}
      description={message}
      style={{ marginBottom: 16 }}
      data-testid="audit-refusal"
    />
  );
}

/** Sets the server's field errors on the form; answers whether any was set. */
function applyFieldErrors<T>(form: FormInstance<T>, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.fieldErrors) return false;
  const fields = Object.entries(error.fieldErrors).map(([name, errors]) => ({ name, errors }));
  form.setFields(fields as Parameters<FormInstance<T>['setFields']>[0]);
  return fields.length > 0;
}

function useStaleHandler(onStale: () => void) {
  const { t } = useTranslation('audit');
  const { message } = App.useApp();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 409 && error.errorCode === 'staleVersion') {
      void message.warning(t('common.stale'));
      onStale();
    }
  };
}

/** Approve: an optional reason. */
export function ApproveDialog({ detail, task, onClose, onStale }: DecisionProps) {
  const { t } = useTranslation('audit');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const approve = useApproveAudit();
  const stale = useStaleHandler(onStale);
  const submit = async () => {
    const { reason } = await form.validateFields();
    try {
      await approve.mutateAsync({ id: detail.id, version: task.version, reason: reason?.trim() || undefined });
      void message.success(t('decision.approved'));
      onClose();
    } catch (e) {
      applyFieldErrors(form, e);
      stale(e);
    }
  };
  return (
    <Modal
      open
      title={t('decision.approveTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('detail.approve')}
      confirmLoading={approve.isPending}
      destroyOnHidden
      data-testid="audit-approve-dialog"
    >
      <Refusal error={approve.error} />
      <Typography.Paragraph type="secondary">{t('decision.approveText')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="auditApprove">
        <RevalidateOnLanguage />
        <Form.Item name="reason" label={t('common.reason')} rules={[{ max: 512 }]}>
          <Input.TextArea rows={3} maxLength={512} showCount placeholder={t('decision.approveReasonHint')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Reject and close: a reason, then a confirmation (it cannot be undone). */
export function CloseDialog({ detail, task, onClose, onStale }: DecisionProps) {
  const { t } = useTranslation('audit');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const close = useRejectClose();
  const stale = useStaleHandler(onStale);
  const submit = async () => {
    const { reason } = await form.validateFields();
    const confirmed = await modal.confirm({
      title: t('decision.closeConfirmTitle'),
      content: t('decision.closeConfirm', { code: detail.code }),
      okText: t('decision.closeOk'),
      okButtonProps: { danger: true },
    });
    if (!confirmed) return;
    try {
      await close.mutateAsync({ id: detail.id, version: task.version, reason: reason.trim() });
      void message.success(t('decision.closed'));
      onClose();
    } catch (e) {
      applyFieldErrors(form, e);
      stale(e);
    }
  };
  return (
    <Modal
      open
      title={t('decision.closeTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('decision.closeOk')}
      okButtonProps={{ danger: true }}
      confirmLoading={close.isPending}
      destroyOnHidden
      data-testid="audit-close-dialog"
    >
      <Refusal error={close.error} />
      <Alert type="warning" showIcon title={t('decision.closeText')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" name="auditClose">
        <RevalidateOnLanguage />
        <Form.Item
          name="reason"
          label={t('common.reason')}
          rules={[{ required: true, whitespace: true, message: t('decision.reasonRequired') }, { max: 512 }]}
        >
          <Input.TextArea rows={3} maxLength={512} showCount placeholder={t('decision.reasonHint')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type RecountValues = { reason: string; assigneeId?: number | null; deadline?: Dayjs | null };

/**
 * Reject with recount: a reason, the lines (preselected: outside the tolerance or escalated), an assignee and a
 * deadline; the server raises a review task.
 */
export function RecountDialog({
  detail,
  task,
  onClose,
  onStale,
  onCreated,
}: DecisionProps & { onCreated?: (reviewTaskId: number) => void }) {
  const { t } = useTranslation('audit');
  const { message } = App.useApp();
  const [form] = Form.useForm<RecountValues>();
  const recount = useRejectRecount();
  const stale = useStaleHandler(onStale);
  const candidates = useRecountCandidates(detail.id, true);
  const tolerance = useMemo(
    () => ({ toleranceQty: task.toleranceQty, tolerancePct: task.tolerancePct }),
    [task.toleranceQty, task.tolerancePct],
  );
  const lines = candidates.data ?? [];
  const defaults = useMemo(
    () => defaultRecountSelection(candidates.data ?? [], tolerance),
    [candidates.data, tolerance],
  );
  const [selected, setSelected] = useState<number[] | null>(null);
  useEffect(() => {
    if (candidates.data && selected === null) setSelected(defaults);
  }, [candidates.data, defaults, selected]);
  const chosen = selected ?? [];
  const bookHidden = lines.length > 0 && lines.every((l) => l.bookQty === null);
  const [linesError, setLinesError] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    if (lines.length > 0 && chosen.length === 0 && !bookHidden) {
      setLinesError(true);
      return;
    }
    try {
      const res = await recount.mutateAsync({
        id: detail.id,
        version: task.version,
        reason: values.reason.trim(),
        itemIds: chosen.length ? chosen : undefined,
        assigneeId: values.assigneeId ?? undefined,
        deadline: values.deadline ? values.deadline.format('YYYY-MM-DD') : undefined,
      });
      void message.success(t('decision.recountCreated', { code: res.reviewTaskCode }));
      onCreated?.(res.reviewTaskId);
      onClose();
    } catch (e) {
      applyFieldErrors(form, e);
      stale(e);
    }
  };

  const columns: ColumnsType<CandidateLine> = [
    {
      key: 'location',
      title: t('common.location'),
      dataIndex: 'locationCode',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      key: 'sku',
      title: t('common.sku'),
      dataIndex: 'skuCode',
      render: (v: string, r) => (
        <Typography.Text ellipsis={{ tooltip: r.skuName }} style={{ maxWidth: 180 }}>
          {v} {r.skuName ? <Typography.Text type="secondary">{r.skuName}</Typography.Text> : null}
        </Typography.Text>
      ),
    },
    { key: 'consignor', title: t('common.consignor'), dataIndex: 'consignorCode' },
    {
      key: 'book',
      title: t('common.book'),
      dataIndex: 'bookQty',
      align: 'right',
      render: (v: number | null) => (v === null ? t('common.hidden') : formatQty(v)),
    },
    {
      key: 'counted',
      title: t('common.counted'),
      dataIndex: 'countedQty',
      align: 'right',
      render: (v: number | null) => formatQty(v),
    },
    {
      key: 'diff',
      title: t('common.difference'),
      dataIndex: 'diffQty',
      align: 'right',
      render: (v: number | null) => <SignedQty value={v} />,
    },
    {
      key: 'result',
      title: t('common.result'),
      dataIndex: 'result',
      render: (v: number | null) => <EnumTag def={ItemResultEnum} value={v} />,
    },
    {
      key: 'status',
      title: t('common.status'),
      dataIndex: 'status',
      render: (v: number) => <EnumTag def={ItemStatusEnum} value={v} />,
    },
    {
      key: 'tolerance',
      title: t('detail.tolerance'),
      render: (_: unknown, r) =>
        outsideTolerance(r, tolerance) ? (
          <Tag color="error">{t('decision.outside')}</Tag>
        ) : (
          <Tag>{t('decision.within')}</Tag>
        ),
    },
  ];

  return (
    <Modal
      open
      width={1080}
      title={t('decision.recountTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('detail.rejectRecount')}
      confirmLoading={recount.isPending}
      destroyOnHidden
      data-testid="audit-recount-dialog"
    >
      <Refusal error={recount.error} />
      <Typography.Paragraph type="secondary">{t('decision.recountText')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="auditRecount">
        <RevalidateOnLanguage />
        <Form.Item
          name="reason"
          label={t('common.reason')}
          rules={[{ required: true, whitespace: true, message: t('decision.reasonRequired') }, { max: 512 }]}
        >
          <Input.TextArea rows={2} maxLength={512} showCount placeholder={t('decision.reasonHint')} />
        </Form.Item>
        <Space size={16} wrap style={{ width: '100%' }} styles={{ item: { minWidth: 280, flex: 1 } }}>
          <Form.Item name="assigneeId" label={t('common.assignee')} extra={t('decision.recountAssigneeHint')}>
            <PersonPicker kind="reviewer" review={{ taskId: detail.id, itemIds: chosen }} />
          </Form.Item>
          <Form.Item
            name="deadline"
            label={t('common.deadline')}
            rules={[
              {
                validator: (_, v: Dayjs | null | undefined) =>
                  v?.isBefore(dayjs(), 'day')
                    ? Promise.reject(new Error(t('decision.deadlinePast')))
                    : Promise.resolve(),
              },
            ]}
          >
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
        </Space>
        <Form.Item
          label={t('decision.recountLines')}
          required
          validateStatus={linesError && chosen.length === 0 ? 'error' : undefined}
          help={linesError && chosen.length === 0 ? t('review.linesRequired') : undefined}
        >
          <Space style={{ marginBottom: 8 }} wrap>
            <Typography.Text data-testid="audit-recount-count">
              {t('decision.recountSelected', { count: chosen.length, total: lines.length })}
            </Typography.Text>
            <Button size="small" onClick={() => setSelected(defaults)} disabled={!lines.length}>
              {t('decision.selectOutside')}
            </Button>
            <Button size="small" onClick={() => setSelected(lines.map((l) => l.id))} disabled={!lines.length}>
              {t('decision.selectAll')}
            </Button>
            <Button size="small" onClick={() => setSelected([])} disabled={!chosen.length}>
              {t('decision.selectNone')}
            </Button>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8, fontSize: 12 }}>
            {bookHidden ? t('decision.recountServerDefault') : t('decision.recountDefault')}
          </Typography.Paragraph>
          <Table<CandidateLine>
            rowKey="id"
            size="small"
            loading={candidates.isFetching}
            columns={columns}
            dataSource={lines}
            locale={{ emptyText: t('decision.recountNoLines') }}
            rowSelection={{
              selectedRowKeys: chosen,
              onChange: (keys) => {
                setSelected(keys.map(Number));
                setLinesError(false);
              },
            }}
            pagination={lines.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            data-testid="audit-recount-lines"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
