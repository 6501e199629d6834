import { ArrowRightOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { ShelfTypeEnum } from '@shelfwise/contract/enums';
import { Alert, Flex, Progress, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { EnumTag } from '../system';
import type {
  GroupsInput,
  LeftOutReason,
  Plan,
  PlanFreed,
  PlanLeftOut,
  PlanMove,
  StockGroup,
} from './consolidation.api';
import { pct, qty } from './consolidation-summary';
import './consolidation.texts';

const PAGE = { defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100], size: 'small' as const };

/** Colour of a reason's tag: excluded by state, missing data, mixed stock, or planned but not moved. */
const REASON_COLOUR: Record<LeftOutReason, string> = {
  disabled: 'default',
  locked: 'orange',
  runningCount: 'orange',
  notCounted: 'gold',
  countIncomplete: 'gold',
  mixed: 'purple',
  noCapacity: 'magenta',
  noSkuWeight: 'magenta',
  noSkuVolume: 'magenta',
  full: 'blue',
  noPartner: 'cyan',
  noRoom: 'geekblue',
};

/** A reason as a tag, its explanation on hover. */
export function ReasonTag({ reason }: { reason: LeftOutReason }) {
  const { t } = useTranslation('consolidation');
  return (
    <Tooltip title={t(`reasonHelp.${reason}`)}>
      <Tag color={REASON_COLOUR[reason]} style={{ cursor: 'help' }} data-testid={`reason-${reason}`}>
        {t(`reasons.${reason}`)} <QuestionCircleOutlined style={{ fontSize: 11, opacity: 0.7 }} />
      </Tag>
    </Tooltip>
  );
}

/** Says that a list holds only the first rows of more. */
function Truncated({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation('consolidation');
  if (shown >= total) return null;
  return <Alert type="info" showIcon title={t('table.truncated', { shown, total })} style={{ marginBottom: 8 }} />;
}

const Code = ({ code, area }: { code: string; area: string }) => (
  <Space size={4}>
    <Typography.Text strong style={{ fontFamily: 'monospace' }}>
      {code}
    </Typography.Text>
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {area}
    </Typography.Text>
  </Space>
);

const num = { align: 'right' as const };

/** The moves of a plan: from, to, SKU, quantity and the target's stock and fill before and after. */
export function MovesTable({ plan }: { plan: Plan }) {
  const { t } = useTranslation('consolidation');
  const columns: ColumnsType<PlanMove> = [
    { title: t('table.from'), key: 'from', render: (_, m) => <Code code={m.fromCode} area={m.fromAreaCode} /> },
    { key: 'arrow', width: 32, render: () => <ArrowRightOutlined style={{ opacity: 0.5 }} /> },
    { title: t('table.to'), key: 'to', render: (_, m) => <Code code={m.toCode} area={m.toAreaCode} /> },
    {
      title: t('table.sku'),
      key: 'sku',
      render: (_, m) => (
        <Flex vertical>
          <span>{m.skuCode}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: m.skuName }}>
            {m.skuName}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('table.consignor'), dataIndex: 'consignorCode' },
    { title: t('table.lot'), dataIndex: 'lot', render: (v: string) => v || '—' },
    { title: t('table.quantity'), dataIndex: 'quantity', ...num, render: (v: number) => <strong>{qty(v)}</strong> },
    { title: t('table.sourceQty'), dataIndex: 'fromQty', ...num, render: qty },
    {
      title: t('table.target'),
      key: 'target',
      ...num,
      render: (_, m) => `${qty(m.toBefore)} → ${qty(m.toAfter)} / ${qty(m.toCapacity)}`,
    },
    {
      title: t('table.targetFill'),
      key: 'fill',
      width: 170,
      render: (_, m) => (
        <Tooltip title={`${pct(m.toFillBefore)} → ${pct(m.toFillAfter)}`}>
          <Progress
            percent={Math.min(100, m.toFillAfter)}
            success={{ percent: Math.min(100, m.toFillBefore) }}
            size="small"
            format={() => pct(m.toFillAfter)}
          />
        </Tooltip>
      ),
    },
  ];
  return (
    <>
      <Truncated shown={plan.moves.length} total={plan.moveTotal} />
      <Table
        rowKey={(m) => `${m.fromId}-${m.toId}`}
        size="small"
        columns={columns}
        dataSource={plan.moves}
        pagination={PAGE}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('table.noMoves') }}
        data-testid="consolidation-moves"
      />
    </>
  );
}

/** The locations the moves empty. */
export function FreedTable({ plan }: { plan: Plan }) {
  const { t } = useTranslation('consolidation');
  const columns: ColumnsType<PlanFreed> = [
    { title: t('table.location'), key: 'code', render: (_, f) => <Code code={f.code} area={f.areaCode} /> },
    { title: t('table.sku'), dataIndex: 'skuCode' },
    { title: t('table.consignor'), dataIndex: 'consignorCode' },
    { title: t('table.lot'), dataIndex: 'lot', render: (v: string) => v || '—' },
    { title: t('table.quantity'), dataIndex: 'quantity', ...num, render: qty },
    { title: t('table.capacity'), dataIndex: 'capacity', ...num, render: qty },
  ];
  return (
    <>
      <Truncated shown={plan.freed.length} total={plan.freedTotal} />
      <Table
        rowKey="locationId"
        size="small"
        columns={columns}
        dataSource={plan.freed}
        pagination={PAGE}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('table.noMoves') }}
        data-testid="consolidation-freed"
      />
    </>
  );
}

/** Left-out locations with their reasons; the reason filter lists every reason with its count. */
export function LeftOutTable({
  plan,
  rows,
  total,
  reason,
  onReason,
  loading,
}: {
  plan: Plan;
  rows: PlanLeftOut[];
  total: number;
  reason?: LeftOutReason;
  onReason: (reason?: LeftOutReason) => void;
  loading: boolean;
}) {
  const { t } = useTranslation('consolidation');
  const columns: ColumnsType<PlanLeftOut> = [
    { title: t('table.location'), key: 'code', render: (_, l) => <Code code={l.code} area={l.areaCode} /> },
    { title: t('table.reason'), dataIndex: 'reason', render: (r: LeftOutReason) => <ReasonTag reason={r} /> },
    { title: t('table.sku'), dataIndex: 'skuCode', render: (v: string | null) => v ?? '—' },
    { title: t('table.consignor'), dataIndex: 'consignorCode', render: (v: string | null) => v ?? '—' },
    { title: t('table.lot'), dataIndex: 'lot', render: (v: string | null) => v || '—' },
    { title: t('table.quantity'), dataIndex: 'quantity', ...num, render: qty },
    {
      title: t('table.capacity'),
      dataIndex: 'capacity',
      ...num,
      render: (v: number | null) => (v === null ? '—' : qty(v)),
    },
  ];
  return (
    <Flex vertical gap={8}>
      <Select
        allowClear
        value={reason}
        onChange={(r?: LeftOutReason) => onReason(r)}
        placeholder={t('table.allReasons')}
        options={plan.byReason.map((b) => ({ value: b.reason, label: `${t(`reasons.${b.reason}`)} (${b.count})` }))}
        style={{ width: 280 }}
        data-testid="consolidation-reason"
      />
      <Truncated shown={rows.length} total={total} />
      <Table
        rowKey="locationId"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={PAGE}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('table.noLeftOut') }}
        data-testid="consolidation-left-out"
      />
    </Flex>
  );
}

/** Stock groups spread over two or more locations, paged on the server. */
export function GroupsTable({
  input,
  onPage,
  data,
  loading,
}: {
  input: GroupsInput;
  onPage: (page: number, pageSize: number) => void;
  data?: { items: StockGroup[]; total: number };
  loading: boolean;
}) {
  const { t } = useTranslation('consolidation');
  const columns: ColumnsType<StockGroup> = [
    {
      title: t('table.sku'),
      key: 'sku',
      render: (_, g) => (
        <Flex vertical>
          <span>{g.skuCode}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {g.skuName}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('table.consignor'), dataIndex: 'consignorCode' },
    { title: t('table.lot'), dataIndex: 'lot', render: (v: string) => v || '—' },
    {
      title: t('table.shelfType'),
      dataIndex: 'shelfType',
      render: (v: number) => <EnumTag def={ShelfTypeEnum} value={v} />,
    },
    { title: t('table.locations'), dataIndex: 'locations', ...num },
    { title: t('table.partial'), dataIndex: 'partial', ...num },
    { title: t('table.quantity'), dataIndex: 'quantity', ...num, render: qty },
    { title: t('table.capacity'), dataIndex: 'capacity', ...num, render: qty },
    { title: t('table.fill'), key: 'fill', ...num, render: (_, g) => `${pct(g.fillBefore)} → ${pct(g.fillAfter)}` },
    {
      title: t('table.freed'),
      dataIndex: 'freed',
      ...num,
      render: (v: number) =>
        v ? <Tag color="success">{v}</Tag> : <Typography.Text type="secondary">0</Typography.Text>,
    },
  ];
  return (
    <Table
      rowKey={(g) => `${g.skuId}-${g.consignorId}-${g.lot}-${g.shelfType}`}
      size="small"
      loading={loading}
      columns={columns}
      dataSource={data?.items ?? []}
      pagination={{
        ...PAGE,
        current: input.page,
        pageSize: input.pageSize,
        total: data?.total ?? 0,
        onChange: onPage,
      }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('table.noGroups') }}
      data-testid="consolidation-groups"
    />
  );
}
