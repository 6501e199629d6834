import { generateInput } from '@shelfwise/contract';
import { Alert, App, Button, Col, Divider, Form, Input, InputNumber, Modal, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { type GenerateResult, useGenerateLocations } from './location.api';
import {
  DEFAULT_PATTERN,
  DIMENSIONS,
  type Dimension,
  END,
  example,
  rangeSize,
  SIZES,
  toBody,
  type Values,
} from './location-generator';
import { GeneratorPreview } from './location-generator-preview';
import { AreaSelect, useWarehouseOptions } from './warehouse-pickers';
import './warehouse.texts';

/** Props of the generator: the list's warehouse and area filters preselect the area. */
export interface LocationGeneratorDialogProps {
  open: boolean;
  onClose: () => void;
  warehouseId?: number;
  areaId?: number;
}

/**
 * Generates storage locations for every combination of aisle, bay, level and slot ranges with a code pattern.
 * Preview first (count, first codes, codes that already exist); Generate writes exactly what the current preview
 * shows and is disabled while the settings differ from it.
 */
export function LocationGeneratorDialog(props: LocationGeneratorDialogProps) {
  return props.open ? <OpenGeneratorDialog {...props} /> : null;
}

function OpenGeneratorDialog({ onClose, warehouseId, areaId }: LocationGeneratorDialogProps) {
  const { t, i18n } = useTranslation('warehouse');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const warehouses = useWarehouseOptions();
  const generate = useGenerateLocations();
  const [preview, setPreview] = useState<{ key: string; result: GenerateResult }>();
  const values = (Form.useWatch([], form) ?? {}) as Values;
  const [areaCode, setAreaCode] = useState('');
  const key = JSON.stringify(toBody(values, true));
  const stale = !!preview && preview.key !== key;
  const sizes = DIMENSIONS.map((d) => (d === 'slots' && !values.slots?.from ? 1 : rangeSize(values[d])));
  const total = sizes.every((n) => n > 0) ? sizes.reduce((a, b) => a * b, 1) : 0;

  const run = async (asPreview: boolean) => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = toBody(form.getFieldsValue(true) as Values, asPreview);
    const parsed = generateInput.safeParse(body);
    if (!parsed.success) {
      void message.error(tc('formInvalid', { count: parsed.error.issues.length }));
      return;
    }
    try {
      const result = await generate.mutateAsync(body);
      if (asPreview) setPreview({ key: JSON.stringify({ ...body, preview: true }), result });
      else {
        void message.success(t('generator.generated', { count: result.created }));
        onClose();
      }
    } catch (e) {
      const err = e instanceof ApiError ? e : undefined;
      const fields = Object.entries(err?.fieldErrors ?? {}).map(([name, errors]) => ({
        name: (DIMENSIONS.includes(name as Dimension) ? [name, 'from'] : [name]) as never,
        errors,
      }));
      form.setFields(fields);
      void message.error(err?.message || t('generator.failed'));
    }
  };

  const rangeRules = (required: boolean) => [
    ...(required ? [{ required: true, message: tc('requiredField', { label: t('generator.from') }) }] : []),
    { pattern: END, message: t('generator.rangeRule') },
  ];
  const canGenerate = !!preview && !stale && preview.result.conflicts === 0 && preview.result.count > 0;

  return (
    <Modal
      open
      title={t('generator.title')}
      width={760}
      onCancel={onClose}
      maskClosable={false}
      data-testid="location-generator"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {tc('cancel')}
        </Button>,
        <Button
          key="preview"
          loading={generate.isPending && generate.variables?.preview}
          onClick={() => void run(true)}
          data-testid="generator-preview-button"
        >
          {t('generator.preview')}
        </Button>,
        <Button
          key="generate"
          type="primary"
          disabled={!canGenerate}
          loading={generate.isPending && !generate.variables?.preview}
          onClick={() => void run(false)}
          data-testid="generator-generate-button"
        >
          {t('generator.generate')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('generator.intro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        name="locationGenerator"
        layout="vertical"
        initialValues={{
          warehouseId,
          areaId,
          pattern: DEFAULT_PATTERN,
          aisles: { from: 'A', to: 'B' },
          bays: { from: '1', to: '10' },
          levels: { from: '1', to: '4' },
          slots: { from: '1', to: '4' },
        }}
        requiredMark
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="warehouseId"
              label={t('location.warehouse')}
              rules={[{ required: true, message: t('area.selectWarehouse') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={warehouses}
                placeholder={tc('select', { label: t('location.warehouse') })}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="areaId"
              label={t('location.area')}
              rules={[{ required: true, message: t('location.selectArea') }]}
            >
              <AreaSelect enabledOnly onCode={setAreaCode} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
          {t('generator.ranges')}
        </Divider>
        <Row gutter={[12, 0]} style={{ marginBottom: 4 }}>
          <Col span={6} />
          <Col span={7}>
            <Typography.Text type="secondary">{t('generator.from')}</Typography.Text>
          </Col>
          <Col span={7}>
            <Typography.Text type="secondary">{t('generator.to')}</Typography.Text>
          </Col>
        </Row>
        {DIMENSIONS.map((d, i) => {
          const label = t(`location.${d.slice(0, -1)}` as 'location.aisle');
          const optional = d === 'slots';
          return (
            <Row key={d} gutter={[12, 0]} align="top" data-testid={`range-${d}`}>
              <Col span={6} style={{ paddingTop: 1 }}>
                <Typography.Text strong>{label}</Typography.Text>
                {optional ? (
                  <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                    ({t('generator.slotsOptional')})
                  </Typography.Text>
                ) : null}
              </Col>
              <Col span={7}>
                <Form.Item name={[d, 'from']} rules={rangeRules(!optional)} style={{ marginBottom: 12 }}>
                  <Input aria-label={`${label} ${t('generator.from')}`} maxLength={4} />
                </Form.Item>
              </Col>
              <Col span={7}>
                <Form.Item
                  name={[d, 'to']}
                  dependencies={[[d, 'from']]}
                  style={{ marginBottom: 12 }}
                  rules={[
                    ...rangeRules(!optional),
                    ({ getFieldValue }) => ({
                      validator: (_r, to: string | undefined) => {
                        const from = getFieldValue([d, 'from']) as string | undefined;
                        if (from && !to)
                          return Promise.reject(new Error(tc('requiredField', { label: t('generator.to') })));
                        if (!from || !to || /^\d+$/.test(from) === /^\d+$/.test(to)) return Promise.resolve();
                        return Promise.reject(new Error(t('generator.rangeMixed')));
                      },
                    }),
                  ]}
                >
                  <Input aria-label={`${label} ${t('generator.to')}`} maxLength={4} />
                </Form.Item>
              </Col>
              <Col span={4} style={{ paddingTop: 1, textAlign: 'right' }}>
                <Typography.Text type="secondary">{sizes[i] ? `× ${sizes[i]}` : ''}</Typography.Text>
              </Col>
            </Row>
          );
        })}
        <Row gutter={[12, 0]} style={{ marginBottom: 8 }}>
          <Col span={20} style={{ textAlign: 'right' }}>
            <Typography.Text type="secondary">{t('generator.count')}</Typography.Text>
          </Col>
          <Col span={4} style={{ textAlign: 'right' }}>
            <Typography.Text strong data-testid="generator-total">
              {total ? total.toLocaleString(i18n.language) : '–'}
            </Typography.Text>
          </Col>
        </Row>
        <Form.Item
          name="pattern"
          label={t('generator.pattern')}
          dependencies={[['slots', 'from']]}
          rules={[
            { required: true, whitespace: true, message: tc('requiredField', { label: t('generator.pattern') }) },
            ({ getFieldValue }) => ({
              // without a slot range `{slot}` would leave a dangling separator in every code
              validator: (_r, pattern: string | undefined) =>
                pattern && /\{slot(:\d)?\}/.test(pattern) && !getFieldValue(['slots', 'from'])
                  ? Promise.reject(new Error(t('generator.noSlots')))
                  : Promise.resolve(),
            }),
          ]}
          extra={
            <div style={{ marginTop: 6, lineHeight: 1.9 }} data-testid="generator-tokens">
              <div>
                <Typography.Text code>{'{area}'}</Typography.Text> {t('generator.tokenArea')}
              </div>
              <div>
                <Typography.Text code>{'{aisle}'}</Typography.Text> <Typography.Text code>{'{bay}'}</Typography.Text>{' '}
                <Typography.Text code>{'{level}'}</Typography.Text> <Typography.Text code>{'{slot}'}</Typography.Text>{' '}
                {t('generator.tokenParts')}
              </div>
              <div>
                <Typography.Text code>{'{bay:2}'}</Typography.Text> {t('generator.tokenPad')}
              </div>
              <div>
                {t('generator.example')}:{' '}
                <Typography.Text strong>{example(values, areaCode || 'A1') || '–'}</Typography.Text>
              </div>
            </div>
          }
        >
          <Input style={{ fontFamily: 'monospace' }} maxLength={64} />
        </Form.Item>
        <Divider titlePlacement="start" plain>
          {t('generator.sizes')}
        </Divider>
        <Row gutter={12}>
          {SIZES.map((s) => (
            <Col key={s} flex="1">
              <Form.Item name={s} label={t(`location.${s}`)}>
                <InputNumber style={{ width: '100%' }} min={0} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
      {preview ? (
        <>
          {stale ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('generator.stale')} /> : null}
          <GeneratorPreview result={preview.result} stale={stale} />
        </>
      ) : (
        <Alert type="info" showIcon title={t('generator.needPreview')} />
      )}
    </Modal>
  );
}
