import { sysDictData } from '@shelfwise/contract';
import { Card, Empty, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudColumn,
  CrudTable,
  EditDialog,
  type FieldConfig,
  pagedTableProps,
  RowActions,
  SearchForm,
  statusColumn,
  TAG_COLORS,
  usePageParams,
} from '../../components/crud';
import {
  type DictDataPageInput,
  type DictDataRow,
  type DictTypeRow,
  fetchAllDictData,
  useDeleteDictData,
  useDictDataPage,
  useSaveDictData,
  useSetDictDataStatus,
} from './dict.api';

type Filters = { label?: string; value?: string };
type Editing = { row?: DictDataRow } | null;
const TAG_TYPES = ['primary', 'success', 'info', 'warning', 'danger'] as const;

/** The values of the selected dictionary type: label shown as a tag of its tag type. */
export function DictDataPanel({ type }: { type?: DictTypeRow }) {
  const { t } = useTranslation('platform');
  const { t: tc } = useTranslation('crud');
  const { filters, params, input, search, change } = usePageParams<Filters, NonNullable<DictDataPageInput['field']>>(
    {},
    20,
  );
  const page = useDictDataPage({ ...input, dictTypeId: type?.id }, !!type);
  const save = useSaveDictData();
  const remove = useDeleteDictData();
  const setStatus = useSetDictDataStatus();
  const [editing, setEditing] = useState<Editing>(null);
  const isEnum = !!type?.code.endsWith('Enum');

  const tagOptions = TAG_TYPES.map((v) => ({ value: v, label: <Tag color={TAG_COLORS[v]}>{t(`dict.tag.${v}`)}</Tag> }));
  const columns: CrudColumn<DictDataRow>[] = [
    {
      key: 'label',
      title: t('dict.label'),
      dataIndex: 'label',
      sortField: 'label',
      render: (v: string, row) => (
        <Tag color={TAG_COLORS[row.tagType]} className={row.classSetting ?? undefined}>
          {v}
        </Tag>
      ),
    },
    {
      key: 'value',
      title: t('dict.value'),
      dataIndex: 'value',
      sortField: 'value',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'code', title: t('dict.code'), dataIndex: 'code', hiddenByDefault: true },
    {
      key: 'tagType',
      title: t('dict.tagType'),
      dataIndex: 'tagType',
      render: (v: string) => t(`dict.tag.${v}`),
    },
    statusColumn({
      title: t('common.status'),
      enabledText: tc('enabled'),
      disabledText: tc('disabled'),
      code: 'sysDictData:setStatus',
      onChange: (row, status) => setStatus.mutate({ id: row.id, status }),
      busyId: setStatus.isPending ? (setStatus.variables as { id?: number } | undefined)?.id : undefined,
    }),
    { key: 'orderNo', title: t('common.orderNo'), dataIndex: 'orderNo', sortField: 'orderNo', align: 'right' },
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, hiddenByDefault: true },
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          name={row.label}
          onEdit={() => setEditing({ row })}
          editCode="sysDictData:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="sysDictData:delete"
        />
      ),
    },
  ];

  const fields: FieldConfig[] = [
    { name: 'label', label: t('dict.label'), required: true, span: 12, maxLength: 128 },
    {
      name: 'value',
      label: t('dict.value'),
      required: true,
      span: 12,
      maxLength: 128,
      extra: isEnum ? t('dict.enumValueHint') : undefined,
      rules: isEnum ? [{ pattern: /^-?\d+$/, message: t('dict.enumValueRule') }] : [],
    },
    { name: 'code', label: t('dict.code'), span: 12, maxLength: 64 },
    { name: 'tagType', label: t('dict.tagType'), type: 'select', span: 12, options: tagOptions },
    { name: 'styleSetting', label: t('dict.style'), span: 12, placeholder: 'color: #0F59A4', maxLength: 512 },
    { name: 'classSetting', label: t('dict.class'), span: 12, maxLength: 256 },
    {
      name: 'status',
      label: t('common.status'),
      type: 'radio',
      span: 12,
      options: [
        { label: tc('enabled'), value: 1 },
        { label: tc('disabled'), value: 2 },
      ],
    },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
    { name: 'extData', label: t('dict.extData'), type: 'textarea', maxLength: 4000 },
  ];
  const initialValues = useMemo(() => editing?.row ?? { tagType: 'primary', status: 1, orderNo: 100 }, [editing]);

  if (!type)
    return (
      <Card size="small" style={{ height: '100%' }}>
        <Empty style={{ marginTop: 80 }} description={t('dict.pickType')} />
      </Card>
    );

  return (
    <>
      <SearchForm<Filters>
        key={type.id}
        colProps={{ xs: 24, md: 8 }}
        fields={[
          { name: 'label', label: t('dict.label') },
          { name: 'value', label: t('dict.value') },
        ]}
        onSearch={search}
      />
      <CrudTable<DictDataRow>
        pageKey="platform.dictData"
        title={
          <span>
            {t('dict.valuesOf', { name: type.name })} <Typography.Text code>{type.code}</Typography.Text>
          </span>
        }
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={() => setEditing({})}
        addCode="sysDictData:add"
        exportName={`dictionary-${type.code}`}
        fetchAll={() => fetchAllDictData({ ...filters, dictTypeId: type.id })}
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        title={editing?.row ? t('dict.editValue') : t('dict.addValue')}
        fields={fields}
        initialValues={initialValues}
        schema={editing?.row ? sysDictData.update.input : sysDictData.add.input}
        toInput={(v) => ({ ...v, id: editing?.row?.id, dictTypeId: type.id, orderNo: v.orderNo ?? 100 })}
        onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
        onClose={() => setEditing(null)}
        testId="dict-data-dialog"
      />
    </>
  );
}
