import { inventoryCheckSubTask } from '@shelfwise/contract';
import { Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditDialog, type FieldConfig } from '../../../components/crud';
import { useTaskList } from '../task/task.api';
import { AreaMultiSelect, AreaSingleSelect } from '../task/task-pickers';
import { CounterSelect } from './counter-select';
import {
  MAX_CODES,
  parseLocationCodes,
  type SubTaskFormValues,
  subTaskFormDefaults,
  subTaskFormToInput,
} from './partition';
import { type SubTaskRow, useSaveSubTask } from './subtask.api';
import '../inventory.texts';

/** Ready and counting tasks take new sub-tasks. */
const OPEN_FOR_SUBTASKS = [2, 3];

/** The pasted location codes with a live count of the distinct codes. */
function CodesInput({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const { t } = useTranslation('inventory');
  const count = parseLocationCodes(value).length;
  return (
    <>
      <Input.TextArea
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        rows={6}
        placeholder={t('subTask.codesPlaceholder')}
        style={{ fontFamily: 'monospace' }}
      />
      <div style={{ fontSize: 12, marginTop: 4, opacity: 0.65 }}>{t('subTask.codesCount', { count })}</div>
    </>
  );
}

/**
 * The sub-task dialog: its task (ready or counting), name, counters, and its locations by whole areas, an aisle range
 * of one area, or location codes pasted one per line. Editing changes the locations only while the sub-task is pending.
 */
export function SubTaskDialog({
  editing,
  defaultTaskId,
  onClose,
}: {
  editing: { row?: SubTaskRow } | null;
  defaultTaskId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  const row = editing?.row;
  const save = useSaveSubTask();
  const tasks = useTaskList(undefined, true, !!editing);
  const taskOptions = useMemo(
    () =>
      (tasks.data ?? [])
        .filter((x) => OPEN_FOR_SUBTASKS.includes(x.inventoryStatus) || x.id === row?.taskId)
        .map((x) => ({ value: x.id, label: `${x.code} · ${x.name}` })),
    [tasks.data, row?.taskId],
  );
  const initialValues = useMemo(
    () => ({ ...subTaskFormDefaults(row), taskId: row?.taskId ?? defaultTaskId }),
    [row, defaultTaskId],
  );
  const known = row ? row.counterIds.map((id, i) => ({ id, name: row.counterNames[i] ?? `#${id}` })) : [];
  const kinds = [
    { value: 'area', label: t('subTask.byArea') },
    { value: 'aisle', label: t('subTask.byAisle') },
    { value: 'locations', label: t('subTask.byLocations') },
  ];

  const fields: FieldConfig[] = [
    {
      name: 'taskId',
      label: t('subTask.task'),
      span: 12,
      disabled: !!row,
      rules: [{ required: true, message: t('subTask.taskRequired') }],
      render: () => (
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={taskOptions}
          loading={tasks.isFetching}
          disabled={!!row}
          placeholder={t('subTask.taskPick')}
          notFoundContent={tasks.isFetching ? undefined : t('subTask.noOpenTask')}
        />
      ),
    },
    {
      name: 'name',
      label: t('subTask.name'),
      span: 12,
      maxLength: 128,
      rules: [{ required: true, whitespace: true, message: t('subTask.nameRequired') }],
    },
    {
      name: 'counterIds',
      label: t('subTask.counters'),
      extra: t('subTask.countersHelp'),
      render: () => <CounterSelect known={known} />,
    },
  ];
  const partitionFields = (v: Partial<SubTaskFormValues & { taskId?: number }>): FieldConfig[] => {
    const task = (tasks.data ?? []).find((x) => x.id === v.taskId);
    const warehouseId = task?.warehouseId;
    const out: FieldConfig[] = [];
    if (row) {
      out.push({
        name: 'repartition',
        label: t('subTask.repartition'),
        type: 'switch',
        disabled: row.status !== 1,
        extra: row.status !== 1 ? t('subTask.repartitionLocked') : t('subTask.current', { text: row.partitionText }),
      });
      if (!v.repartition) return out;
    }
    out.push({ name: 'kind', label: t('subTask.partition'), type: 'radio', options: kinds });
    if (v.kind === 'area')
      out.push({
        name: 'areaIds',
        label: t('subTask.areas'),
        rules: [{ required: true, type: 'array', min: 1, message: t('subTask.areasRequired') }],
        render: () => <AreaMultiSelect warehouseId={warehouseId} placeholder={t('subTask.areasPick')} />,
      });
    if (v.kind === 'aisle')
      out.push(
        {
          name: 'areaId',
          label: t('subTask.area'),
          span: 8,
          rules: [{ required: true, message: t('subTask.areaRequired') }],
          render: () => <AreaSingleSelect warehouseId={warehouseId} />,
        },
        {
          name: 'aisleFrom',
          label: t('subTask.aisleFrom'),
          span: 8,
          maxLength: 32,
          rules: [{ required: true, whitespace: true, message: t('subTask.aisleRequired') }],
        },
        {
          name: 'aisleTo',
          label: t('subTask.aisleTo'),
          span: 8,
          maxLength: 32,
          rules: [{ required: true, whitespace: true, message: t('subTask.aisleRequired') }],
          extra: t('subTask.aisleHelp'),
        },
      );
    if (v.kind === 'locations')
      out.push({
        name: 'locationText',
        label: t('subTask.locationCodes'),
        extra: t('subTask.codesHelp'),
        rules: [
          {
            validator: (_, text: string | undefined) => {
              const n = parseLocationCodes(text).length;
              if (n === 0) return Promise.reject(new Error(t('subTask.codesRequired')));
              if (n > MAX_CODES) return Promise.reject(new Error(t('subTask.codesTooMany', { max: MAX_CODES })));
              return Promise.resolve();
            },
          },
        ],
        render: () => <CodesInput />,
      });
    out.push({ name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 512 });
    return out;
  };

  return (
    <EditDialog<SubTaskFormValues & { taskId?: number } & Record<string, unknown>>
      open={!!editing}
      title={row ? t('subTask.edit', { code: row.code }) : t('subTask.add')}
      width={760}
      fields={fields}
      initialValues={initialValues}
      schema={row ? inventoryCheckSubTask.update.input : inventoryCheckSubTask.add.input}
      toInput={(v) => subTaskFormToInput(v, v.taskId, row)}
      onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
      onClose={onClose}
      testId="subtask-dialog"
    >
      {(v) => {
        const extra = partitionFields(v);
        // the remark stays last also when the locations are not chosen again
        return row && !v.repartition
          ? [...extra, { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 512 }]
          : extra;
      }}
    </EditDialog>
  );
}
