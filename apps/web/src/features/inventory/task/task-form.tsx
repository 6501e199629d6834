import { inventoryCheckTask } from '@shelfwise/contract';
import { CountModeEnum, InventoryStatus, InventoryTaskTypeEnum, UncountedRuleEnum } from '@shelfwise/contract/enums';
import { DatePicker, Form, Input, InputNumber, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EditDialog, type FieldConfig } from '../../../components/crud';
import { useEnumOptions } from '../../system';
import { useWarehouseOptions } from '../../warehouse/warehouse-pickers';
import { type TaskRow, useSaveTask } from './task.api';
import { proposed3dLink, type TaskFormValues, taskFormDefaults, taskFormToInput } from './task-form-values';
import { AreaMultiSelect, ConsignorMultiSelect, LocationMultiSelect, SnapshotSelect } from './task-pickers';
import '../inventory.texts';

/** A number field of the dialog with a unit after it. */
function NumberWithUnit(props: {
  value?: number;
  onChange?: (v: number | null) => void;
  id?: string;
  unit?: string;
  max: number;
  disabled?: boolean;
}) {
  const { unit, max, ...rest } = props;
  return <InputNumber {...rest} min={0} max={max} style={{ width: '100%' }} suffix={unit} />;
}

/** The 3D link: prefilled, and following the warehouse while it still holds the proposed link. */
function Link3dInput({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const { t } = useTranslation('inventory');
  const form = Form.useFormInstance();
  const warehouseId = Form.useWatch('warehouseId', form) as number | undefined;
  const previous = useRef(warehouseId);
  useEffect(() => {
    if (previous.current === warehouseId) return;
    const was = proposed3dLink(previous.current);
    previous.current = warehouseId;
    if (!value || value === was) onChange?.(proposed3dLink(warehouseId));
  }, [warehouseId, value, onChange]);
  return (
    <Input
      id={id}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      allowClear
      maxLength={512}
      placeholder={t('task.link3dRequired')}
    />
  );
}

/**
 * The task dialog: what is counted (warehouse, snapshot of that warehouse, scope) and how (type, blind or guided,
 * tolerance, passes, uncounted rule), dates, the 3D link and a remark. After draft only name, dates, 3D link and remark
 * may change; the other fields show but are locked.
 */
export function TaskDialog({
  editing,
  defaultWarehouseId,
  onClose,
}: {
  editing: { row?: TaskRow } | null;
  defaultWarehouseId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  const row = editing?.row;
  const save = useSaveTask();
  const warehouses = useWarehouseOptions(!!editing);
  const types = useEnumOptions(InventoryTaskTypeEnum);
  const modes = useEnumOptions(CountModeEnum);
  const rules = useEnumOptions(UncountedRuleEnum);
  const locked = !!row && row.inventoryStatus !== InventoryStatus.draft;
  const initialValues = useMemo(() => taskFormDefaults(row, defaultWarehouseId), [row, defaultWarehouseId]);

  const fields: FieldConfig[] = [
    {
      name: 'name',
      label: t('task.name'),
      span: 12,
      maxLength: 128,
      rules: [{ required: true, whitespace: true, message: t('task.nameRequired') }],
    },
    {
      name: 'code',
      label: t('task.code'),
      span: 12,
      maxLength: 64,
      disabled: !!row,
      placeholder: t('task.codeAuto'),
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('task.codeRule') }],
    },
    {
      name: 'warehouseId',
      label: t('common.warehouse'),
      type: 'select',
      options: warehouses,
      span: 12,
      disabled: locked,
      rules: [{ required: true, message: t('common.warehouseRequired') }],
    },
    {
      name: 'snapshotId',
      label: t('task.snapshot'),
      span: 12,
      tooltip: t('task.snapshotHelp'),
      rules: [{ required: true, message: t('task.snapshotRequired') }],
      render: () => <SnapshotSelect disabled={locked} />,
    },
    { name: 'type', label: t('task.type'), type: 'radio', options: types, span: 12, disabled: locked },
    {
      name: 'countMode',
      label: t('task.countMode'),
      type: 'radio',
      options: modes,
      span: 12,
      disabled: locked,
      extra: t('task.countModeHelp'),
    },
    {
      name: 'startDate',
      label: t('task.startDate'),
      span: 12,
      render: () => <DatePicker style={{ width: '100%' }} />,
    },
    {
      name: 'endDate',
      label: t('task.endDate'),
      span: 12,
      rules: [
        ({ getFieldValue }) => ({
          validator: (_, v) => {
            const start = getFieldValue('startDate');
            return v && start && v.isBefore(start, 'day')
              ? Promise.reject(new Error(t('task.endBeforeStart')))
              : Promise.resolve();
          },
        }),
      ],
      render: () => <DatePicker style={{ width: '100%' }} />,
    },
    {
      name: 'toleranceQty',
      label: t('task.toleranceQty'),
      span: 6,
      tooltip: t('task.toleranceHelp'),
      render: () => <NumberWithUnit max={1_000_000} disabled={locked} />,
    },
    {
      name: 'tolerancePct',
      label: t('task.tolerancePct'),
      span: 6,
      render: () => <NumberWithUnit max={100} unit="%" disabled={locked} />,
    },
    {
      name: 'requiredPasses',
      label: t('task.requiredPasses'),
      type: 'radio',
      span: 12,
      disabled: locked,
      options: [
        { value: 1, label: t('task.passes1') },
        { value: 2, label: t('task.passes2') },
      ],
      tooltip: t('task.passesHelp'),
    },
    {
      name: 'uncountedRule',
      label: t('task.uncountedRule'),
      type: 'radio',
      options: rules,
      span: 24,
      disabled: locked,
      extra: t('task.uncountedHelp'),
    },
    {
      name: 'scopeAreaIds',
      label: t('task.scopeAreas'),
      span: 12,
      render: () => <AreaMultiSelect disabled={locked} />,
    },
    {
      name: 'scopeConsignorIds',
      label: t('task.scopeConsignors'),
      span: 12,
      render: () => <ConsignorMultiSelect disabled={locked} />,
    },
    {
      name: 'scopeLocationIds',
      label: t('task.scopeLocations'),
      extra: t('task.scopeHelp'),
      render: () => <LocationMultiSelect disabled={locked} />,
    },
    {
      name: 'link3d',
      label: t('task.link3d'),
      maxLength: 512,
      rules: [{ required: true, whitespace: true, message: t('task.link3dRequired') }],
      extra: t('task.link3dHelp'),
      render: () => <Link3dInput />,
    },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 512 },
  ];

  return (
    <EditDialog<TaskFormValues & Record<string, unknown>>
      open={!!editing}
      title={
        row ? (
          <span>
            {t('task.edit', { code: row.code })}
            {locked ? (
              <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400, marginLeft: 8 }}>
                {t('task.lockedNote')}
              </Typography.Text>
            ) : null}
          </span>
        ) : (
          t('task.add')
        )
      }
      width={860}
      fields={fields}
      initialValues={initialValues as Partial<TaskFormValues & Record<string, unknown>>}
      schema={row ? inventoryCheckTask.update.input : inventoryCheckTask.add.input}
      toInput={(v) => taskFormToInput(v, row)}
      onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
      onClose={onClose}
      testId="task-dialog"
    />
  );
}
