import {
  AlertOutlined,
  CameraOutlined,
  CheckCircleOutlined,
  FallOutlined,
  FileSearchOutlined,
  NumberOutlined,
  RiseOutlined,
  TransactionOutlined,
} from '@ant-design/icons';
import { Card, Col, Empty, Row, Statistic, Table, Tabs, Tooltip, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditDetail, DifferenceGroup } from './audit.api';
import { AccuracyText, InlineBar, SignedQty, useBarWidths } from './audit-cells';
import { formatMoney, formatPercent, formatQty, share } from './audit-figures';
import './audit.texts';

function Figure({
  title,
  value,
  hint,
  icon,
  color,
  testId,
}: {
  title: string;
  value: ReactNode;
  hint?: string;
  icon: ReactNode;
  color?: string;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <Card size="small" styles={{ body: { padding: '12px 16px' } }} data-testid={testId} style={{ height: '100%' }}>
      <Statistic
        title={
          <span>
            <span style={{ color: color ?? token.colorTextSecondary, marginRight: 6 }}>{icon}</span>
            {title}
          </span>
        }
        valueRender={() => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</span>}
      />
      {hint ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: hint }}>
          {hint}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

/** The figure cards of an audit: lines, counted, differences, over / short, value, accuracy, pictures, reviews. */
export function AuditFigureCards({ detail }: { detail: AuditDetail }) {
  const { t } = useTranslation('audit');
  const { token } = theme.useToken();
  const diffShare = share(detail.diffLineCount, detail.countedLineCount);
  const cards = [
    {
      key: 'lines',
      title: t('list.lines'),
      value: formatQty(detail.lineCount),
      hint: t('detail.linesHint', { counted: formatQty(detail.countedLineCount), lines: formatQty(detail.lineCount) }),
      icon: <NumberOutlined />,
    },
    {
      key: 'diff',
      title: t('list.diffLines'),
      value: formatQty(detail.diffLineCount),
      hint: t('detail.diffHint', { pct: formatPercent(diffShare) }),
      icon: <AlertOutlined />,
      color: detail.diffLineCount > 0 ? token.colorWarning : undefined,
    },
    {
      key: 'over',
      title: t('list.overQty'),
      value: <SignedQty value={detail.overQty} large />,
      icon: <RiseOutlined />,
      color: token.colorWarning,
    },
    {
      key: 'short',
      title: t('list.shortQty'),
      value: <SignedQty value={detail.shortQty === 0 ? 0 : -Math.abs(detail.shortQty)} large />,
      icon: <FallOutlined />,
      color: token.colorError,
    },
    {
      key: 'value',
      title: t('list.diffValue'),
      value: formatMoney(detail.diffValue),
      hint: t('detail.valueHint'),
      icon: <TransactionOutlined />,
    },
    {
      key: 'accuracy',
      title: t('list.accuracy'),
      value: <AccuracyText value={detail.accuracy} large />,
      hint: t('detail.accuracyHint'),
      icon: <CheckCircleOutlined />,
      color: token.colorSuccess,
    },
    {
      key: 'pictures',
      title: t('list.pictures'),
      value: formatQty(detail.pictureCount),
      hint: t('detail.picturesHint'),
      icon: <CameraOutlined />,
    },
    {
      key: 'reviews',
      title: t('list.openReviews'),
      value: formatQty(detail.openReviewCount),
      hint: t('detail.reviewsHint'),
      icon: <FileSearchOutlined />,
      color: detail.openReviewCount > 0 ? token.colorPrimary : undefined,
    },
  ];
  return (
    <Row gutter={[12, 12]}>
      {cards.map(({ key, ...c }) => (
        <Col key={key} xs={12} md={8} xl={6} xxl={3}>
          <Figure {...c} testId={`audit-figure-${key}`} />
        </Col>
      ))}
    </Row>
  );
}

function DifferenceTable({ rows, testId }: { rows: DifferenceGroup[]; testId: string }) {
  const { t } = useTranslation('audit');
  const valueBars = useBarWidths(rows, (r) => r.diffValue);
  const qtyBars = useBarWidths(rows, (r) => r.diffQty);
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noDifferences')} />;
  const columns: ColumnsType<DifferenceGroup> = [
    {
      key: 'key',
      title: t('detail.groupKey'),
      dataIndex: 'key',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'name', title: t('detail.groupName'), dataIndex: 'name', ellipsis: true },
    {
      key: 'lines',
      title: t('detail.groupLines'),
      dataIndex: 'lineCount',
      align: 'right',
      render: (v: number) => formatQty(v),
    },
    {
      key: 'diffLines',
      title: t('detail.groupDiffLines'),
      dataIndex: 'diffLineCount',
      align: 'right',
      render: (v: number, r) => (
        <Tooltip title={formatPercent(share(v, r.lineCount))}>
          <span>{formatQty(v)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'diffQty',
      title: t('detail.groupDiffQty'),
      dataIndex: 'diffQty',
      render: (v: number, r) => (
        <InlineBar width={qtyBars.get(r) ?? 0} danger={v < 0}>
          <SignedQty value={v} />
        </InlineBar>
      ),
    },
    {
      key: 'diffValue',
      title: t('detail.groupDiffValue'),
      dataIndex: 'diffValue',
      defaultSortOrder: 'descend',
      sorter: (a, b) => a.diffValue - b.diffValue,
      render: (v: number, r) => <InlineBar width={valueBars.get(r) ?? 0}>{formatMoney(v)}</InlineBar>,
    },
  ];
  return (
    <Table<DifferenceGroup>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
    />
  );
}

/** The differences of a task by consignor, area and SKU, as tables with inline bars. */
export function DifferenceTabs({ detail }: { detail: AuditDetail }) {
  const { t } = useTranslation('audit');
  const tab = (key: string, label: string, rows: DifferenceGroup[]) => ({
    key,
    label: `${label} (${rows.length})`,
    children: <DifferenceTable rows={rows} testId={`audit-diff-${key}`} />,
  });
  return (
    <Tabs
      size="small"
      items={[
        tab('consignor', t('detail.byConsignor'), detail.byConsignor),
        tab('area', t('detail.byArea'), detail.byArea),
        tab('sku', t('detail.bySku'), detail.bySku),
      ]}
    />
  );
}
