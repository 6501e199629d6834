import { PlusOutlined } from '@ant-design/icons';
import { sysOrg } from '@shelfwise/contract';
import { OrgTypeEnum } from '@shelfwise/contract/enums';
import { Button, Tag, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  type CrudColumn,
  CrudTable,
  EditDialog,
  type FieldConfig,
  RowActions,
  SearchForm,
} from '../../components/crud';
import { EnumTag, useEnumLabel, useEnumOptions } from './enum-tag';
import {
  branchIds,
  type OrgFilters,
  type OrgNode,
  orgTreeData,
  useDeleteOrg,
  useOrgTree,
  useSaveOrg,
  withoutEmptyChildren,
} from './org.api';
import { statusOptions } from './status';
import { UserPicker } from './user-picker';
import './system.texts';

type Editing = { row?: OrgNode; pid?: number } | null;

/** Organisations (`sysOrg`): the tree within the caller's data scope, add child / edit / delete. */
export default function OrgPage() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('crud');
  const [filters, setFilters] = useState<OrgFilters>({});
  const tree = useOrgTree(filters);
  const save = useSaveOrg();
  const remove = useDeleteOrg();
  const [editing, setEditing] = useState<Editing>(null);
  const [collapsed, setCollapsed] = useState<Key[] | null>(null);
  const typeOptions = useEnumOptions(OrgTypeEnum);
  const typeLabel = useEnumLabel(OrgTypeEnum);
  const nodes = useMemo(() => withoutEmptyChildren(tree.data ?? []), [tree.data]);
  const allIds = useMemo(() => branchIds(nodes), [nodes]);
  const expanded = collapsed ?? allIds;

  const searchFields: FieldConfig[] = [
    { name: 'name', label: t('org.name') },
    { name: 'code', label: t('org.code') },
    { name: 'type', label: t('org.type'), type: 'select', options: typeOptions },
  ];

  const columns: CrudColumn<OrgNode>[] = [
    { key: 'name', title: t('org.name'), dataIndex: 'name', width: 280 },
    {
      key: 'code',
      title: t('org.code'),
      dataIndex: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      key: 'type',
      title: t('org.type'),
      dataIndex: 'type',
      exportValue: (r) => typeLabel(r.type),
      render: (v: number | null) => <EnumTag def={OrgTypeEnum} value={v} />,
    },
    { key: 'directorName', title: t('org.director'), dataIndex: 'directorName' },
    {
      key: 'status',
      title: t('common.status'),
      dataIndex: 'status',
      exportValue: (r) => (r.status === 1 ? tc('enabled') : tc('disabled')),
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? tc('enabled') : tc('disabled')}</Tag>
      ),
    },
    { key: 'orderNo', title: t('common.orderNo'), dataIndex: 'orderNo', align: 'right' },
    {
      key: 'remark',
      title: t('common.remark'),
      dataIndex: 'remark',
      ellipsis: true,
      width: 200,
      hiddenByDefault: true,
    },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', hiddenByDefault: true },
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          name={row.name}
          onEdit={() => setEditing({ row })}
          editCode="sysOrg:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="sysOrg:delete"
          deleteDisabled={row.children?.length ? t('org.hasChildren') : undefined}
        >
          <Auth code="sysOrg:add">
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ pid: row.id })}>
              {t('org.addChild')}
            </Button>
          </Auth>
        </RowActions>
      ),
    },
  ];

  const parents = useMemo(
    () => [{ title: t('org.topLevel'), value: 0 }, ...orgTreeData(tree.data ?? [], editing?.row?.id)],
    [tree.data, editing, t],
  );
  const formFields: FieldConfig[] = [
    { name: 'pid', label: t('org.parent'), type: 'treeSelect', treeData: parents, required: false },
    { name: 'name', label: t('org.name'), required: true, span: 12, maxLength: 64 },
    {
      name: 'code',
      label: t('org.code'),
      required: true,
      span: 12,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.-]*$/, message: t('common.codeRule') }],
    },
    { name: 'type', label: t('org.type'), type: 'select', span: 12, options: typeOptions },
    {
      name: 'directorId',
      label: t('org.director'),
      span: 12,
      render: () => <UserPicker initialLabel={editing?.row?.directorName} />,
    },
    { name: 'status', label: t('common.status'), type: 'radio', span: 12, options: statusOptions(tc) },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];
  const initialValues = useMemo(
    () => editing?.row ?? { pid: editing?.pid ?? 0, status: 1, orderNo: 100, type: 2 },
    [editing],
  );

  return (
    <div style={{ padding: 12 }}>
      <SearchForm<OrgFilters> fields={searchFields} onSearch={setFilters} />
      <CrudTable<OrgNode>
        pageKey="system.org"
        title={t('org.title')}
        columns={columns}
        rows={nodes}
        loading={tree.isFetching}
        onRefresh={() => void tree.refetch()}
        onAdd={() => setEditing({})}
        addCode="sysOrg:add"
        exportName="organisations"
        toolbarExtra={
          <Button onClick={() => setCollapsed(expanded.length ? [] : null)}>
            {expanded.length ? t('common.collapseAll') : t('common.expandAll')}
          </Button>
        }
        tableProps={{
          rowKey: 'id',
          pagination: false,
          expandable: {
            expandedRowKeys: expanded,
            onExpandedRowsChange: (keys) => setCollapsed([...keys]),
            indentSize: 20,
          },
        }}
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        width={720}
        title={editing?.row ? t('org.edit') : t('org.add')}
        fields={formFields}
        initialValues={initialValues}
        schema={editing?.row ? sysOrg.update.input : sysOrg.add.input}
        toInput={(v) => ({ ...v, id: editing?.row?.id, pid: v.pid ?? 0, orderNo: v.orderNo ?? 100 })}
        onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
        onClose={() => setEditing(null)}
        testId="org-dialog"
      />
    </div>
  );
}
