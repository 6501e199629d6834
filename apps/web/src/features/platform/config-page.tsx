import { configAddInput, configUpdateInput } from '@shelfwise/contract';
import { App, Tag, Typography } from 'antd';
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
  usePageParams,
} from '../../components/crud';
import {
  type ConfigPageInput,
  type ConfigRow,
  fetchAllConfigs,
  useAddConfig,
  useBatchDeleteConfig,
  useConfigGroups,
  useConfigPage,
  useDeleteConfig,
  useUpdateConfig,
} from './config.api';
import './platform.texts';

type Filters = { name?: string; code?: string; groupCode?: string };
type Editing = { row?: ConfigRow } | null;

/** Parameters (`sysConfig`): search, paged table, add/edit dialog, delete; built-in rows cannot be deleted. */
export default function ConfigPage() {
  const { t } = useTranslation('platform');
  const { t: tc } = useTranslation('crud');
  const { filters, params, input, search, change } = usePageParams<Filters, NonNullable<ConfigPageInput['field']>>({});
  const page = useConfigPage(input);
  const groups = useConfigGroups();
  const add = useAddConfig();
  const update = useUpdateConfig();
  const remove = useDeleteConfig();
  const batchDelete = useBatchDeleteConfig();
  const [editing, setEditing] = useState<Editing>(null);
  const { message } = App.useApp();
  // a seeded group's name in the reader's language; the filter still sends the code
  const groupName = (code: string) => t(`config.groups.${code}`, { defaultValue: code });
  const groupOptions = (groups.data ?? []).map((g) => ({ label: groupName(g), value: g }));

  const searchFields: FieldConfig[] = [
    { name: 'name', label: t('config.name') },
    { name: 'code', label: t('config.code') },
    { name: 'groupCode', label: t('config.group'), type: 'select', options: groupOptions },
  ];

  const columns: CrudColumn<ConfigRow>[] = [
    {
      key: 'name',
      title: t('config.name'),
      dataIndex: 'name',
      sortField: 'name',
      render: (v: string, row) => (
        <span>
          {v}
          {row.sysFlag === 1 ? (
            <Tag color="gold" style={{ marginLeft: 8 }}>
              {tc('builtIn')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'code',
      title: t('config.code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      key: 'value',
      title: t('config.value'),
      dataIndex: 'value',
      ellipsis: true,
      width: 220,
    },
    {
      key: 'sysFlag',
      title: t('config.builtIn'),
      hiddenByDefault: true,
      dataIndex: 'sysFlag',
      exportValue: (r) => (r.sysFlag === 1 ? tc('yes') : tc('no')),
      render: (v: number) => (v === 1 ? <Tag color="gold">{tc('yes')}</Tag> : <Tag>{tc('no')}</Tag>),
    },
    {
      key: 'groupCode',
      title: t('config.group'),
      dataIndex: 'groupCode',
      sortField: 'groupCode',
      render: (v: string | null) => (v ? <Tag color="blue">{groupName(v)}</Tag> : null),
    },
    { key: 'orderNo', title: t('common.orderNo'), dataIndex: 'orderNo', sortField: 'orderNo', align: 'right' },
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, width: 200 },
    {
      key: 'createTime',
      title: t('common.createTime'),
      dataIndex: 'createTime',
      sortField: 'createTime',
      hiddenByDefault: true,
    },
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          name={row.name}
          onEdit={() => setEditing({ row })}
          editCode="sysConfig:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="sysConfig:delete"
          deleteDisabled={row.sysFlag === 1 ? t('config.builtInNoDelete') : undefined}
        />
      ),
    },
  ];

  const builtIn = editing?.row?.sysFlag === 1;
  const formFields: FieldConfig[] = [
    { name: 'name', label: t('config.name'), required: true, span: 12, maxLength: 64 },
    {
      name: 'code',
      label: t('config.code'),
      required: true,
      span: 12,
      maxLength: 64,
      disabled: builtIn,
      extra: t('config.codeHint'),
      rules: [{ pattern: /^[A-Za-z][A-Za-z0-9_.-]*$/, message: t('config.codeRule') }],
    },
    { name: 'value', label: t('config.value'), type: 'textarea', maxLength: 4000 },
    {
      name: 'groupCode',
      label: t('config.group'),
      span: 12,
      placeholder: t('config.groupHint'),
      maxLength: 64,
    },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];
  const initialValues = useMemo(() => editing?.row ?? { orderNo: 100 }, [editing]);

  return (
    <div style={{ padding: 12 }}>
      <SearchForm<Filters> fields={searchFields} onSearch={search} />
      <CrudTable<ConfigRow>
        pageKey="platform.config"
        title={t('config.title')}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={() => setEditing({})}
        addCode="sysConfig:add"
        onBatchDelete={async (ids) => {
          const { deleted, skipped } = await batchDelete.mutateAsync(ids as number[]);
          void message.success(t('config.batchDeleted', { deleted, skipped }));
        }}
        batchDeleteCode="sysConfig:batchDelete"
        exportName="parameters"
        fetchAll={() => fetchAllConfigs(filters)}
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        title={editing?.row ? t('config.edit') : t('config.add')}
        fields={formFields}
        initialValues={initialValues}
        schema={editing?.row ? configUpdateInput : configAddInput}
        toInput={(v) => ({ ...v, id: editing?.row?.id, orderNo: v.orderNo ?? 100 })}
        onSubmit={(body) =>
          editing?.row
            ? update.mutateAsync(body as Parameters<typeof update.mutateAsync>[0])
            : add.mutateAsync(body as Parameters<typeof add.mutateAsync>[0])
        }
        onClose={() => setEditing(null)}
        testId="config-dialog"
      />
    </div>
  );
}
