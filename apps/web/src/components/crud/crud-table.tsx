import type { PageResult } from '@shelfwise/contract/routes';
import { App, Button, Card, Table, type TableProps } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthCheck } from './auth';
import { ColumnSettings, useHiddenColumns } from './column-settings';
import { CrudToolbar, type ExportScope } from './crud-toolbar';
import { downloadCsv } from './export-csv';
import { pageChange } from './paged-table-props';
import type { PageParams } from './use-page-params';

/** A column of a CRUD table: a stable key and a text title (for settings and export). */
export type CrudColumn<T> = Omit<ColumnType<T>, 'title' | 'key' | 'sorter'> & {
  key: string;
  title: string;
  /** The API's sort field; the column sorts on the server when set (whitelisted fields only). */
  sortField?: string;
  /** The value written to the export (default: the `dataIndex` value). */
  exportValue?: (row: T) => unknown;
  /** Columns such as actions are neither hideable nor exported. */
  fixedColumn?: boolean;
  /** Hidden until the user shows it in the column settings. */
  hiddenByDefault?: boolean;
};

/** Props of a CRUD table; paged on the server when `params` and `onParamsChange` are given. */
export interface CrudTableProps<T> {
  pageKey: string;
  title?: ReactNode;
  columns: CrudColumn<T>[];
  rows: T[];
  loading?: boolean;
  total?: number;
  /** What the server said of the page beyond its rows: whether the total is exact, the cursors of its neighbours. */
  pageInfo?: Pick<PageResult<unknown>, 'totalExact' | 'nextCursor' | 'prevCursor'>;
  params?: PageParams;
  // biome-ignore lint/suspicious/noExplicitAny: each page narrows the sort field to its endpoint's whitelist
  onParamsChange?: (next: Partial<PageParams<any>>) => void;
  onRefresh?: () => void;
  onAdd?: () => void;
  addCode?: AuthCheck;
  onBatchDelete?: (ids: Key[]) => Promise<unknown>;
  batchDeleteCode?: AuthCheck;
  /** File name of the export; export is offered when set. */
  exportName?: string;
  /** Every row matching the current filters, for "export all". */
  fetchAll?: () => Promise<T[]>;
  /** Exports on the server (a file the API streams) instead of the CSV: the scope and the selected row keys. */
  exportFile?: (scope: ExportScope, keys: Key[]) => Promise<unknown>;
  /** More toolbar buttons; a function gets the selected row keys (actions on the selection). */
  toolbarExtra?: ReactNode | ((selected: Key[]) => ReactNode);
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource'>;
}

const valueAt = (row: unknown, path: unknown): unknown => {
  const keys = Array.isArray(path) ? path : [path];
  let v = row;
  for (const k of keys) v = v == null ? v : (v as Record<string, unknown>)[String(k)];
  return v;
};

/** A table with toolbar, server paging and sort, row selection, column settings and export (selected/page/all). */
export function CrudTable<T extends object>(props: CrudTableProps<T>) {
  const { pageKey, columns, rows, params, onParamsChange, exportName, fetchAll, onBatchDelete, exportFile } = props;
  const { t } = useTranslation('crud');
  const { message } = App.useApp();
  const defaults = useMemo(() => columns.filter((c) => c.hiddenByDefault).map((c) => c.key), [columns]);
  const { hidden, setHidden } = useHiddenColumns(pageKey, defaults);
  const [selected, setSelected] = useState<Key[]>([]);
  const rowKey = (props.tableProps?.rowKey as string | undefined) ?? 'id';
  const keyOf = (row: T) => (row as Record<string, Key>)[rowKey] as Key;

  const shown = useMemo(
    () =>
      columns
        .filter((c) => c.fixedColumn || !hidden.includes(c.key))
        .map(({ sortField, exportValue: _e, fixedColumn: _f, hiddenByDefault: _h, ...c }) => {
          const order =
            sortField && params?.field === sortField ? (params.order === 'ascending' ? 'ascend' : 'descend') : null;
          return { ...c, sorter: !!sortField, sortOrder: sortField ? order : undefined };
        }),
    [columns, hidden, params?.field, params?.order],
  );
  const exportable = columns.filter((c) => !c.fixedColumn && !hidden.includes(c.key));

  const doExport = async (scope: ExportScope) => {
    if (exportFile) {
      const hide = message.loading(t('exporting'), 0);
      try {
        await exportFile(scope, selected);
      } finally {
        hide();
      }
      return;
    }
    let data: T[] = rows;
    if (scope === 'selected') data = rows.filter((r) => selected.includes(keyOf(r)));
    if (scope === 'all' && fetchAll) {
      const hide = message.loading(t('exporting'), 0);
      try {
        data = await fetchAll();
      } finally {
        hide();
      }
    }
    const flat: T[] = [];
    const walk = (list: T[]) => {
      for (const r of list) {
        flat.push(r);
        const kids = (r as { children?: T[] }).children;
        if (Array.isArray(kids)) walk(kids);
      }
    };
    walk(data);
    downloadCsv(
      `${exportName}-${scope}`,
      exportable.map((c) => ({ title: c.title, value: c.exportValue ?? ((r: T) => valueAt(r, c.dataIndex)) })),
      flat,
    );
    void message.success(t('exported', { count: flat.length }));
  };

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (!onParamsChange) return;
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const col = columns.find((c) => c.key === s?.columnKey);
    if (extra.action === 'sort') {
      onParamsChange({
        page: 1,
        field: s?.order && col?.sortField ? col.sortField : undefined,
        order: s?.order ? (s.order === 'ascend' ? 'ascending' : 'descending') : undefined,
      });
    } else {
      onParamsChange(pageChange(params, props.pageInfo, pagination.current ?? 1, pagination.pageSize ?? 20));
    }
  };
  const exact = props.pageInfo?.totalExact !== false;

  const selectable = !!onBatchDelete || !!exportName || !!exportFile;
  return (
    <Card size="small" style={{ height: '100%' }} styles={{ body: { padding: 12 } }}>
      <CrudToolbar
        title={props.title}
        selectedCount={selected.length}
        onAdd={props.onAdd}
        addCode={props.addCode}
        batchDeleteCode={props.batchDeleteCode}
        onBatchDelete={
          onBatchDelete
            ? async () => {
                await onBatchDelete(selected);
                setSelected([]);
              }
            : undefined
        }
        onExport={exportName || exportFile ? (scope) => void doExport(scope) : undefined}
        onRefresh={props.onRefresh}
        extra={typeof props.toolbarExtra === 'function' ? props.toolbarExtra(selected) : props.toolbarExtra}
        settings={
          <ColumnSettings
            columns={columns.filter((c) => !c.fixedColumn).map((c) => ({ key: c.key, title: c.title }))}
            hidden={hidden}
            defaults={defaults}
            onChange={setHidden}
          />
        }
      />
      <Table<T>
        rowKey={rowKey}
        size="middle"
        scroll={{ x: 'max-content' }}
        {...props.tableProps}
        loading={props.loading}
        columns={shown as ColumnType<T>[]}
        dataSource={rows}
        onChange={onChange}
        rowSelection={
          selectable
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys), preserveSelectedRowKeys: false }
            : undefined
        }
        pagination={
          params
            ? {
                current: params.page,
                pageSize: params.pageSize,
                total: props.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) =>
                  exact ? (
                    t('total', { count: total })
                  ) : (
                    <span>
                      {t('totalMore', { count: total - 1 })}{' '}
                      <Button
                        type="link"
                        size="small"
                        style={{ padding: 0 }}
                        onClick={() => onParamsChange?.({ exactTotal: true, page: params.page, cursor: params.cursor })}
                      >
                        {t('countExactly')}
                      </Button>
                    </span>
                  ),
              }
            : false
        }
      />
    </Card>
  );
}
