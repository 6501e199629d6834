import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { sysRegion } from '@shelfwise/contract';
import { Alert, App, Button, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  type CrudColumn,
  CrudTable,
  EditDialog,
  type FieldConfig,
  pagedTableProps,
  RowActions,
  SearchForm,
  usePageParams,
} from '../../components/crud';
import { regionLabel } from '../../components/region-cascader';
import { ApiError } from '../../lib/api/client';
import {
  exportRegions,
  fetchRegionList,
  type RegionPageInput,
  type RegionRow,
  useDeleteRegion,
  useRegionPage,
  useSaveRegion,
} from './region.api';
import { RegionImportDialog } from './region-import-dialog';
import './region.texts';

type Filters = { name?: string; code?: string; level?: number };
type TreeRow = RegionRow & { children?: TreeRow[] };
type Editing = { row?: RegionRow; parent?: RegionRow } | null;
const LEVEL_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange', 4: 'purple' };
const MAX_LEVEL = 4;

/**
 * Regions (`sysRegion`): the lazy tree of countries, provinces and cities (children load on expand), or the
 * search results when filters are set; add / edit dialog, delete of a leaf, .xlsx import and export.
 */
export default function RegionPage() {
  const { t, i18n } = useTranslation('region');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const lang = i18n.language;
  const { filters, params, input, search, change } = usePageParams<Filters, NonNullable<RegionPageInput['field']>>({});
  const searching = Object.values(filters).some((v) => v !== undefined && v !== null && v !== '');
  const page = useRegionPage(input, searching);
  const save = useSaveRegion();
  const remove = useDeleteRegion();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  // the lazy tree: children by parent id, loaded on expand
  const [kids, setKids] = useState<Record<number, RegionRow[]>>({});
  const [loadingTree, setLoadingTree] = useState(0);
  const [expanded, setExpanded] = useState<number[]>([]);
  const load = useCallback(async (pid: number) => {
    setLoadingTree((n) => n + 1);
    try {
      const rows = await fetchRegionList(pid);
      setKids((k) => ({ ...k, [pid]: rows }));
    } finally {
      setLoadingTree((n) => n - 1);
    }
  }, []);
  useEffect(() => {
    void load(0);
  }, [load]);
  const reloadTree = () => Promise.all(Object.keys(kids).map((pid) => load(Number(pid))));
  const tree = useMemo(() => {
    const build = (pid: number): TreeRow[] =>
      (kids[pid] ?? []).map((r) => ({ ...r, children: r.hasChildren ? build(r.id) : undefined }));
    return build(0);
  }, [kids]);

  const afterChange = async () => {
    if (searching) await page.refetch();
    await reloadTree();
  };
  const doExport = async () => {
    setExporting(true);
    try {
      await exportRegions(searching ? filters : {});
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const levelOptions = [1, 2, 3, 4].map((v) => ({ value: v, label: t(`levels.${v}`) }));
  const searchFields: FieldConfig[] = [
    { name: 'name', label: t('name') },
    { name: 'code', label: t('code') },
    { name: 'level', label: t('level'), type: 'select', options: levelOptions },
  ];

  const columns: CrudColumn<TreeRow>[] = [
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'nameEn',
      width: 280,
      exportValue: (r) => regionLabel(r, lang),
      render: (_: string, row) => regionLabel(row, lang),
    },
    {
      key: 'code',
      title: t('code'),
      dataIndex: 'code',
      sortField: searching ? 'code' : undefined,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'path', title: t('path'), dataIndex: 'path' },
    {
      key: 'level',
      title: t('level'),
      dataIndex: 'level',
      exportValue: (r) => t(`levels.${r.level}`),
      render: (v: number) => <Tag color={LEVEL_COLORS[v]}>{t(`levels.${v}`)}</Tag>,
    },
    { key: 'nameEn', title: t('nameEn'), dataIndex: 'nameEn', hiddenByDefault: true },
    { key: 'nameZhCn', title: t('nameZhCn'), dataIndex: 'nameZhCn', hiddenByDefault: true },
    { key: 'nameZhTw', title: t('nameZhTw'), dataIndex: 'nameZhTw', hiddenByDefault: true },
    { key: 'orderNo', title: t('orderNo'), dataIndex: 'orderNo', align: 'right' },
    { key: 'remark', title: t('remark'), dataIndex: 'remark', ellipsis: true, width: 200 },
    { key: 'createTime', title: t('createTime'), dataIndex: 'createTime', hiddenByDefault: true },
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          name={regionLabel(row, lang)}
          onEdit={() => setEditing({ row })}
          editCode="sysRegion:update"
          onDelete={() => remove.mutateAsync(row.id).then(afterChange)}
          deleteCode="sysRegion:delete"
          deleteDisabled={row.hasChildren ? t('hasChildren') : undefined}
        >
          {row.level < MAX_LEVEL ? (
            <Auth code="sysRegion:add">
              <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ parent: row })}>
                {t('addChild')}
              </Button>
            </Auth>
          ) : null}
        </RowActions>
      ),
    },
  ];

  const formFields: FieldConfig[] = [
    {
      name: 'code',
      label: t('code'),
      required: true,
      span: 12,
      maxLength: 16,
      extra: t('codeHint'),
      rules: [{ pattern: /^[A-Za-z0-9][A-Za-z0-9_-]*$/, message: t('codeRule') }],
    },
    { name: 'orderNo', label: t('orderNo'), type: 'number', span: 12 },
    { name: 'nameEn', label: t('nameEn'), required: true, maxLength: 128 },
    { name: 'nameZhCn', label: t('nameZhCn'), span: 12, maxLength: 128 },
    { name: 'nameZhTw', label: t('nameZhTw'), span: 12, maxLength: 128 },
    { name: 'remark', label: t('remark'), type: 'textarea', maxLength: 256 },
  ];
  const initialValues = useMemo(() => editing?.row ?? { orderNo: 100 }, [editing]);
  const dialogTitle = editing?.row
    ? t('edit')
    : editing?.parent
      ? t('addUnder', { name: regionLabel(editing.parent, lang) })
      : t('add');

  const toolbarExtra = (
    <Space>
      <Auth code="sysRegion:import">
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t('import.button')}
        </Button>
      </Auth>
      <Auth code="sysRegion:export">
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()}>
          {tc('export')}
        </Button>
      </Auth>
    </Space>
  );

  return (
    <div style={{ padding: 12 }}>
      <SearchForm<Filters> fields={searchFields} onSearch={search} />
      {searching ? <Alert type="info" showIcon title={t('searchHint')} style={{ marginBottom: 12 }} /> : null}
      {searching ? (
        <CrudTable<TreeRow>
          pageKey="platform.region.search"
          title={t('title')}
          columns={columns}
          {...pagedTableProps(page, params, change)}
          onAdd={() => setEditing({})}
          addCode="sysRegion:add"
          toolbarExtra={toolbarExtra}
          tableProps={{ rowKey: 'id' }}
        />
      ) : (
        <CrudTable<TreeRow>
          pageKey="platform.region"
          title={t('title')}
          columns={columns}
          rows={tree}
          loading={loadingTree > 0}
          onRefresh={() => void reloadTree()}
          onAdd={() => setEditing({})}
          addCode="sysRegion:add"
          toolbarExtra={toolbarExtra}
          tableProps={{
            rowKey: 'id',
            expandable: {
              indentSize: 20,
              expandedRowKeys: expanded,
              onExpand: (open, row) => {
                setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((k) => k !== row.id)));
                if (open && !kids[row.id]) void load(row.id);
              },
            },
          }}
        />
      )}
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        width={680}
        title={dialogTitle}
        fields={formFields}
        initialValues={initialValues}
        schema={editing?.row ? sysRegion.update.input : sysRegion.add.input}
        toInput={(v) => ({
          ...v,
          id: editing?.row?.id,
          pid: editing?.row ? undefined : (editing?.parent?.id ?? 0),
          orderNo: v.orderNo ?? 100,
        })}
        onSubmit={async (body) => {
          await save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0]);
          const parent = editing?.parent;
          await afterChange();
          if (parent) {
            await load(parent.id);
            setExpanded((keys) => (keys.includes(parent.id) ? keys : [...keys, parent.id]));
          }
        }}
        onClose={() => setEditing(null)}
        testId="region-dialog"
      />
      <RegionImportDialog
        open={importing}
        onClose={() => {
          setImporting(false);
          void afterChange();
        }}
      />
    </div>
  );
}
