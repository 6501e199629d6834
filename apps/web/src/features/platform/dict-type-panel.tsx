import { sysDictType } from '@shelfwise/contract';
import { Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, type FieldConfig, statusColumn, usePageParams } from '../../components/crud';
import { type DictTypePageInput, type DictTypeRow, dictKeys, useSetDictTypeStatus } from './dict.api';

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
  const paging = usePageParams<{ keyword?: string }, NonNullable<DictTypePageInput['field']>>({}, 20);
  const setStatus = useSetDictTypeStatus();

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
  ];

  const yesNo = [
    { label: tc('yes'), value: 1 },
    { label: tc('no'), value: 2 },
  ];
  const fields = (row: DictTypeRow | undefined): FieldConfig[] => {
    const builtIn = row?.sysFlag === 1;
    return [
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
  };

  return (
    <CrudPage
      service={sysDictType}
      pageKey="platform.dictType"
      title={t('dict.types')}
      bare
      pageState={paging}
      searchFields={[]}
      columns={columns}
      rowName={(r) => r.name}
      compactActions
      deleteDisabled={(r) => (r.sysFlag === 1 ? t('dict.builtInNoDelete') : undefined)}
      onDeleted={(r) => {
        if (selected?.id === r.id) onSelect(undefined);
      }}
      form={{
        fields,
        addTitle: t('dict.addType'),
        editTitle: t('dict.editType'),
        defaults: { status: 1, isTenant: 1, orderNo: 100 },
        toInput: (v) => ({ ...v, orderNo: v.orderNo ?? 100 }),
      }}
      clientExport="dictionary-types"
      // a type's values go with it, and the shell's dictionaries follow every change
      alsoInvalidates={[...dictKeys.data, ...dictKeys.allDictList]}
      toolbarExtra={
        <Input.Search
          allowClear
          placeholder={t('dict.typeSearch')}
          style={{ width: 180 }}
          onSearch={(keyword) => paging.search({ keyword: keyword.trim() || undefined })}
        />
      }
      tableProps={{
        onRow: (row) => ({
          onClick: () => onSelect(row),
          style: { cursor: 'pointer', boxShadow: row.id === selected?.id ? 'inset 3px 0 0 #52c41a' : undefined },
        }),
      }}
      testId="dict-type"
    />
  );
}
