import { DownloadOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { Button, Flex, Form, InputNumber, Select, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../components/crud';
import { useAreaList } from '../warehouse/area.api';
import { useConsignorList } from '../warehouse/consignor.api';
import { useWarehouseOptions } from '../warehouse/warehouse-pickers';
import { type PlanFilter, useSkuOptions } from './consolidation.api';
import './consolidation.texts';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';

/** The filter as edited (the warehouse may still be missing). */
export type FilterDraft = Partial<PlanFilter> & { days: number };

/** The default window: quantities counted within the last 30 days. */
export const DEFAULT_DAYS = 30;

/** SKUs searched by code, name or barcode (of the chosen consignor). */
function SkuSelect({
  value,
  onChange,
  id,
  consignorId,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  id?: string;
  consignorId?: number;
}) {
  const { t } = useTranslation('consolidation');
  const can = useCan();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const allowed = can('warehouseSku:page');
  const skus = useSkuOptions(keyword, consignorId, allowed);
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    const items = skus.data?.items;
    if (!items?.length) return;
    setKnown((prev) => new Map([...prev, ...items.map((s) => [s.id, `${s.code} · ${s.name}`] as const)]));
  }, [skus.data]);
  const options = useMemo(() => {
    const out = (skus.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }));
    if (value && !out.some((o) => o.value === value)) out.unshift({ value, label: known.get(value) ?? String(value) });
    return out;
  }, [skus.data, value, known]);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      disabled={!allowed}
      loading={skus.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={t('filters.allSkus')}
      options={options}
      style={{ width: 200 }}
      data-testid="consolidation-sku"
    />
  );
}

/**
 * The filter bar: warehouse, area, consignor, SKU and the window in days; Plan runs the planner with them, Export
 * downloads the move list of the last plan.
 */
export function ConsolidationFilters({
  value,
  onChange,
  onPlan,
  onExport,
  planning,
  exporting,
  canExport,
}: {
  value: FilterDraft;
  onChange: (next: FilterDraft) => void;
  onPlan: () => void;
  onExport: () => void;
  planning: boolean;
  exporting: boolean;
  /** A plan is shown and the user may export it. */
  canExport: boolean;
}) {
  const { t } = useTranslation('consolidation');
  const can = useCan();
  const [form] = Form.useForm<FilterDraft>();
  const warehouses = useWarehouseOptions();
  const consignors = useConsignorList(can('warehouseConsignor:list'));
  const areas = useAreaList(value.warehouseId, can('warehouseArea:list'));
  useEffect(() => form.setFieldsValue(value), [form, value]);
  const change = (changed: Partial<FilterDraft>) => {
    const next = { ...value, ...changed };
    if ('warehouseId' in changed && changed.warehouseId !== value.warehouseId) next.areaId = undefined;
    if ('consignorId' in changed && changed.consignorId !== value.consignorId) next.skuId = undefined;
    if (!next.days) next.days = DEFAULT_DAYS;
    onChange(next);
  };
  return (
    <Flex justify="space-between" align="flex-start" wrap gap={8}>
      <Form
        form={form}
        layout="inline"
        initialValues={value}
        onValuesChange={(changed) => change(changed)}
        onFinish={onPlan}
        style={{ rowGap: 8, flex: '1 1 640px' }}
        data-testid="consolidation-filters"
      >
        <RevalidateOnLanguage />
        <Form.Item name="warehouseId" label={t('filters.warehouse')}>
          <Select
            options={warehouses}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filters.warehousePick')}
            style={{ width: 220 }}
            data-testid="consolidation-warehouse"
          />
        </Form.Item>
        <Form.Item name="areaId" label={t('filters.area')}>
          <Select
            allowClear
            disabled={!value.warehouseId}
            showSearch={{ optionFilterProp: 'label' }}
            loading={areas.isFetching}
            placeholder={t('filters.allAreas')}
            options={(areas.data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
            style={{ width: 180 }}
            data-testid="consolidation-area"
          />
        </Form.Item>
        <Form.Item name="consignorId" label={t('filters.consignor')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={consignors.isFetching}
            placeholder={t('filters.allConsignors')}
            options={(consignors.data ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }))}
            style={{ width: 180 }}
          />
        </Form.Item>
        <Form.Item name="skuId" label={t('filters.sku')}>
          <SkuSelect consignorId={value.consignorId} />
        </Form.Item>
        <Form.Item name="days" label={t('filters.days')} tooltip={t('filters.daysHint')}>
          <InputNumber
            min={1}
            max={3650}
            precision={0}
            suffix={t('filters.daysUnit')}
            style={{ width: 120 }}
            data-testid="consolidation-days"
          />
        </Form.Item>
      </Form>
      <Space wrap>
        {can('consolidationPlanner:plan') ? (
          <Button
            type="primary"
            icon={<NodeIndexOutlined />}
            disabled={!value.warehouseId}
            loading={planning}
            onClick={onPlan}
            data-testid="consolidation-plan"
          >
            {t('filters.plan')}
          </Button>
        ) : null}
        {can('consolidationPlanner:export') ? (
          <Button
            icon={<DownloadOutlined />}
            disabled={!canExport}
            loading={exporting}
            onClick={onExport}
            data-testid="consolidation-export"
          >
            {t('filters.export')}
          </Button>
        ) : null}
      </Space>
    </Flex>
  );
}
