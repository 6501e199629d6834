import { sysDictType } from '@shelfwise/contract';
import { Input, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudColumn,
  CrudTable,
  EditDialog,
  type FieldConfig,
  pagedTableProps,
  RowActions,
  statusColumn,
  usePageParams,
} from '../../components/crud';
import {
  type DictTypePageInput,
  type DictTypeRow,
  fetchAllDictTypes,
  useDeleteDictType,
  useDictTypePage,
  useSaveDictType,
  useSetDictTypeStatus,
} from './dict.api';

type Editing = { row?: DictTypeRow } | null;

/** Dictionary types: searchable paged list; a click selects the type whose values show on the right. */
export function DictTypePanel({
  selected,
  onSelect,
}: {
  selected?: DictTypeRow;
  onSelect: (row: DictTypeRow | undefined) => void;
}) {
  const { t } = useTranslation('platform');
  const { t: tc } = useTranslation('crud');
  const { filters, params, input, search, change } = usePageParams<
    { keyword?: string },
    NonNullable<DictTypePageInput['field']>
  >({}, 20);
  const page = useDictTypePage(input);
  const save = useSaveDictType();
  const remove = useDeleteDictType();
  const setStatus = useSetDictTypeStatus();
  const [editing, setEditing] = useState<Editing>(null);

  const columns: CrudColumn<DictTypeRow>[] = [
    {
      key: 'name',
      title: t('dict.typeName'),
      dataIndex: 'name',
      sortField: 'name',
      render: (v: string, row) => (
        <span>
          {row.id === selected?.id ? (
            <Typography.Text strong type="success">
              {v}
            </Typography.Text>
          ) : (
            v
          )}
          {row.sysFlag === 1 ? (
            <Tag color="gold" style={{ marginLeft: 6 }}>
              {tc('builtIn')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'code',
      title: t('dict.typeCode'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    statusColumn({
      title: t('common.status'),
      enabledText: tc('enabled'),
      disabledText: tc('disabled'),
      code: 'sysDictType:setStatus',
      onChange: (row, status) => setStatus.mutate({ id: row.id, status }),
      busyId: setStatus.isPending ? (setStatus.variables as { id?: number } | undefined)?.id : undefined,
    }),
    {
      key: 'orderNo',
      title: t('common.orderNo'),
      dataIndex: 'orderNo',
      sortField: 'orderNo',
      align: 'right',
      hiddenByDefault: true,
    },
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      // kept in view at the panel's edge (the table scrolls under it when the panel is narrow)
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          compact
          name={row.name}
          onEdit={() => setEditing({ row })}
          editCode="sysDictType:update"
          onDelete={async () => {
            await remove.mutateAsync(row.id);
            if (selected?.id === row.id) onSelect(undefined);
          }}
          deleteCode="sysDictType:delete"
          deleteDisabled={row.sysFlag === 1 ? t('dict.builtInNoDelete') : undefined}
        />
      ),
    },
  ];

  const builtIn = editing?.row?.sysFlag === 1;
  const yesNo = [
    { label: tc('yes'), value: 1 },
    { label: tc('no'), value: 2 },
  ];
  const fields: FieldConfig[] = [
    { name: 'name', label: t('dict.typeName'), required: true, span: 12, maxLength: 64 },
    {
      name: 'code',
      label: t('dict.typeCode'),
      required: true,
      span: 12,
      maxLength: 64,
      disabled: builtIn,
      extra: t('dict.typeCodeHint'),
      rules: [
        { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: t('dict.typeCodeRule') },
        {
          validator: async (_r, v: string | undefined) => {
            if (!builtIn && v?.trim().endsWith('Enum')) throw new Error(t('dict.enumReserved'));
          },
        },
      ],
    },
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
    {
      name: 'isTenant',
      label: t('dict.isTenant'),
      type: 'radio',
      span: 12,
      options: yesNo,
      tooltip: t('dict.isTenantHint'),
    },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];
  const initialValues = useMemo(() => editing?.row ?? { status: 1, isTenant: 1, orderNo: 100 }, [editing]);

  return (
    <>
      <CrudTable<DictTypeRow>
        pageKey="platform.dictType"
        title={t('dict.types')}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={() => setEditing({})}
        addCode="sysDictType:add"
        exportName="dictionary-types"
        fetchAll={() => fetchAllDictTypes(filters)}
        toolbarExtra={
          <Input.Search
            allowClear
            placeholder={t('dict.typeSearch')}
            style={{ width: 180 }}
            onSearch={(keyword) => search({ keyword: keyword.trim() || undefined })}
          />
        }
        tableProps={{
          onRow: (row) => ({
            onClick: () => onSelect(row),
            style: { cursor: 'pointer', boxShadow: row.id === selected?.id ? 'inset 3px 0 0 #52c41a' : undefined },
          }),
        }}
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        title={editing?.row ? t('dict.editType') : t('dict.addType')}
        fields={fields}
        initialValues={initialValues}
        schema={editing?.row ? sysDictType.update.input : sysDictType.add.input}
        toInput={(v) => ({ ...v, id: editing?.row?.id, orderNo: v.orderNo ?? 100 })}
        onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
        onClose={() => setEditing(null)}
        testId="dict-type-dialog"
      />
    </>
  );
}
