import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Drawer, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../components/crud';
import { ApiError } from '../../../lib/api/client';
import { useConsignorList } from '../../warehouse/consignor.api';
import { formatQty } from '../task/progress';
import {
  exportSnapshot,
  type SnapshotLineRow,
  type SnapshotLinesInput,
  type SnapshotRow,
  useSnapshotLines,
} from './snapshot.api';
import '../inventory.texts';
import { RevalidateOnLanguage } from '../../../lib/i18n/revalidate';

type LineFilters = { locationCode?: string; skuCode?: string; consignorId?: number };

/** A snapshot's header and its lines, paged on the server, filtered by location prefix, SKU and consignor. */
export function SnapshotLinesDrawer({ snapshot, onClose }: { snapshot: SnapshotRow | null; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<LineFilters>();
  const [filters, setFilters] = useState<LineFilters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const consignors = useConsignorList(!!snapshot && can('warehouseConsignor:list'));
  const input: SnapshotLinesInput | null = snapshot ? { snapshotId: snapshot.id, ...filters, ...paging } : null;
  const lines = useSnapshotLines(input);
  const [exporting, setExporting] = useState(false);

  const search = (v: LineFilters) => {
    setFilters({
      locationCode: v.locationCode?.trim() || undefined,
      skuCode: v.skuCode?.trim() || undefined,
      consignorId: v.consignorId,
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const doExport = async () => {
    if (!snapshot) return;
    setExporting(true);
    try {
      await exportSnapshot({ id: snapshot.id, ...filters });
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : t('common.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Drawer
      open={!!snapshot}
      onClose={onClose}
      size={920}
      title={snapshot ? t('snapshot.linesTitle', { title: snapshot.title }) : ''}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) {
          setFilters({});
          setPaging({ page: 1, pageSize: 20 });
        }
      }}
      extra={
        can('inventorySnapshot:export') ? (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()}>
            {tc('export')}
          </Button>
        ) : null
      }
      data-testid="snapshot-lines-drawer"
    >
      {snapshot ? (
        <Descriptions
          size="small"
          column={3}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'wh',
              label: t('common.warehouse'),
              children: [snapshot.warehouseCode, snapshot.warehouseName].filter(Boolean).join(' · '),
            },
            { key: 'taken', label: t('snapshot.takenTime'), children: snapshot.takenTime ?? '—' },
            { key: 'file', label: t('snapshot.sourceFile'), children: snapshot.sourceFile ?? '—' },
            { key: 'lines', label: t('snapshot.lineCount'), children: snapshot.lineCount.toLocaleString() },
            { key: 'qty', label: t('snapshot.totalQuantity'), children: formatQty(snapshot.totalQuantity) },
            { key: 'remark', label: t('common.remark'), children: snapshot.remark ?? '—' },
          ]}
        />
      ) : null}
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }} name="snapshotLines">
        <RevalidateOnLanguage />
        <Form.Item name="locationCode" label={t('common.locationCode')}>
          <Input allowClear placeholder={t('common.prefixHint')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="skuCode" label={t('common.sku')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="consignorId" label={t('common.consignor')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            options={(consignors.data ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {tc('search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {tc('reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<SnapshotLineRow>
        rowKey="id"
        size="small"
        loading={lines.isFetching}
        dataSource={lines.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: lines.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => tc('total', { count: total }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            key: 'location',
            title: t('common.locationCode'),
            dataIndex: 'locationCode',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { key: 'sku', title: t('common.sku'), dataIndex: 'skuCode' },
          { key: 'skuName', title: t('common.skuName'), dataIndex: 'skuName' },
          {
            key: 'consignor',
            title: t('common.consignor'),
            render: (_: unknown, r) => [r.consignorCode, r.consignorName].filter(Boolean).join(' · '),
          },
          { key: 'lot', title: t('common.lot'), dataIndex: 'lot', render: (v: string | null) => v ?? '—' },
          {
            key: 'qty',
            title: t('snapshot.quantity'),
            dataIndex: 'quantity',
            align: 'right',
            render: (v: number) => formatQty(v),
          },
        ]}
      />
    </Drawer>
  );
}
