import {
  AuditOutlined,
  DisconnectOutlined,
  EditOutlined,
  FileAddOutlined,
  InboxOutlined,
  RollbackOutlined,
  ScanOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { ItemResultEnum, ItemStatusEnum } from '@shelfwise/contract/enums';
import { Descriptions, Divider, Drawer, Empty, Image, Skeleton, Space, Tag, Timeline, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EnumTag } from '../../system';
import { type HistoryEntry, type ItemRow, useCauseLabel, useLineHistory } from './audit.api';
import { AuthPicture, SignedQty } from './audit-cells';
import { formatMoney, formatPct, formatQty, formatSignedQty } from './audit-figures';
import './audit.texts';

const KIND_ICONS: Record<HistoryEntry['kind'], ReactNode> = {
  scan: <ScanOutlined />,
  set: <EditOutlined />,
  empty: <InboxOutlined />,
  undo: <RollbackOutlined />,
  review: <SearchOutlined />,
  audit: <AuditOutlined />,
  generated: <FileAddOutlined />,
};
const KIND_COLORS: Record<HistoryEntry['kind'], string> = {
  scan: 'blue',
  set: 'blue',
  empty: 'gray',
  undo: 'red',
  review: 'orange',
  audit: 'green',
  generated: 'gray',
};

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation('audit');
  const { token } = theme.useToken();
  const delta =
    entry.quantityDelta !== null ? (
      <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatSignedQty(entry.quantityDelta)}
      </Typography.Text>
    ) : null;
  return (
    <div data-testid="audit-history-entry">
      <Space size={[6, 2]} wrap>
        <Typography.Text strong>{t(`result.kind.${entry.kind}`)}</Typography.Text>
        {entry.pass !== null ? <Tag variant="filled">{t('result.pass', { pass: entry.pass })}</Tag> : null}
        {delta}
        {entry.quantityAfter !== null ? (
          <Typography.Text type="secondary">
            {t('result.after', { qty: formatQty(entry.quantityAfter) })}
          </Typography.Text>
        ) : null}
        {entry.offline ? (
          <Tag color="orange" icon={<DisconnectOutlined />}>
            {t('result.offline')}
          </Tag>
        ) : null}
      </Space>
      <div style={{ color: token.colorTextSecondary, fontSize: 12, marginTop: 2 }}>
        <Space size={[12, 0]} wrap>
          <span>{entry.userName ?? t('result.unknownUser')}</span>
          {entry.deviceId ? <span>{t('result.device', { device: entry.deviceId })}</span> : null}
          {entry.rawCode ? (
            <span>
              {t('result.raw')}{' '}
              <Typography.Text code style={{ fontSize: 12 }}>
                {entry.rawCode}
              </Typography.Text>
            </span>
          ) : null}
        </Space>
      </div>
      {entry.note ? <Typography.Paragraph style={{ margin: '4px 0 0' }}>{entry.note}</Typography.Paragraph> : null}
    </div>
  );
}

/** The history of one line as a timeline: every scan, pass, review and decision, with who, when and where. */
export function LineTimeline({ itemId }: { itemId: number }) {
  const { t } = useTranslation('audit');
  const history = useLineHistory(itemId);
  if (history.isLoading) return <Skeleton active />;
  const entries = history.data ?? [];
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('result.noHistory')} />;
  return (
    <Timeline
      mode="start"
      titleSpan="150px"
      data-testid="audit-history"
      items={entries.map((e, i) => ({
        key: `${e.time}-${i}`,
        title: <Typography.Text type="secondary">{e.time}</Typography.Text>,
        icon: KIND_ICONS[e.kind],
        color: KIND_COLORS[e.kind],
        content: <HistoryItem entry={e} />,
      }))}
    />
  );
}

/** The result drawer of a count line: its figures, pictures and history. */
export function ResultDrawer({ line, onClose }: { line: ItemRow | null; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const causeLabel = useCauseLabel();
  return (
    <Drawer
      open={!!line}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={line ? t('result.title', { location: line.locationCode, sku: line.skuCode }) : null}
      data-testid="audit-result-drawer"
    >
      {line ? (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'loc', label: t('common.location'), children: line.locationCode },
              { key: 'area', label: t('common.area'), children: line.areaCode ?? '–' },
              {
                key: 'sku',
                label: t('common.sku'),
                span: 2,
                children: (
                  <span>
                    <Typography.Text code>{line.skuCode}</Typography.Text> {line.skuName}
                  </span>
                ),
              },
              {
                key: 'consignor',
                label: t('common.consignor'),
                children: line.consignorName ?? line.consignorCode,
              },
              { key: 'lot', label: t('common.lot'), children: line.lot ?? '–' },
              {
                key: 'book',
                label: t('common.book'),
                children: line.bookQty === null ? t('common.hidden') : formatQty(line.bookQty),
              },
              { key: 'counted', label: t('common.firstCount'), children: formatQty(line.countedQty) },
              {
                key: 'firstDiff',
                label: t('common.firstDiff'),
                children: (
                  <Space>
                    <SignedQty value={line.diffQty} />
                    <Typography.Text type="secondary">{formatPct(line.diffPct)}</Typography.Text>
                  </Space>
                ),
              },
              { key: 'review', label: t('common.recountQty'), children: formatQty(line.reviewQty) },
              { key: 'reviewer', label: t('common.recountedBy'), children: line.reviewerName ?? '–' },
              { key: 'final', label: t('common.finalQtyNow'), children: formatQty(line.currentQty) },
              {
                key: 'diff',
                label: t('common.finalDiff'),
                children: (
                  <Space>
                    <SignedQty value={line.currentDiffQty} strong />
                    <Typography.Text type="secondary">{formatPct(line.currentDiffPct)}</Typography.Text>
                  </Space>
                ),
              },
              { key: 'value', label: t('common.finalValue'), children: formatMoney(line.currentDiffValue) },
              {
                key: 'result',
                label: t('common.finalResult'),
                children: <EnumTag def={ItemResultEnum} value={line.result} />,
              },
              {
                key: 'status',
                label: t('common.status'),
                children: <EnumTag def={ItemStatusEnum} value={line.status} />,
              },
              { key: 'counter', label: t('common.counter'), children: line.counterName ?? '–' },
              { key: 'time', label: t('common.countTime'), children: line.countTime ?? '–' },
              {
                key: 'cause',
                label: t('common.cause'),
                span: 2,
                children: line.abnormalCause ? <Tag color="warning">{causeLabel(line.abnormalCause)}</Tag> : '–',
              },
            ]}
          />
          <Divider titlePlacement="start">{t('common.pictures')}</Divider>
          {line.pictures.length ? (
            <Image.PreviewGroup>
              <Space wrap>
                {line.pictures.map((p) => (
                  <AuthPicture key={p.id} id={p.id} name={p.name} size={96} />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : (
            <Typography.Text type="secondary">{t('result.noPictures')}</Typography.Text>
          )}
          <Divider titlePlacement="start">{t('result.timeline')}</Divider>
          <LineTimeline itemId={line.id} />
        </>
      ) : null}
    </Drawer>
  );
}
