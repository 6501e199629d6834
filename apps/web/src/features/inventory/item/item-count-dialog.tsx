import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Segmented,
  Select,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { formatDiff, formatQty } from '../task/progress';
import { type ItemRow, useAbnormalCauses, useCountItem, useItemDetail } from './item.api';
import { type CountValues, countBody, countIsEmpty, totalOf } from './item-count';
import { ItemPictures } from './item-pictures';
import '../inventory.texts';
import { RevalidateOnLanguage } from '../../../lib/i18n/revalidate';

type Values = CountValues & { abnormalCause?: string | null; remark?: string | null };

/**
 * The count dialog of a line: the counted quantity, or cartons and loose units against the box gauge (an empty count
 * is refused), the abnormal cause, a remark, and the line's pictures. Book quantity and difference show only when the
 * API sends them (never for a blind count without the permission).
 */
export function ItemCountDialog({ item, onClose }: { item: ItemRow | null; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const detail = useItemDetail(item?.id);
  // pictures change while the dialog is open: show the line as it is now
  const row = detail.data ?? item;
  const causes = useAbnormalCauses(!!item);
  const count = useCountItem();
  const gauge = row?.boxGauge && row.boxGauge >= 1 ? row.boxGauge : null;
  const by = Form.useWatch('by', form) ?? 'quantity';
  const watched = Form.useWatch([], form) as Values | undefined;

  useEffect(() => {
    if (!item) return;
    form.resetFields();
    form.setFieldsValue({
      by: 'quantity',
      countedQty: item.countedQty,
      cartons: item.cartons,
      loose: item.loose,
      abnormalCause: item.abnormalCause,
      remark: item.remark,
    });
  }, [item, form]);

  const total =
    watched?.by === 'cartons' ? totalOf(watched.cartons, watched.loose, gauge) : (watched?.countedQty ?? null);
  const diff = row && row.bookQty !== null && total !== null && total !== undefined ? total - row.bookQty : null;

  const submit = async () => {
    if (!item || !row) return;
    const v = { ...form.getFieldsValue(true), by } as Values;
    if (countIsEmpty(v)) {
      const field = v.by === 'quantity' ? 'countedQty' : 'cartons';
      form.setFields([{ name: field, errors: [t('item.quantityRequired')] }]);
      void message.error(t('item.quantityRequired'));
      return;
    }
    await form.validateFields();
    try {
      await count.mutateAsync({
        id: row.id,
        version: row.version,
        ...countBody(v),
        abnormalCause: v.abnormalCause || null,
        remark: v.remark?.trim() || null,
      });
      void message.success(t('item.counted'));
      onClose();
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : tc('saveFailed'));
    }
  };

  return (
    <Modal
      open={!!item}
      title={row ? t('item.countTitle', { location: row.locationCode, sku: row.skuCode }) : ''}
      width={720}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      data-testid="item-count-dialog"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {tc('cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={count.isPending} onClick={() => void submit()}>
          {tc('ok')}
        </Button>,
      ]}
    >
      {row ? (
        <>
          <Descriptions
            size="small"
            bordered
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'loc',
                label: t('common.locationCode'),
                children: <Typography.Text code>{row.locationCode}</Typography.Text>,
              },
              { key: 'sku', label: t('common.sku'), children: [row.skuCode, row.skuName].filter(Boolean).join(' · ') },
              {
                key: 'consignor',
                label: t('common.consignor'),
                children: [row.consignorCode, row.consignorName].filter(Boolean).join(' · '),
              },
              { key: 'lot', label: t('common.lot'), children: row.lot ?? '—' },
              {
                key: 'gauge',
                label: t('item.boxGauge'),
                children: gauge ? t('item.gaugeValue', { n: gauge, unit: row.unit ?? '' }) : '—',
              },
              { key: 'book', label: t('item.bookQty'), children: formatQty(row.bookQty) },
            ]}
          />
          <Form form={form} layout="vertical" name="itemCount" initialValues={{ by: 'quantity' }}>
            <RevalidateOnLanguage />
            <Form.Item name="by" label={t('item.countBy')}>
              <Segmented
                options={[
                  { value: 'quantity', label: t('item.byQuantity') },
                  { value: 'cartons', label: t('item.byCartons'), disabled: !gauge },
                ]}
              />
            </Form.Item>
            <Row gutter={16}>
              {by === 'quantity' ? (
                <Col span={12}>
                  <Form.Item name="countedQty" label={t('item.countedQty')} required extra={t('item.zeroHint')}>
                    <InputNumber min={0} style={{ width: '100%' }} autoFocus suffix={row.unit ?? undefined} />
                  </Form.Item>
                </Col>
              ) : (
                <>
                  <Col span={8}>
                    <Form.Item name="cartons" label={t('item.cartons')} required>
                      <InputNumber min={0} precision={0} style={{ width: '100%' }} autoFocus suffix={`× ${gauge}`} />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="loose" label={t('item.loose')}>
                      <InputNumber min={0} style={{ width: '100%' }} suffix={row.unit ?? undefined} />
                    </Form.Item>
                  </Col>
                </>
              )}
              <Col span={by === 'quantity' ? 12 : 8}>
                <Form.Item label={t('item.total')}>
                  <div style={{ lineHeight: '32px' }} data-testid="item-count-total">
                    <Typography.Text strong>{formatQty(total)}</Typography.Text>
                    {diff !== null ? (
                      <Typography.Text
                        type={diff === 0 ? 'success' : diff > 0 ? 'warning' : 'danger'}
                        style={{ marginLeft: 8 }}
                      >
                        ({t('item.diffShort', { diff: formatDiff(diff) })})
                      </Typography.Text>
                    ) : null}
                  </div>
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="abnormalCause" label={t('item.abnormalCause')}>
                  <Select
                    allowClear
                    loading={causes.isFetching}
                    placeholder={t('item.abnormalCausePick')}
                    options={(causes.data ?? []).map((c) => ({ value: c.value, label: c.label }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="remark" label={t('common.remark')}>
                  <Input.TextArea rows={1} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={512} showCount />
                </Form.Item>
              </Col>
            </Row>
          </Form>
          <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
            {t('item.pictures')}
          </Typography.Text>
          <ItemPictures row={row} editable />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
            {t('item.pictureRules')}
          </Typography.Paragraph>
          {row.countedQty !== null ? (
            <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('item.recountNote')} />
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
