import { Card, Table, type TableProps } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, PageParams } from '../../components/crud';
import { ColumnSettings, useHiddenColumns } from '../../components/crud/column-settings';
import { CrudToolbar, type ExportScope } from '../../components/crud/crud-toolbar';
import type { UserRow } from './user.api';

/**
 * The account table: the kit's toolbar, column settings, row selection and server paging and sort, with the
 * export going to the server's .xlsx (selected ids, this page, or all matching the filters) instead of a CSV.
 */
export function UserTable<S extends string>({
  title,
  columns,
  rows,
  total,
  loading,
  params,
  onParamsChange,
  onRefresh,
  onAdd,
  onExport,
  extra,
}: {
  title: ReactNode;
  columns: CrudColumn<UserRow>[];
  rows: UserRow[];
  total?: number;
  loading: boolean;
  params: PageParams<S>;
  onParamsChange: (next: Partial<PageParams<S>>) => void;
  onRefresh: () => void;
  onAdd?: () => void;
  onExport?: (scope: ExportScope, ids: number[]) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('crud');
  const defaults = useMemo(() => columns.filter((c) => c.hiddenByDefault).map((c) => c.key), [columns]);
  const { hidden, setHidden } = useHiddenColumns('system.user', defaults);
  const [selected, setSelected] = useState<Key[]>([]);

  const shown = columns
    .filter((c) => c.fixedColumn || !hidden.includes(c.key))
    .map(({ sortField, exportValue: _e, fixedColumn: _f, hiddenByDefault: _h, ...c }) => {
      const order =
        sortField && params.field === sortField ? (params.order === 'ascending' ? 'ascend' : 'descend') : null;
      return { ...c, sorter: !!sortField, sortOrder: sortField ? order : undefined };
    });

  const onChange: TableProps<UserRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<UserRow> | undefined;
    const col = columns.find((c) => c.key === s?.columnKey);
    if (extra.action === 'sort') {
      onParamsChange({
        page: 1,
        field: s?.order && col?.sortField ? (col.sortField as S) : undefined,
        order: s?.order ? (s.order === 'ascend' ? 'ascending' : 'descending') : undefined,
      });
    } else {
      onParamsChange({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? 20 });
    }
  };

  return (
    <Card size="small" style={{ height: '100%' }} styles={{ body: { padding: 12 } }}>
      <CrudToolbar
        title={title}
        selectedCount={selected.length}
        onAdd={onAdd}
        addCode="sysUser:add"
        onExport={onExport ? (scope) => onExport(scope, selected.map(Number)) : undefined}
        onRefresh={onRefresh}
        extra={extra}
        settings={
          <ColumnSettings
            columns={columns.filter((c) => !c.fixedColumn).map((c) => ({ key: c.key, title: c.title }))}
            hidden={hidden}
            defaults={defaults}
            onChange={setHidden}
          />
        }
      />
      <Table<UserRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={loading}
        columns={shown as ColumnType<UserRow>[]}
        dataSource={rows}
        onChange={onChange}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys),
          preserveSelectedRowKeys: true,
        }}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          total: total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (n) => t('total', { count: n }),
        }}
      />
    </Card>
  );
}
