import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/crud';
import { ApiError } from '../../lib/api/client';
import {
  type JobRow,
  type PreviewInput,
  type TriggerRow,
  useJobActions,
  useJobTriggers,
  useTriggerPreview,
} from './job.api';

/** A trigger in a few words: the cron expression in words, or the interval. */
export function triggerSummary(x: TriggerRow, t: TFunction<'job'>): string {
  return x.kind === 'interval' ? t('every', { n: x.intervalSeconds ?? 0 }) : (x.cronText ?? x.cron ?? '');
}

const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

/** The triggers of a job in a drawer: list, add, edit, delete. */
export function JobTriggerDrawer({ job, onClose }: { job: JobRow | null; onClose: () => void }) {
  const { t } = useTranslation('job');
  const triggers = useJobTriggers(job?.id);
  const actions = useJobActions();
  const [editing, setEditing] = useState<TriggerRow | 'new' | null>(null);
  return (
    <Drawer
      open={!!job}
      onClose={onClose}
      title={job ? t('triggersTitle', { name: job.name }) : ''}
      size={Math.min(860, window.innerWidth)}
      data-testid="job-triggers-drawer"
      extra={
        <Auth code="sysJob:addJobTrigger">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="job-trigger-add"
          >
            {t('addTrigger')}
          </Button>
        </Auth>
      }
    >
      <Table<TriggerRow>
        rowKey="id"
        size="small"
        loading={triggers.isFetching}
        dataSource={triggers.data ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          {
            key: 'schedule',
            title: t('schedule'),
            render: (_, x) => <Typography.Text>{triggerSummary(x, t)}</Typography.Text>,
          },
          {
            key: 'cron',
            title: t('cron'),
            dataIndex: 'cron',
            render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '—'),
          },
          { key: 'timeZone', title: t('timeZone'), dataIndex: 'timeZone' },
          { key: 'next', title: t('nextFire'), dataIndex: 'nextFireTime', render: (v: string | null) => v ?? '—' },
          { key: 'runs', title: t('runCount'), dataIndex: 'runCount', align: 'right' },
          {
            key: 'status',
            title: t('status'),
            dataIndex: 'status',
            render: (v: number) => (
              <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? t('running') : t('paused')}</Tag>
            ),
          },
          {
            key: 'actions',
            title: '',
            render: (_, x) => (
              <Space size={0}>
                <Auth code="sysJob:updateJobTrigger">
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setEditing(x)}
                    aria-label={t('editTrigger')}
                  />
                </Auth>
                <Auth code="sysJob:deleteJobTrigger">
                  <Popconfirm title={t('deleteTrigger')} onConfirm={() => actions.deleteTrigger.mutate(x.id)}>
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('deleteTrigger')} />
                  </Popconfirm>
                </Auth>
              </Space>
            ),
          },
        ]}
      />
      {job && editing ? (
        <TriggerDialog jobId={job.id} trigger={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Drawer>
  );
}

type Values = {
  kind: 'cron' | 'interval';
  cron?: string;
  timeZone?: string;
  intervalSeconds?: number;
  startTime?: string;
  endTime?: string;
  maxRuns?: number | null;
  retries: number;
  retryBackoffSeconds: number;
  misfire: 'skip' | 'once' | 'catchUp';
  catchUpMax: number;
  runAtStart: boolean;
  status: 1 | 2;
};

/** Add or edit a trigger; shows the next five firings and the expression in words while typing. */
function TriggerDialog({
  jobId,
  trigger,
  onClose,
}: {
  jobId: number;
  trigger: TriggerRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('job');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const actions = useJobActions();
  const values = Form.useWatch([], form) as Values | undefined;
  const [debounced, setDebounced] = useState<PreviewInput | null>(null);
  useEffect(() => {
    const id = setTimeout(() => {
      if (!values) return;
      setDebounced({
        kind: values.kind,
        cron: values.cron || null,
        timeZone: values.timeZone || null,
        intervalSeconds: values.intervalSeconds ?? null,
        startTime: values.startTime || null,
        endTime: values.endTime || null,
      });
    }, 300);
    return () => clearTimeout(id);
  }, [values]);
  const preview = useTriggerPreview(
    debounced ?? { kind: 'cron' },
    !!debounced && (debounced.kind === 'interval' ? !!debounced.intervalSeconds : !!debounced.cron),
  );
  const previewError =
    preview.error instanceof ApiError ? Object.values(preview.error.fieldErrors ?? {})[0]?.[0] : undefined;
  const initial: Values = trigger
    ? {
        kind: trigger.kind,
        cron: trigger.cron ?? undefined,
        timeZone: trigger.timeZone ?? undefined,
        intervalSeconds: trigger.intervalSeconds ?? undefined,
        startTime: trigger.startTime ?? undefined,
        endTime: trigger.endTime ?? undefined,
        maxRuns: trigger.maxRuns,
        retries: trigger.retries,
        retryBackoffSeconds: trigger.retryBackoffSeconds,
        misfire: trigger.misfire,
        catchUpMax: trigger.catchUpMax,
        runAtStart: trigger.runAtStart,
        status: trigger.status === 2 ? 2 : 1,
      }
    : {
        kind: 'cron',
        cron: '0 0 * * * *',
        retries: 0,
        retryBackoffSeconds: 60,
        misfire: 'once',
        catchUpMax: 1,
        runAtStart: false,
        status: 1,
      };

  const save = async () => {
    const v = await form.validateFields();
    try {
      await actions.saveTrigger.mutateAsync({
        ...v,
        id: trigger?.id,
        jobId,
        cron: v.kind === 'cron' ? v.cron : null,
        intervalSeconds: v.kind === 'interval' ? v.intervalSeconds : null,
        startTime: v.startTime || null,
        endTime: v.endTime || null,
        maxRuns: v.maxRuns || null,
      });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors) {
        form.setFields(Object.entries(e.fieldErrors).map(([name, errors]) => ({ name: name as keyof Values, errors })));
      } else if (e instanceof Error) void message.error(e.message);
    }
  };

  const kind = values?.kind ?? initial.kind;
  return (
    <Modal
      open
      title={trigger ? t('editTrigger') : t('addTrigger')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={actions.saveTrigger.isPending}
      width="min(720px, 100vw)"
      data-testid="job-trigger-dialog"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="kind" label={t('kind')}>
              <Radio.Group
                options={[
                  { label: t('kindCron'), value: 'cron' },
                  { label: t('kindInterval'), value: 'interval' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('status')}>
              <Radio.Group
                options={[
                  { label: t('running'), value: 1 },
                  { label: t('paused'), value: 2 },
                ]}
              />
            </Form.Item>
          </Col>
          {kind === 'cron' ? (
            <>
              <Col xs={24} sm={12}>
                <Form.Item name="cron" label={t('cron')} extra={t('cronHint')} rules={[{ required: true }]}>
                  <Input style={{ fontFamily: 'monospace' }} data-testid="job-trigger-cron" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="timeZone" label={t('timeZone')}>
                  <Select
                    showSearch
                    allowClear
                    options={ZONES.map((z) => ({ label: z, value: z }))}
                    data-testid="job-trigger-zone"
                  />
                </Form.Item>
              </Col>
            </>
          ) : (
            <Col xs={24} sm={12}>
              <Form.Item name="intervalSeconds" label={t('intervalSeconds')} rules={[{ required: true }]}>
                <InputNumber min={1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24}>
            <div data-testid="job-trigger-preview" style={{ marginBottom: 16 }}>
              <Typography.Text strong>{t('nextFive')}</Typography.Text>
              {previewError ? (
                <Typography.Paragraph type="danger">{previewError}</Typography.Paragraph>
              ) : (
                <>
                  {preview.data?.cronText ? (
                    <Typography.Paragraph style={{ margin: 0 }}>{preview.data.cronText}</Typography.Paragraph>
                  ) : null}
                  <List
                    size="small"
                    dataSource={preview.data?.nextTimes ?? []}
                    locale={{ emptyText: t('noNext') }}
                    renderItem={(x) => <List.Item style={{ padding: '2px 0' }}>{x}</List.Item>}
                  />
                </>
              )}
            </div>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="startTime" label={t('startTime')}>
              <Input placeholder="yyyy-MM-dd HH:mm:ss" data-testid="job-trigger-start" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="endTime" label={t('endTime')}>
              <Input placeholder="yyyy-MM-dd HH:mm:ss" data-testid="job-trigger-end" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="maxRuns" label={t('maxRuns')}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="retries" label={t('retries')}>
              <InputNumber min={0} max={10} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="retryBackoffSeconds" label={t('retryBackoff')}>
              <InputNumber min={0} max={86400} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="misfire" label={t('misfire')}>
              <Select
                options={[
                  { label: t('misfireSkip'), value: 'skip' },
                  { label: t('misfireOnce'), value: 'once' },
                  { label: t('misfireCatchUp'), value: 'catchUp' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="catchUpMax" label={t('catchUpMax')}>
              <InputNumber min={1} max={1000} style={{ width: '100%' }} disabled={values?.misfire !== 'catchUp'} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="runAtStart" label={t('runAtStart')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
