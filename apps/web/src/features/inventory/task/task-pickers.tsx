import { Form, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../components/crud';
import { useAreaList } from '../../warehouse/area.api';
import { useConsignorList } from '../../warehouse/consignor.api';
import { useSnapshotList } from '../snapshot/snapshot.api';
import { useLocationSearch } from './task.api';
import '../inventory.texts';

/** Form-item props of a picker (value / onChange / id come from the Form.Item). */
interface PickerProps<V> {
  value?: V;
  onChange?: (value: V) => void;
  id?: string;
  disabled?: boolean;
  /** The warehouse to pick in (default: the form's `warehouseId` field). */
  warehouseId?: number;
  placeholder?: string;
}

/** The warehouse a picker lists: given, or the form's `warehouseId` field. */
function useWarehouseOf(given: number | undefined): number | undefined {
  const form = Form.useFormInstance();
  const watched = Form.useWatch('warehouseId', form) as number | undefined;
  return given ?? watched;
}

/** Clears a picker when the form's warehouse changes (not on the first render). */
function useClearOnWarehouseChange(warehouseId: number | undefined, clear: () => void) {
  const previous = useRef(warehouseId);
  useEffect(() => {
    if (previous.current !== warehouseId && previous.current !== undefined) clear();
    previous.current = warehouseId;
  }, [warehouseId, clear]);
}

/** The snapshot picker of a task: the newest snapshots of the form's warehouse, with when they were taken. */
export function SnapshotSelect({ value, onChange, id, disabled }: PickerProps<number | undefined>) {
  const { t } = useTranslation('inventory');
  const can = useCan();
  const form = Form.useFormInstance();
  const warehouseId = Form.useWatch('warehouseId', form) as number | undefined;
  const list = useSnapshotList(warehouseId, can('inventorySnapshot:list'));
  useClearOnWarehouseChange(warehouseId, () => onChange?.(undefined));
  const options = useMemo(
    () =>
      (list.data ?? []).map((s) => ({
        value: s.id,
        label: s.title,
        search: `${s.title} ${s.takenTime ?? ''}`,
        render: (
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <span>{s.title}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {s.takenTime} · {t('task.snapshotLines', { count: s.lineCount })}
            </Typography.Text>
          </Space>
        ),
      })),
    [list.data, t],
  );
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled || !warehouseId}
      loading={list.isFetching}
      allowClear
      showSearch={{ optionFilterProp: 'search' }}
      placeholder={warehouseId ? t('task.snapshotPick') : t('task.warehouseFirst')}
      options={options}
      optionRender={(o) => o.data.render}
      notFoundContent={warehouseId && !list.isFetching ? t('task.noSnapshot') : undefined}
    />
  );
}

/** One storage area of the warehouse. */
export function AreaSingleSelect({ value, onChange, id, disabled, ...props }: PickerProps<number | undefined>) {
  const { t } = useTranslation('inventory');
  const can = useCan();
  const warehouseId = useWarehouseOf(props.warehouseId);
  const areas = useAreaList(warehouseId, can('warehouseArea:list'));
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled || !warehouseId}
      loading={areas.isFetching}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('subTask.areaPick')}
      options={(areas.data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
    />
  );
}

/** Several storage areas of the form's warehouse (empty: every area). */
export function AreaMultiSelect({ value, onChange, id, disabled, placeholder, ...props }: PickerProps<number[]>) {
  const { t } = useTranslation('inventory');
  const can = useCan();
  const warehouseId = useWarehouseOf(props.warehouseId);
  const areas = useAreaList(warehouseId, can('warehouseArea:list'));
  useClearOnWarehouseChange(warehouseId, () => onChange?.([]));
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      disabled={disabled || !warehouseId}
      loading={areas.isFetching}
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={warehouseId ? (placeholder ?? t('task.scopeAllAreas')) : t('task.warehouseFirst')}
      options={(areas.data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
    />
  );
}

/** Several consignors (empty: every consignor). */
export function ConsignorMultiSelect({ value, onChange, id, disabled }: PickerProps<number[]>) {
  const { t } = useTranslation('inventory');
  const can = useCan();
  const consignors = useConsignorList(can('warehouseConsignor:list'));
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      disabled={disabled}
      loading={consignors.isFetching}
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('task.scopeAllConsignors')}
      options={(consignors.data ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }))}
    />
  );
}

/**
 * Several storage locations of the form's warehouse, searched by code prefix (50 at a time). Codes seen are kept, so
 * chosen locations keep their labels while another prefix is searched.
 */
export function LocationMultiSelect({ value, onChange, id, disabled, ...props }: PickerProps<number[]>) {
  const { t } = useTranslation('inventory');
  const can = useCan();
  const warehouseId = useWarehouseOf(props.warehouseId);
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setCode(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useLocationSearch(warehouseId, code, can('warehouseLocation:page'));
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    const items = search.data?.items;
    if (!items?.length) return;
    setKnown((prev) => {
      const next = new Map(prev);
      for (const l of items) next.set(l.id, l.code);
      return next;
    });
  }, [search.data]);
  useClearOnWarehouseChange(warehouseId, () => onChange?.([]));
  const options = useMemo(() => {
    const shown = new Map<number, string>();
    for (const l of search.data?.items ?? []) shown.set(l.id, l.code);
    for (const v of value ?? []) if (!shown.has(v)) shown.set(v, known.get(v) ?? t('task.locationId', { id: v }));
    return [...shown].map(([v, label]) => ({ value: v, label }));
  }, [search.data, value, known, t]);
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      disabled={disabled || !warehouseId}
      loading={search.isFetching}
      allowClear
      maxTagCount={12}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={warehouseId ? t('task.scopeAllLocations') : t('task.warehouseFirst')}
      options={options}
      tagRender={({ label, closable, onClose }) => (
        <Tag closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
          {label}
        </Tag>
      )}
    />
  );
}
