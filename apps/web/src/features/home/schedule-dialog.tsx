import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Switch,
  Tooltip,
  theme,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../components/crud/auth';
import { ApiError } from '../../lib/api/client';
import { dayjs } from '../../lib/i18n/dayjs';
import { type ScheduleColor, type ScheduleInput, type ScheduleItem, useScheduleMutations } from './home.api';

/** The colours of calendar items, in the order the picker shows them. */
export const COLORS: readonly ScheduleColor[] = ['blue', 'green', 'orange', 'red', 'purple', 'cyan', 'magenta', 'gold'];

interface Values {
  title: string;
  allDay: boolean;
  start: Dayjs;
  end: Dayjs;
  color: ScheduleColor;
  remark?: string;
}

/** What the dialog edits: an existing item, or a new one on a day. */
export type ScheduleTarget = { item: ScheduleItem } | { day: Dayjs };

/** Server field names -> form fields. */
const FIELDS: Record<string, keyof Values> = {
  title: 'title',
  startTime: 'start',
  endTime: 'end',
  color: 'color',
  remark: 'remark',
  allDay: 'allDay',
};

function initialValues(target: ScheduleTarget): Values {
  if ('item' in target) {
    const i = target.item;
    return {
      title: i.title,
      allDay: i.allDay,
      start: dayjs(i.startTime),
      end: dayjs(i.endTime),
      color: i.color,
      remark: i.remark ?? undefined,
    };
  }
  const now = dayjs();
  const start = target.day.isSame(now, 'day')
    ? now.add(1, 'hour').startOf('hour')
    : target.day.hour(9).minute(0).second(0);
  return { title: '', allDay: false, start, end: start.add(1, 'hour'), color: 'blue' };
}

/** Adds or edits one calendar item: title, all-day or times, colour, remark; deletes an existing one. */
export function ScheduleDialog({ target, onClose }: { target: ScheduleTarget | null; onClose: () => void }) {
  return target ? <OpenDialog target={target} onClose={onClose} /> : null;
}

function OpenDialog({ target, onClose }: { target: ScheduleTarget; onClose: () => void }) {
  const { t } = useTranslation('home');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const allDay = Form.useWatch('allDay', form) ?? false;
  const { add, update, remove } = useScheduleMutations();
  const [failure, setFailure] = useState<string | null>(null);
  const item = 'item' in target ? target.item : null;
  const readOnly = item ? !can('sysSchedule:update') : !can('sysSchedule:add');
  const format = allDay ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm';

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const input: ScheduleInput = {
      title: v.title.trim(),
      allDay: v.allDay,
      startTime: v.start.format(allDay ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm'),
      endTime: v.end.format(allDay ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm'),
      color: v.color,
      remark: v.remark?.trim() || null,
    };
    setFailure(null);
    try {
      if (item) await update.mutateAsync({ ...input, id: item.id });
      else await add.mutateAsync(input);
      void message.success(t('schedule.saved'));
      onClose();
    } catch (e) {
      const err = e instanceof ApiError ? e : undefined;
      const fields = Object.entries(err?.fieldErrors ?? {}).filter(([name]) => FIELDS[name]);
      form.setFields(fields.map(([name, errors]) => ({ name: FIELDS[name] as keyof Values, errors })));
      setFailure(err?.message ?? t('loadFailed'));
    }
  };

  const del = async () => {
    if (!item) return;
    try {
      await remove.mutateAsync(item.id);
      void message.success(t('schedule.deleted'));
      onClose();
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : t('loadFailed'));
    }
  };

  const required = (label: string) => ({ required: true, message: t('schedule.required', { label }) });

  return (
    <Modal
      open
      title={item ? t('schedule.edit') : t('schedule.add')}
      onCancel={onClose}
      maskClosable={false}
      width={560}
      data-testid="schedule-dialog"
      footer={
        <div style={{ display: 'flex', gap: 8, justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <span>
            {item && can('sysSchedule:delete') ? (
              <Popconfirm title={t('schedule.deleteConfirm')} onConfirm={() => void del()}>
                <Button danger loading={remove.isPending} data-testid="schedule-delete">
                  {t('schedule.delete')}
                </Button>
              </Popconfirm>
            ) : null}
          </span>
          <span style={{ display: 'flex', gap: 8 }}>
            <Button onClick={onClose}>{t('schedule.cancel')}</Button>
            {readOnly ? null : (
              <Button
                type="primary"
                loading={add.isPending || update.isPending}
                onClick={() => void submit()}
                data-testid="schedule-save"
              >
                {t('schedule.save')}
              </Button>
            )}
          </span>
        </div>
      }
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        name="schedule"
        initialValues={initialValues(target)}
        disabled={readOnly}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="title"
          label={t('schedule.itemTitle')}
          rules={[
            required(t('schedule.itemTitle')),
            { whitespace: true, message: t('schedule.required', { label: t('schedule.itemTitle') }) },
          ]}
        >
          <Input maxLength={64} showCount autoFocus />
        </Form.Item>
        <Form.Item name="allDay" label={t('schedule.allDay')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="start" label={t('schedule.start')} rules={[required(t('schedule.start'))]}>
              <DatePicker
                style={{ width: '100%' }}
                showTime={allDay ? false : { format: 'HH:mm', minuteStep: 5 }}
                format={format}
                allowClear={false}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="end"
              label={t('schedule.end')}
              dependencies={['start', 'allDay']}
              rules={[
                required(t('schedule.end')),
                ({ getFieldValue }) => ({
                  validator(_rule, value: Dayjs | undefined) {
                    const start = getFieldValue('start') as Dayjs | undefined;
                    if (!value || !start) return Promise.resolve();
                    const before = getFieldValue('allDay')
                      ? value.isBefore(start, 'day')
                      : value.isBefore(start, 'minute');
                    return before ? Promise.reject(new Error(t('schedule.endBeforeStart'))) : Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker
                style={{ width: '100%' }}
                showTime={allDay ? false : { format: 'HH:mm', minuteStep: 5 }}
                format={format}
                allowClear={false}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="color" label={t('schedule.color')}>
          <Radio.Group optionType="button" className="sw-home-swatches">
            {COLORS.map((c) => (
              <Tooltip key={c} title={t(`schedule.colors.${c}`)}>
                <Radio.Button value={c} aria-label={t(`schedule.colors.${c}`)}>
                  <span className="sw-home-swatch" style={{ background: token[c] }} />
                </Radio.Button>
              </Tooltip>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="remark" label={t('schedule.remark')}>
          <Input.TextArea rows={3} maxLength={512} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
