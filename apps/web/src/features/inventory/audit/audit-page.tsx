import { AuditOutlined, CameraOutlined, EyeOutlined } from '@ant-design/icons';
import { inventoryCheckAudit } from '@shelfwise/contract';
import { AuditStatus, AuditStatusEnum, InventoryTaskTypeEnum } from '@shelfwise/contract/enums';
import { Badge, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, type CrudRow, type FieldConfig } from '../../../components/crud';
import { EnumTag, useEnumLabel, useEnumOptions } from '../../system';
import { useWarehouseOptions } from '../../warehouse/warehouse-pickers';
import { AccuracyText, SignedQty } from './audit-cells';
import { AuditDrawer } from './audit-drawer';
import { formatMoney, formatPercent, formatQty } from './audit-figures';
import './audit.texts';

type AuditRow = CrudRow<typeof inventoryCheckAudit>;

/**
 * The audit centre (`inventoryCheckAudit`): submitted tasks with their differences, value of differences, accuracy
 * and pictures; a task opens in the audit drawer, where the auditor approves, rejects with recount or rejects and
 * closes.
 */
export default function AuditPage() {
  const { t } = useTranslation('audit');
  const warehouses = useWarehouseOptions();
  const statuses = useEnumOptions(AuditStatusEnum, [
    AuditStatus.pendingAudit,
    AuditStatus.inReview,
    AuditStatus.approved,
    AuditStatus.rejected,
  ]);
  const statusLabel = useEnumLabel(AuditStatusEnum);
  const typeLabel = useEnumLabel(InventoryTaskTypeEnum);
  const [opened, setOpened] = useState<number | null>(null);

  const searchFields: FieldConfig[] = [
    {
      name: 'warehouseId',
      label: t('common.warehouse'),
      type: 'select',
      options: warehouses,
      placeholder: t('list.allWarehouses'),
    },
    { name: 'auditStatus', label: t('list.auditStatus'), type: 'select', options: statuses },
    { name: 'code', label: t('list.codeFilter') },
  ];

  const columns: CrudColumn<AuditRow>[] = [
    {
      key: 'code',
      title: t('common.code'),
      dataIndex: 'code',
      sortField: 'code',
      fixed: 'left',
      render: (v: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpened(r.id)}>
          {v}
        </Button>
      ),
    },
    { key: 'name', title: t('common.name'), dataIndex: 'name', ellipsis: true },
    { key: 'warehouse', title: t('common.warehouse'), dataIndex: 'warehouseName' },
    {
      key: 'type',
      title: t('common.type'),
      dataIndex: 'type',
      exportValue: (r) => typeLabel(r.type),
      render: (v: number) => <EnumTag def={InventoryTaskTypeEnum} value={v} />,
    },
    {
      key: 'auditStatus',
      title: t('list.auditStatus'),
      dataIndex: 'auditStatus',
      exportValue: (r) => statusLabel(r.auditStatus),
      render: (v: number) => <EnumTag def={AuditStatusEnum} value={v} />,
    },
    { key: 'submitTime', title: t('list.submitted'), dataIndex: 'submitTime', sortField: 'submitTime' },
    { key: 'submitUser', title: t('list.submittedBy'), dataIndex: 'submitUserName' },
    {
      key: 'lines',
      title: t('list.lines'),
      dataIndex: 'lineCount',
      align: 'right',
      render: (v: number) => formatQty(v),
    },
    {
      key: 'counted',
      title: t('list.countedLines'),
      dataIndex: 'countedLineCount',
      align: 'right',
      render: (v: number) => formatQty(v),
    },
    {
      key: 'diffLines',
      title: t('list.diffLines'),
      dataIndex: 'diffLineCount',
      align: 'right',
      render: (v: number) => (v > 0 ? <Typography.Text type="warning">{formatQty(v)}</Typography.Text> : formatQty(v)),
    },
    {
      key: 'over',
      title: t('list.overQty'),
      dataIndex: 'overQty',
      align: 'right',
      render: (v: number) => <SignedQty value={v} />,
    },
    {
      key: 'short',
      title: t('list.shortQty'),
      dataIndex: 'shortQty',
      align: 'right',
      exportValue: (r) => -Math.abs(r.shortQty),
      render: (v: number) => <SignedQty value={v === 0 ? 0 : -Math.abs(v)} />,
    },
    {
      key: 'diffValue',
      title: t('list.diffValue'),
      dataIndex: 'diffValue',
      sortField: 'diffValue',
      align: 'right',
      render: (v: number) => formatMoney(v),
    },
    {
      key: 'accuracy',
      title: t('list.accuracy'),
      dataIndex: 'accuracy',
      align: 'right',
      exportValue: (r) => formatPercent(r.accuracy),
      render: (v: number | null) => <AccuracyText value={v} />,
    },
    {
      key: 'pictures',
      title: t('list.pictures'),
      dataIndex: 'pictureCount',
      align: 'right',
      render: (v: number) =>
        v > 0 ? (
          <Space size={4}>
            <CameraOutlined />
            {formatQty(v)}
          </Space>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    {
      key: 'openReviews',
      title: t('list.openReviews'),
      dataIndex: 'openReviewCount',
      align: 'right',
      render: (v: number) =>
        v > 0 ? <Badge count={v} color="blue" /> : <Typography.Text type="secondary">0</Typography.Text>,
    },
    { key: 'auditTime', title: t('list.audited'), dataIndex: 'auditTime', hiddenByDefault: true },
    {
      key: 'actions',
      title: '',
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          icon={r.auditStatus === AuditStatus.pendingAudit ? <AuditOutlined /> : <EyeOutlined />}
          onClick={() => setOpened(r.id)}
          data-testid="audit-open"
        >
          {r.auditStatus === AuditStatus.pendingAudit ? t('list.audit') : t('list.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <CrudPage
        // the list is exported as the table shows it (CSV)
        service={{ page: inventoryCheckAudit.page }}
        pageKey="inventory.audit"
        title={t('list.title')}
        searchFields={searchFields}
        columns={columns}
        rowName={(r) => r.code}
        clientExport="audit-centre"
        tableProps={{ onRow: (r) => ({ onDoubleClick: () => setOpened(r.id) }) }}
        testId="audit"
      />
      <AuditDrawer taskId={opened} onClose={() => setOpened(null)} />
    </>
  );
}
