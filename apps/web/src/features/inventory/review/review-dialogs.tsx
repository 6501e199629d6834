import { InventoryStatus, ItemResultEnum, ItemStatusEnum } from '@shelfwise/contract/enums';
import { routes as api } from '@shelfwise/contract/routes';
import type { FormInstance } from 'antd';
import { Alert, App, DatePicker, Form, Input, Modal, Select, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../lib/api/client';
import { EnumTag } from '../../system';
import { type CandidateLine, useRecountCandidates, useTaskOptions } from '../audit/audit.api';
import { SignedQty } from '../audit/audit-cells';
import { defaultRecountSelection, formatQty } from '../audit/audit-figures';
import { PersonPicker } from '../people';
import '../audit/audit.texts';
import { RevalidateOnLanguage } from '../../../lib/i18n/revalidate';
import { type ReviewRow, useAssignReview, useCancelReview, useCreateReview } from './review.api';

/** The server's refusal inside a dialog (e.g. the assignee counted some of these lines). */
function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation('audit');
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={t('common.refused')}
      description={error instanceof ApiError ? error.message : t('common.unknownError')}
      style={{ marginBottom: 16 }}
      data-testid="review-refusal"
    />
  );
}

function fieldErrors<T>(form: FormInstance<T>, error: unknown) {
  if (error instanceof ApiError && error.fieldErrors)
    form.setFields(
      Object.entries(error.fieldErrors).map(([name, errors]) => ({ name, errors })) as Parameters<
        FormInstance<T>['setFields']
      >[0],
    );
}

const notPast = (d: Dayjs) => d.isBefore(dayjs(), 'day');

type CreateValues = {
  taskId?: number;
  assigneeId?: number | null;
  deadline?: Dayjs | null;
  blind: boolean;
  reason?: string;
};

/** A new review task: a submitted count task, its lines with a difference, an assignee, a deadline, blind. */
export function CreateReviewDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation('audit');
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const taskId = Form.useWatch('taskId', form);
  const tasks = useTaskOptions();
  const create = useCreateReview();
  const submitted = useMemo(
    () => (tasks.data ?? []).filter((task) => task.inventoryStatus === InventoryStatus.submitted),
    [tasks.data],
  );
  const task = submitted.find((x) => x.id === taskId);
  const candidates = useRecountCandidates(taskId, !!taskId);
  const lines = taskId ? (candidates.data ?? []) : [];
  const [selected, setSelected] = useState<number[]>([]);
  const [linesError, setLinesError] = useState(false);
  useEffect(() => {
    setSelected(
      task && candidates.data
        ? defaultRecountSelection(candidates.data, {
            toleranceQty: task.toleranceQty,
            tolerancePct: task.tolerancePct,
          })
        : [],
    );
  }, [task, candidates.data]);

  const submit = async () => {
    const values = await form.validateFields();
    if (selected.length === 0) {
      setLinesError(true);
      return;
    }
    try {
      const id = await create.mutateAsync({
        taskId: values.taskId as number,
        itemIds: selected,
        assigneeId: values.assigneeId ?? undefined,
        deadline: values.deadline ? values.deadline.format('YYYY-MM-DD') : undefined,
        blind: values.blind,
        reason: values.reason?.trim() || undefined,
      });
      // users read codes (as the list shows them), never internal ids
      const code = await call(api.inventoryReviewTask.detail, { id }, { silent: true }).then(
        (d) => d.code,
        () => null,
      );
      void message.success(code ? t('review.created', { code }) : t('review.createdNoCode'));
      onCreated(id);
    } catch (e) {
      fieldErrors(form, e);
    }
  };

  const columns: ColumnsType<CandidateLine> = [
    {
      key: 'location',
      title: t('common.location'),
      dataIndex: 'locationCode',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'sku', title: t('common.sku'), dataIndex: 'skuCode' },
    { key: 'consignor', title: t('common.consignor'), dataIndex: 'consignorCode' },
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
  ];

  return (
    <Modal
      open
      width={900}
      title={t('review.createTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
      data-testid="review-create-dialog"
    >
      <Refusal error={create.error} />
      <Form form={form} layout="vertical" name="reviewCreate" initialValues={{ blind: true }}>
        <RevalidateOnLanguage />
        <Form.Item
          name="taskId"
          label={t('review.task')}
          rules={[{ required: true, message: t('review.selectTaskFirst') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={tasks.isLoading}
            options={submitted.map((x) => ({ value: x.id, label: `${x.code} · ${x.name}` }))}
            placeholder={t('review.selectTaskFirst')}
          />
        </Form.Item>
        <Space size={16} wrap style={{ width: '100%' }} styles={{ item: { minWidth: 260, flex: 1 } }}>
          <Form.Item name="assigneeId" label={t('common.assignee')} extra={t('decision.recountAssigneeHint')}>
            <PersonPicker kind="reviewer" review={{ taskId, itemIds: selected }} />
          </Form.Item>
          <Form.Item name="deadline" label={t('common.deadline')}>
            <DatePicker style={{ width: '100%' }} disabledDate={notPast} />
          </Form.Item>
          <Form.Item name="blind" label={t('review.blind')} valuePropName="checked" extra={t('review.createBlindHint')}>
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="reason" label={t('review.reason')} rules={[{ max: 512 }]}>
          <Input.TextArea rows={2} maxLength={512} showCount />
        </Form.Item>
        <Form.Item
          label={t('review.createLines')}
          required
          extra={taskId ? undefined : t('review.createLinesHint')}
          validateStatus={linesError && selected.length === 0 ? 'error' : undefined}
          help={linesError && selected.length === 0 ? t('review.linesRequired') : undefined}
        >
          {taskId ? (
            <>
              <Typography.Text type="secondary">
                {t('decision.recountSelected', { count: selected.length, total: lines.length })}
              </Typography.Text>
              <Table<CandidateLine>
                rowKey="id"
                size="small"
                loading={candidates.isFetching}
                columns={columns}
                dataSource={lines}
                locale={{ emptyText: t('review.createNoLines') }}
                rowSelection={{
                  selectedRowKeys: selected,
                  onChange: (keys) => {
                    setSelected(keys.map(Number));
                    setLinesError(false);
                  },
                }}
                pagination={lines.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
                scroll={{ x: 'max-content' }}
                style={{ marginTop: 8 }}
                data-testid="review-create-lines"
              />
            </>
          ) : null}
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Assigns a review task to someone who counted none of its lines (the server refuses otherwise). */
export function AssignReviewDialog({ row, onClose }: { row: ReviewRow; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ assigneeId?: number | null; deadline?: Dayjs | null }>();
  const assign = useAssignReview();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await assign.mutateAsync({
        id: row.id,
        version: row.version,
        assigneeId: v.assigneeId as number,
        deadline: v.deadline ? v.deadline.format('YYYY-MM-DD') : undefined,
      });
      void message.success(t('review.assigned'));
      onClose();
    } catch (e) {
      fieldErrors(form, e);
    }
  };
  return (
    <Modal
      open
      title={t('review.assignTitle', { code: row.code })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={assign.isPending}
      destroyOnHidden
      data-testid="review-assign-dialog"
    >
      <Refusal error={assign.error} />
      <Form
        form={form}
        layout="vertical"
        name="reviewAssign"
        initialValues={{ assigneeId: row.assigneeId, deadline: row.deadline ? dayjs(row.deadline) : null }}
      >
        <RevalidateOnLanguage />
        <Form.Item
          name="assigneeId"
          label={t('common.assignee')}
          rules={[{ required: true, message: t('review.assigneeRequired') }]}
          extra={t('decision.recountAssigneeHint')}
        >
          <PersonPicker kind="reviewer" initialLabel={row.assigneeName} review={{ reviewTaskId: row.id }} />
        </Form.Item>
        <Form.Item name="deadline" label={t('common.deadline')}>
          <DatePicker style={{ width: '100%' }} disabledDate={notPast} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Cancels an open review task with a reason; its lines go back to the auditor as escalated. */
export function CancelReviewDialog({ row, onClose }: { row: ReviewRow; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelReview();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await cancel.mutateAsync({ id: row.id, version: row.version, reason: v.reason.trim() });
      void message.success(t('review.cancelled'));
      onClose();
    } catch (e) {
      fieldErrors(form, e);
    }
  };
  return (
    <Modal
      open
      title={t('review.cancelTitle', { code: row.code })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('review.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={cancel.isPending}
      destroyOnHidden
      data-testid="review-cancel-dialog"
    >
      <Refusal error={cancel.error} />
      <Typography.Paragraph type="secondary">{t('review.cancelText')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="reviewCancel">
        <RevalidateOnLanguage />
        <Form.Item
          name="reason"
          label={t('review.reason')}
          rules={[{ required: true, whitespace: true, message: t('decision.reasonRequired') }, { max: 512 }]}
        >
          <Input.TextArea rows={3} maxLength={512} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
