import { DownloadOutlined, FileSearchOutlined, UploadOutlined } from '@ant-design/icons';
import { inventorySnapshot } from '@shelfwise/contract';
import { App, Button, DatePicker, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, type CrudColumn, CrudPage, type FieldConfig, useCan, usePageParams } from '../../../components/crud';
import { ApiError } from '../../../lib/api/client';
import { useWarehouseOptions } from '../../warehouse/warehouse-pickers';
import { formatQty } from '../task/progress';
import { downloadSnapshotTemplate, exportSnapshot, type SnapshotRow, useImportSnapshot } from './snapshot.api';
import { SnapshotLinesDrawer } from './snapshot-lines-drawer';
import { StockImportDialog } from './stock-import-dialog';
import '../inventory.texts';

type DateRange = [Dayjs | null, Dayjs | null] | null;
/** A search form's values with a date range. */
export type RangeValues = Record<string, unknown> & { range?: DateRange };

/** The date range of a search form as the API's `startTime` / `endTime` (whole days, inclusive). */
export function rangeFilters<F extends { range?: DateRange }>({ range, ...rest }: F) {
  return {
    ...rest,
    startTime: range?.[0] ? range[0].format('YYYY-MM-DD') : undefined,
    endTime: range?.[1] ? range[1].format('YYYY-MM-DD') : undefined,
  };
}

/** The snapshots tab: list, import (with the row report), lines drawer, export and delete. */
export function SnapshotPanel() {
  const { t } = useTranslation('inventory');
  const { message } = App.useApp();
  const can = useCan();
  // the import starts in the filtered warehouse
  const state = usePageParams<{ warehouseId?: number }>({});
  const warehouses = useWarehouseOptions();
  const importSnapshot = useImportSnapshot();
  const [importing, setImporting] = useState(false);
  const [viewing, setViewing] = useState<SnapshotRow | null>(null);

  const searchFields: FieldConfig[] = [
    {
      name: 'warehouseId',
      label: t('common.warehouse'),
      type: 'select',
      options: warehouses,
      placeholder: t('common.allWarehouses'),
    },
    { name: 'title', label: t('snapshot.name'), placeholder: t('snapshot.nameHint') },
    {
      name: 'range',
      label: t('snapshot.takenBetween'),
      render: () => (
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          style={{ width: '100%' }}
          placeholder={[t('common.from'), t('common.to')]}
        />
      ),
    },
  ];

  const doExport = async (row: SnapshotRow) => {
    const hide = message.loading(t('common.exporting'), 0);
    try {
      await exportSnapshot({ id: row.id });
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : t('common.exportFailed'));
    } finally {
      hide();
    }
  };

  const columns: CrudColumn<SnapshotRow>[] = [
    {
      key: 'title',
      title: t('snapshot.name'),
      dataIndex: 'title',
      sortField: 'title',
      render: (v: string, row) => (
        <Typography.Link onClick={() => setViewing(row)} data-testid="snapshot-open-lines">
          {v}
        </Typography.Link>
      ),
    },
    {
      key: 'warehouse',
      title: t('common.warehouse'),
      dataIndex: 'warehouseName',
      exportValue: (r) => [r.warehouseCode, r.warehouseName].filter(Boolean).join(' · '),
      render: (_: unknown, r) => [r.warehouseCode, r.warehouseName].filter(Boolean).join(' · '),
    },
    { key: 'takenTime', title: t('snapshot.takenTime'), dataIndex: 'takenTime', sortField: 'takenTime' },
    {
      key: 'lineCount',
      title: t('snapshot.lineCount'),
      dataIndex: 'lineCount',
      align: 'right',
      render: (v: number) => v.toLocaleString(),
    },
    {
      key: 'totalQuantity',
      title: t('snapshot.totalQuantity'),
      dataIndex: 'totalQuantity',
      align: 'right',
      render: (v: number) => formatQty(v),
    },
    { key: 'sourceFile', title: t('snapshot.sourceFile'), dataIndex: 'sourceFile', ellipsis: true },
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, hiddenByDefault: true },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', sortField: 'createTime' },
  ];

  return (
    <>
      <CrudPage
        service={{ page: inventorySnapshot.page, delete: inventorySnapshot.delete }}
        pageKey="inventory.snapshot"
        title={t('snapshot.title')}
        searchFields={searchFields}
        columns={columns}
        pageState={state}
        toFilters={(v) => rangeFilters(v as RangeValues)}
        bare
        compactActions
        rowName={(row) => row.title}
        rowActions={(row) => (
          <>
            <Tooltip title={t('snapshot.lines')}>
              <Button
                type="link"
                size="small"
                icon={<FileSearchOutlined />}
                aria-label={t('snapshot.lines')}
                onClick={() => setViewing(row)}
              />
            </Tooltip>
            <Auth code="inventorySnapshot:export">
              <Tooltip title={t('snapshot.exportLines')}>
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  aria-label={t('snapshot.exportLines')}
                  onClick={() => void doExport(row)}
                />
              </Tooltip>
            </Auth>
          </>
        )}
        toolbarExtra={
          <Auth code="inventorySnapshot:import">
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => setImporting(true)}
              data-testid="snapshot-import"
            >
              {t('snapshot.importButton')}
            </Button>
          </Auth>
        }
        testId="snapshot"
      />
      <SnapshotLinesDrawer snapshot={viewing} onClose={() => setViewing(null)} />
      {can('inventorySnapshot:import') ? (
        <StockImportDialog
          open={importing}
          kind="snapshot"
          defaultWarehouseId={state.filters.warehouseId}
          onClose={() => setImporting(false)}
          downloadTemplate={downloadSnapshotTemplate}
          onImport={(file, query) => importSnapshot.mutateAsync({ file, query })}
          summary={(r) =>
            r.id ? t('snapshot.import.snapshotCreated') : r.failed ? t('snapshot.import.nothingWritten') : null
          }
        />
      ) : null}
    </>
  );
}
