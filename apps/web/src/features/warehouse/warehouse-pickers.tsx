import { Form, Select } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../components/crud';
import { useAreaList } from './area.api';
import { useWarehouseList } from './warehouse-info.api';
import './warehouse.texts';

/** `code · name` options of the warehouses the user may see. */
export function useWarehouseOptions(enabled = true) {
  const can = useCan();
  const list = useWarehouseList(enabled && can('warehouseInfo:list'));
  return useMemo(() => (list.data ?? []).map((w) => ({ label: `${w.code} · ${w.name}`, value: w.id })), [list.data]);
}

/** The picker's form-item props (value / onChange / id come from the Form.Item). */
interface PickerProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Disabled areas cannot be chosen (edit dialogs; filters may still pick them). */
  enabledOnly?: boolean;
  /** Told the chosen area's code (e.g. for a code pattern's example). */
  onCode?: (code: string) => void;
}

/**
 * A storage area picker that follows the form's `warehouseId` field: it lists that warehouse's areas and clears
 * itself when the warehouse changes. Use inside a Form that has a `warehouseId` field.
 */
export function AreaSelect({ value, onChange, id, disabled, placeholder, enabledOnly, onCode }: PickerProps) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation('crud');
  const can = useCan();
  const form = Form.useFormInstance();
  const warehouseId = Form.useWatch('warehouseId', form) as number | undefined;
  const areas = useAreaList(warehouseId, can('warehouseArea:list'));
  const previous = useRef(warehouseId);
  useEffect(() => {
    if (previous.current !== warehouseId && previous.current !== undefined) onChange?.(undefined);
    previous.current = warehouseId;
  }, [warehouseId, onChange]);
  const code = areas.data?.find((a) => a.id === value)?.code ?? '';
  useEffect(() => onCode?.(code), [code, onCode]);
  const options = useMemo(
    () =>
      (areas.data ?? []).map((a) => ({
        label: `${a.code} · ${a.name}`,
        value: a.id,
        disabled: !!enabledOnly && a.status !== 1,
      })),
    [areas.data, enabledOnly],
  );
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={areas.isFetching}
      disabled={disabled || !warehouseId}
      placeholder={
        warehouseId ? (placeholder ?? tc('select', { label: t('location.area') })) : t('location.selectWarehouseFirst')
      }
      options={options}
    />
  );
}
