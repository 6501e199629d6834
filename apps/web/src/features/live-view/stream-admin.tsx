import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { LIVE_PROTOCOLS, type LiveProtocol, liveUrlProblem, warehouseLiveView } from '@shelfwise/contract';
import { Button, Drawer, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, EditDialog, type FieldConfig, RowActions, StatusCell } from '../../components/crud';
import { statusOptions } from '../system/status';
import { AreaSelect, useWarehouseOptions } from '../warehouse/warehouse-pickers';
import {
  type LiveStream,
  type LiveStreamPageInput,
  useDeleteLiveStream,
  useLiveStreamPage,
  useSaveLiveStream,
  useSetLiveStreamStatus,
} from './live-view.api';

type Editing = { row?: LiveStream } | null;

/**
 * The camera configuration (`warehouseLiveView` page, add, update, delete, enable): which streams each storage area
 * has, their protocol and address. Addresses are checked as the server checks them before they are sent.
 */
export function StreamAdmin({
  open,
  onClose,
  warehouseId,
}: {
  open: boolean;
  onClose: () => void;
  /** The warehouse the live view shows: the list starts filtered to it and new cameras start there. */
  warehouseId?: number;
}) {
  const { t } = useTranslation('liveView');
  const { t: tc } = useTranslation('crud');
  const [keyword, setKeyword] = useState('');
  const [protocol, setProtocol] = useState<LiveProtocol>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<Editing>(null);
  const input: LiveStreamPageInput = {
    ...paging,
    warehouseId,
    protocol,
    keyword: keyword.trim() || undefined,
  };
  const page = useLiveStreamPage(input, open);
  const save = useSaveLiveStream();
  const remove = useDeleteLiveStream();
  const setStatus = useSetLiveStreamStatus();
  const warehouses = useWarehouseOptions(open);
  const protocols = LIVE_PROTOCOLS.map((p) => ({ value: p, label: t(`protocol.${p}`) }));

  const columns: ColumnsType<LiveStream> = [
    {
      key: 'area',
      title: t('admin.area'),
      render: (_: unknown, r) => (
        <span>
          {r.areaCode ? <Typography.Text code>{r.areaCode}</Typography.Text> : null} {r.areaName}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {r.warehouseName}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'name', title: t('admin.name'), dataIndex: 'name' },
    {
      key: 'protocol',
      title: t('admin.protocol'),
      dataIndex: 'protocol',
      render: (v: LiveProtocol) => <Tag>{t(`protocol.${v}`)}</Tag>,
    },
    {
      key: 'url',
      title: t('admin.url'),
      dataIndex: 'url',
      render: (v: string) => (
        <Typography.Text code copyable ellipsis={{ tooltip: v }} style={{ maxWidth: 280 }}>
          {v}
        </Typography.Text>
      ),
    },
    { key: 'orderNo', title: t('admin.orderNo'), dataIndex: 'orderNo', align: 'right' },
    {
      key: 'status',
      title: t('admin.status'),
      dataIndex: 'status',
      render: (v: number, row) => (
        <StatusCell
          status={v}
          code="warehouseLiveView:setStatus"
          loading={setStatus.isPending && setStatus.variables?.id === row.id}
          onChange={(status) => setStatus.mutate({ id: row.id, status })}
        />
      ),
    },
    {
      key: 'actions',
      title: tc('actions'),
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          compact
          name={row.name}
          onEdit={() => setEditing({ row })}
          editCode="warehouseLiveView:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="warehouseLiveView:delete"
        />
      ),
    },
  ];

  // the server's check, on the field, before the body is sent
  const urlRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value: unknown) => {
      const url = typeof value === 'string' ? value.trim() : '';
      const chosen = getFieldValue('protocol') as LiveProtocol | undefined;
      const problem = url && chosen ? liveUrlProblem(chosen, url) : null;
      return problem ? Promise.reject(new Error(t(`rule.${problem}`))) : Promise.resolve();
    },
  });

  const formFields: FieldConfig[] = [
    {
      name: 'warehouseId',
      label: t('admin.warehouse'),
      type: 'select',
      options: warehouses,
      span: 12,
      rules: [{ required: true, message: t('admin.selectArea') }],
    },
    {
      name: 'areaId',
      label: t('admin.area'),
      span: 12,
      rules: [{ required: true, message: t('admin.selectArea') }],
      render: () => <AreaSelect enabledOnly />,
    },
    { name: 'name', label: t('admin.name'), required: true, span: 12, maxLength: 64 },
    { name: 'protocol', label: t('admin.protocol'), type: 'radio', span: 12, options: protocols },
    {
      name: 'url',
      label: t('admin.url'),
      required: true,
      maxLength: 1024,
      placeholder: t('admin.urlExample'),
      extra: t('admin.urlHint'),
      rules: [urlRule],
    },
    { name: 'orderNo', label: t('admin.orderNo'), type: 'number', span: 12 },
    { name: 'status', label: t('admin.status'), type: 'radio', span: 12, options: statusOptions(tc) },
    { name: 'remark', label: t('admin.remark'), type: 'textarea', maxLength: 512 },
  ];
  const initialValues = useMemo(
    () => editing?.row ?? { protocol: 'hls', status: 1, orderNo: 100, warehouseId },
    [editing, warehouseId],
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('admin.title')}
      size="min(1040px, 100vw)"
      destroyOnHidden
      data-testid="live-admin"
      extra={
        <Auth code="warehouseLiveView:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="live-admin-add">
            {t('admin.add')}
          </Button>
        </Auth>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('admin.keyword')}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          placeholder={t('admin.protocol')}
          options={protocols}
          value={protocol}
          onChange={(v) => {
            setProtocol(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 140 }}
        />
      </Space>
      <Table<LiveStream>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={page.data?.items}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.empty') }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, size) => setPaging({ page: p, pageSize: size }),
        }}
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        title={editing?.row ? t('admin.edit') : t('admin.add')}
        width={720}
        fields={formFields}
        initialValues={initialValues}
        schema={editing?.row ? warehouseLiveView.update.input : warehouseLiveView.add.input}
        toInput={(v) => {
          const { warehouseId: _w, ...body } = v;
          return { ...body, id: editing?.row?.id };
        }}
        onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
        onClose={() => setEditing(null)}
        testId="live-admin-dialog"
      />
    </Drawer>
  );
}
