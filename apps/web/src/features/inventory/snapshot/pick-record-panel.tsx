import { ClearOutlined, UploadOutlined } from '@ant-design/icons';
import { inventoryPickRecord } from '@shelfwise/contract';
import { Alert, App, Button, DatePicker, Form, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  type CrudColumn,
  CrudPage,
  type CrudRow,
  type FieldConfig,
  useCan,
  usePageParams,
} from '../../../components/crud';
import { ApiError } from '../../../lib/api/client';
import { RevalidateOnLanguage } from '../../../lib/i18n/revalidate';
import { useWarehouseOptions } from '../../warehouse/warehouse-pickers';
import { formatQty } from '../task/progress';
import { downloadPickRecordTemplate, useClearPickRecords, useImportPickRecords } from './snapshot.api';
import { type RangeValues, rangeFilters } from './snapshot-panel';
import { StockImportDialog } from './stock-import-dialog';
import '../inventory.texts';

type PickRecordRow = CrudRow<typeof inventoryPickRecord>;

/** The pick records tab: list, import, export, delete the selection, clear a warehouse's picks between dates. */
export function PickRecordPanel() {
  const { t } = useTranslation('inventory');
  const can = useCan();
  // the import and the clearing start in the filtered warehouse
  const state = usePageParams<{ warehouseId?: number }>({});
  const warehouses = useWarehouseOptions();
  const importPicks = useImportPickRecords();
  const [importing, setImporting] = useState(false);
  const [clearing, setClearing] = useState(false);

  const searchFields: FieldConfig[] = [
    {
      name: 'warehouseId',
      label: t('common.warehouse'),
      type: 'select',
      options: warehouses,
      placeholder: t('common.allWarehouses'),
    },
    { name: 'locationCode', label: t('common.locationCode'), placeholder: t('common.prefixHint') },
    { name: 'skuCode', label: t('common.sku') },
    { name: 'orderRef', label: t('snapshot.pick.orderRef') },
    {
      name: 'range',
      label: t('snapshot.pick.pickedBetween'),
      render: () => (
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          style={{ width: '100%' }}
          placeholder={[t('common.from'), t('common.to')]}
        />
      ),
    },
  ];

  const columns: CrudColumn<PickRecordRow>[] = [
    { key: 'pickedTime', title: t('snapshot.pick.pickedTime'), dataIndex: 'pickedTime', sortField: 'pickedTime' },
    { key: 'warehouse', title: t('common.warehouse'), dataIndex: 'warehouseCode' },
    {
      key: 'locationCode',
      title: t('common.locationCode'),
      dataIndex: 'locationCode',
      sortField: 'locationCode',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'skuCode', title: t('common.sku'), dataIndex: 'skuCode', sortField: 'skuCode' },
    { key: 'skuName', title: t('common.skuName'), dataIndex: 'skuName', ellipsis: true },
    { key: 'consignor', title: t('common.consignor'), dataIndex: 'consignorCode' },
    {
      key: 'quantity',
      title: t('snapshot.pick.quantity'),
      dataIndex: 'quantity',
      sortField: 'quantity',
      align: 'right',
      render: (v: number) => formatQty(v),
    },
    { key: 'orderRef', title: t('snapshot.pick.orderRef'), dataIndex: 'orderRef' },
    { key: 'createTime', title: t('snapshot.pick.importedAt'), dataIndex: 'createTime', hiddenByDefault: true },
  ];

  return (
    <>
      <CrudPage
        // the delete endpoint takes the selected ids: it is the batch delete
        service={{
          page: inventoryPickRecord.page,
          batchDelete: inventoryPickRecord.delete,
          export: inventoryPickRecord.export,
        }}
        pageKey="inventory.pickRecord"
        title={t('snapshot.pick.title')}
        searchFields={searchFields}
        columns={columns}
        pageState={state}
        toFilters={(v) => rangeFilters(v as RangeValues)}
        bare
        rowName={(row) => row.skuCode}
        batchDeleted={(count) => t('snapshot.pick.deleted', { count })}
        batchDeletedSuccess
        files={{ export: 'pick-records' }}
        toolbarExtra={
          <>
            <Auth code="inventoryPickRecord:import">
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="pick-import">
                {t('snapshot.pick.import')}
              </Button>
            </Auth>
            <Auth code="inventoryPickRecord:delete">
              <Button danger icon={<ClearOutlined />} onClick={() => setClearing(true)} data-testid="pick-clear">
                {t('snapshot.pick.clear')}
              </Button>
            </Auth>
          </>
        }
        testId="pick"
      />
      {can('inventoryPickRecord:import') ? (
        <StockImportDialog
          open={importing}
          kind="pick"
          defaultWarehouseId={state.filters.warehouseId}
          onClose={() => setImporting(false)}
          downloadTemplate={downloadPickRecordTemplate}
          onImport={(file, v) =>
            importPicks.mutateAsync({ file, query: { warehouseId: v.warehouseId, partial: v.partial } })
          }
        />
      ) : null}
      <ClearPicksDialog open={clearing} warehouseId={state.filters.warehouseId} onClose={() => setClearing(false)} />
    </>
  );
}

/** Clears the picks of one warehouse picked between two dates (open ends allowed), after a confirmation. */
function ClearPicksDialog({
  open,
  warehouseId,
  onClose,
}: {
  open: boolean;
  warehouseId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  const { t: tc } = useTranslation('crud');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ warehouseId: number; range?: [Dayjs | null, Dayjs | null] | null }>();
  const warehouses = useWarehouseOptions(open);
  const clear = useClearPickRecords();
  const submit = async () => {
    const v = await form.validateFields();
    const body = { warehouseId: v.warehouseId, ...rangeFilters({ range: v.range }) };
    const name = warehouses.find((w) => w.value === v.warehouseId)?.label ?? '';
    modal.confirm({
      title: t('snapshot.pick.clearConfirmTitle'),
      content: t('snapshot.pick.clearConfirm', {
        warehouse: name,
        from: body.startTime ?? t('snapshot.pick.openStart'),
        to: body.endTime ?? t('snapshot.pick.openEnd'),
      }),
      okText: t('snapshot.pick.clear'),
      okButtonProps: { danger: true },
      cancelText: tc('cancel'),
      onOk: async () => {
        try {
          const count = await clear.mutateAsync(body);
          void message.success(t('snapshot.pick.cleared', { count }));
          form.resetFields();
          onClose();
        } catch (e) {
          void message.error(e instanceof ApiError ? e.message : t('snapshot.pick.clearFailed'));
        }
      },
    });
  };
  return (
    <Modal
      open={open}
      title={t('snapshot.pick.clearTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('snapshot.pick.clear')}
      okButtonProps={{ danger: true, loading: clear.isPending }}
      cancelText={tc('cancel')}
      destroyOnHidden
      data-testid="pick-clear-dialog"
    >
      <Alert type="warning" showIcon title={t('snapshot.pick.clearHint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" name="pickClear" initialValues={{ warehouseId }}>
        <RevalidateOnLanguage />
        <Form.Item
          name="warehouseId"
          label={t('common.warehouse')}
          rules={[{ required: true, message: t('common.warehouseRequired') }]}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={warehouses} />
        </Form.Item>
        <Form.Item name="range" label={t('snapshot.pick.pickedBetween')} extra={t('snapshot.pick.rangeHint')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
            placeholder={[t('common.from'), t('common.to')]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
