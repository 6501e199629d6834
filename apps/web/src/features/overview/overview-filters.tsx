import { Form, Select, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../components/crud';
import { FilterBar } from '../../components/filter-bar';
import { useTaskList } from '../inventory/task/task.api';
import { useAreaList } from '../warehouse/area.api';
import { useConsignorList } from '../warehouse/consignor.api';
import { useWarehouseOptions } from '../warehouse/warehouse-pickers';
import { type OverviewTask, useSkuSearch } from './overview.api';
import './overview.texts';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';
import { useTaskStatusLabel } from './task-status';

/** What the 2D plan and the 3D scene are filtered by. */
export interface OverviewFilterValues {
  warehouseId?: number;
  taskId?: number;
  areaId?: number;
  consignorId?: number;
  skuId?: number;
}

/** The task picker: the warehouse's newest tasks (empty: the latest task that is not cancelled). */
function TaskSelect({
  value,
  onChange,
  id,
  warehouseId,
  current,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  id?: string;
  warehouseId?: number;
  current?: OverviewTask | null;
}) {
  const { t } = useTranslation('overview');
  const can = useCan();
  const tasks = useTaskList(warehouseId, undefined, !!warehouseId && can('inventoryCheckTask:list'));
  const statusLabel = useTaskStatusLabel();
  const options = useMemo(() => {
    const list = (tasks.data ?? []).map((task) => ({
      value: task.id,
      label: `${task.code} · ${task.name}`,
      status: statusLabel(task),
    }));
    // the task the answer is coloured by is always offered, even without the task list permission
    if (current && !list.some((o) => o.value === current.id))
      list.unshift({
        value: current.id,
        label: `${current.code} · ${current.name}`,
        status: statusLabel(current),
      });
    return list;
  }, [tasks.data, current, statusLabel]);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      disabled={!warehouseId}
      loading={tasks.isFetching}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={current ? t('filters.latestTaskIs', { code: current.code }) : t('filters.latestTask')}
      options={options}
      optionRender={(o) => (
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <span>{o.data.label}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.data.status}
          </Typography.Text>
        </Space>
      )}
      style={{ width: 260 }}
      data-testid="overview-task"
    />
  );
}

/** The SKU picker: SKUs searched by code, name or barcode (of the chosen consignor). */
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
  const { t } = useTranslation('overview');
  const can = useCan();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const allowed = can('warehouseSku:page');
  const skus = useSkuSearch(keyword, consignorId, allowed);
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    const items = skus.data?.items;
    if (!items?.length) return;
    setKnown((prev) => {
      const next = new Map(prev);
      for (const s of items) next.set(s.id, `${s.code} · ${s.name}`);
      return next;
    });
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
    />
  );
}

/**
 * The filter bar of the 2D plan and the 3D scene: warehouse, task (default the latest), area, consignor and SKU
 * (locations without their lines are faded). `extra` is placed at the end of the bar (e.g. a search box).
 */
export function OverviewFilters({
  value,
  onChange,
  task,
  extra,
}: {
  value: OverviewFilterValues;
  onChange: (next: OverviewFilterValues) => void;
  /** The task the current answer is coloured by (offered even when the task list is not allowed). */
  task?: OverviewTask | null;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('overview');
  const can = useCan();
  const [form] = Form.useForm<OverviewFilterValues>();
  const warehouses = useWarehouseOptions();
  const consignors = useConsignorList(can('warehouseConsignor:list'));
  const areas = useAreaList(value.warehouseId, can('warehouseArea:list'));
  useEffect(() => form.setFieldsValue(value), [form, value]);
  const change = (changed: Partial<OverviewFilterValues>) => {
    const next = { ...value, ...changed };
    if ('warehouseId' in changed && changed.warehouseId !== value.warehouseId) {
      next.taskId = undefined;
      next.areaId = undefined;
    }
    if ('consignorId' in changed && changed.consignorId !== value.consignorId) next.skuId = undefined;
    onChange(next);
  };
  return (
    <FilterBar<OverviewFilterValues>
      form={form}
      initialValues={value}
      onValuesChange={(changed) => change(changed)}
      extra={extra}
      data-testid="overview-filters"
    >
      <RevalidateOnLanguage />
      <Form.Item name="warehouseId" label={t('filters.warehouse')}>
        <Select
          options={warehouses}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filters.warehousePick')}
          style={{ width: 220 }}
          data-testid="overview-warehouse"
        />
      </Form.Item>
      <Form.Item name="taskId" label={t('filters.task')}>
        <TaskSelect warehouseId={value.warehouseId} current={task} />
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
          data-testid="overview-area"
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
    </FilterBar>
  );
}
