import { sysPos } from '@shelfwise/contract';
import { Tag, Typography } from 'antd';
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
import { fetchAllPositions, type PosPageInput, type PosRow, useDeletePos, usePosPage, useSavePos } from './pos.api';
import { statusOptions } from './status';
import './system.texts';

type Filters = { code?: string; name?: string; status?: 1 | 2 };
type Editing = { row?: PosRow } | null;

/** Positions (`sysPos`): search, paged list with the number of holders, add/edit dialog, delete when unused. */
export default function PosPage() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const { filters, params, input, search, change } = usePageParams<Filters, NonNullable<PosPageInput['field']>>({});
  const page = usePosPage(input);
  const save = useSavePos();
  const remove = useDeletePos();
  const [editing, setEditing] = useState<Editing>(null);

  const searchFields: FieldConfig[] = [
    { name: 'name', label: t('pos.name') },
    { name: 'code', label: t('pos.code') },
    { name: 'status', label: t('common.status'), type: 'select', options: statusOptions(tc) },
  ];

  const columns: CrudColumn<PosRow>[] = [
    { key: 'name', title: t('pos.name'), dataIndex: 'name', sortField: 'name' },
    {
      key: 'code',
      title: t('pos.code'),
      dataIndex: 'code',
      sortField: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      key: 'userCount',
      title: t('common.userCount'),
      dataIndex: 'userCount',
      align: 'right',
      render: (v: number) => <Typography.Text type={v ? undefined : 'secondary'}>{v}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('common.status'),
      dataIndex: 'status',
      exportValue: (r) => (r.status === 1 ? tc('enabled') : tc('disabled')),
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? tc('enabled') : tc('disabled')}</Tag>
      ),
    },
    { key: 'orderNo', title: t('common.orderNo'), dataIndex: 'orderNo', sortField: 'orderNo', align: 'right' },
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, width: 220 },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', sortField: 'createTime' },
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          name={row.name}
          onEdit={() => setEditing({ row })}
          editCode="sysPos:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="sysPos:delete"
          deleteDisabled={row.userCount > 0 ? t('pos.inUse', { count: row.userCount }) : undefined}
        />
      ),
    },
  ];

  const formFields: FieldConfig[] = [
    { name: 'name', label: t('pos.name'), required: true, span: 12, maxLength: 64 },
    {
      name: 'code',
      label: t('pos.code'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('common.codeRule') }],
    },
    { name: 'status', label: t('common.status'), type: 'radio', span: 12, options: statusOptions(tc) },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];
  const initialValues = useMemo(() => editing?.row ?? { status: 1, orderNo: 100 }, [editing]);

  return (
    <div style={{ padding: 12 }}>
      <SearchForm<Filters> fields={searchFields} onSearch={search} />
      <CrudTable<PosRow>
        pageKey="system.pos"
        title={t('pos.title')}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={() => setEditing({})}
        addCode="sysPos:add"
        exportName="positions"
        fetchAll={() => fetchAllPositions(filters)}
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        title={editing?.row ? t('pos.edit') : t('pos.add')}
        fields={formFields}
        initialValues={initialValues}
        schema={editing?.row ? sysPos.update.input : sysPos.add.input}
        toInput={(v) => ({ ...v, id: editing?.row?.id, orderNo: v.orderNo ?? 100 })}
        onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
        onClose={() => setEditing(null)}
        testId="pos-dialog"
      />
    </div>
  );
}
