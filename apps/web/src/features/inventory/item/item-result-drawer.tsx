import {
  AuditOutlined,
  BarcodeOutlined,
  CloudUploadOutlined,
  EditOutlined,
  InboxOutlined,
  PlusCircleOutlined,
  RollbackOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { ItemResultEnum, ItemStatusEnum } from '@shelfwise/contract/enums';
import { Descriptions, Divider, Drawer, Empty, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../components/crud';
import { EnumTag } from '../../system';
import { formatDiff, formatQty } from '../task/progress';
import { type HistoryEntry, type ItemRow, useItemDetail, useItemHistory } from './item.api';
import { ItemPictures } from './item-pictures';
import '../inventory.texts';

const KIND_LOOK: Record<HistoryEntry['kind'], { color: string; icon: ReactNode }> = {
  generated: { color: 'gray', icon: <PlusCircleOutlined /> },
  scan: { color: 'blue', icon: <BarcodeOutlined /> },
  set: { color: 'blue', icon: <EditOutlined /> },
  empty: { color: 'orange', icon: <InboxOutlined /> },
  undo: { color: 'red', icon: <RollbackOutlined /> },
  review: { color: 'purple', icon: <SyncOutlined /> },
  audit: { color: 'green', icon: <AuditOutlined /> },
};

/** One history entry as a timeline item: what happened, by whom, when, the quantity it moved and where it left it. */
export function historyItem(e: HistoryEntry, t: (k: string, o?: Record<string, unknown>) => string) {
  const look = KIND_LOOK[e.kind];
  return {
    color: look.color,
    icon: look.icon,
    content: (
      <div data-testid="item-history-entry">
        <Space size={6} wrap>
          <Typography.Text strong>{t(`item.history.kind.${e.kind}`)}</Typography.Text>
          {e.quantityDelta !== null ? (
            <Tag color={e.quantityDelta < 0 ? 'red' : 'blue'}>{formatDiff(e.quantityDelta)}</Tag>
          ) : null}
          {e.quantityAfter !== null ? (
            <Typography.Text type="secondary">
              {t('item.history.after', { qty: formatQty(e.quantityAfter) })}
            </Typography.Text>
          ) : null}
          {e.pass !== null ? <Tag>{t('item.history.pass', { n: e.pass })}</Tag> : null}
          {e.offline ? (
            <Tag icon={<CloudUploadOutlined />} color="warning">
              {t('item.history.offline')}
            </Tag>
          ) : null}
        </Space>
        <div style={{ fontSize: 12, opacity: 0.75 }}>
          {e.time} · {e.userName ?? t('item.history.system')}
          {e.deviceId ? ` · ${t('item.history.device', { id: e.deviceId })}` : ''}
        </div>
        {e.rawCode ? (
          <Typography.Text code style={{ fontSize: 12 }}>
            {e.rawCode}
          </Typography.Text>
        ) : null}
        {e.note ? <div style={{ fontSize: 12 }}>{e.note}</div> : null}
      </div>
    ),
  };
}

/** The check result of a line: its details, its pictures and its history (every scan, pass, review and decision). */
export function ItemResultDrawer({
  item,
  causeLabel,
  onClose,
}: {
  item: ItemRow | null;
  causeLabel: (value: string | null) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  const can = useCan();
  const detail = useItemDetail(item?.id);
  const row = detail.data ?? item;
  const history = useItemHistory(item?.id, can('inventoryCheckItem:history'));
  const pct = row?.diffPct === null || row?.diffPct === undefined ? '—' : `${row.diffPct}%`;

  return (
    <Drawer
      open={!!item}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={row ? t('item.resultTitle', { location: row.locationCode, sku: row.skuCode }) : ''}
      data-testid="item-result-drawer"
    >
      {row ? (
        <>
          <Descriptions
            size="small"
            bordered
            column={2}
            items={[
              {
                key: 'loc',
                label: t('common.locationCode'),
                children: <Typography.Text code>{row.locationCode}</Typography.Text>,
              },
              { key: 'area', label: t('subTask.lcc.area'), children: row.areaCode ?? '—' },
              {
                key: 'sku',
                label: t('common.sku'),
                span: 2,
                children: [row.skuCode, row.skuName].filter(Boolean).join(' · '),
              },
              {
                key: 'consignor',
                label: t('common.consignor'),
                children: [row.consignorCode, row.consignorName].filter(Boolean).join(' · '),
              },
              { key: 'lot', label: t('common.lot'), children: row.lot ?? '—' },
              { key: 'book', label: t('item.bookQty'), children: formatQty(row.bookQty) },
              {
                key: 'counted',
                label: t('item.countedQty'),
                children:
                  row.countedQty === null ? (
                    <Typography.Text type="secondary">{t('item.notCounted')}</Typography.Text>
                  ) : (
                    <Typography.Text strong>{formatQty(row.countedQty)}</Typography.Text>
                  ),
              },
              {
                key: 'cartons',
                label: t('item.cartonsLoose'),
                children:
                  row.cartons === null
                    ? '—'
                    : t('item.cartonsValue', { cartons: row.cartons, loose: formatQty(row.loose ?? 0) }),
              },
              { key: 'gauge', label: t('item.boxGauge'), children: formatQty(row.boxGauge) },
              { key: 'diff', label: t('item.diff'), children: `${formatDiff(row.diffQty)} (${pct})` },
              { key: 'diffValue', label: t('item.diffValue'), children: formatDiff(row.diffValue) },
              {
                key: 'result',
                label: t('item.result'),
                children: row.result === null ? '—' : <EnumTag def={ItemResultEnum} value={row.result} />,
              },
              { key: 'status', label: t('item.status'), children: <EnumTag def={ItemStatusEnum} value={row.status} /> },
              { key: 'counter', label: t('item.counter'), children: row.counterName ?? '—' },
              { key: 'time', label: t('item.countTime'), children: row.countTime ?? '—' },
              { key: 'cause', label: t('item.abnormalCause'), children: causeLabel(row.abnormalCause) || '—' },
              { key: 'review', label: t('item.reviewQty'), children: formatQty(row.reviewQty) },
              { key: 'final', label: t('item.finalQty'), children: formatQty(row.finalQty) },
              { key: 'remark', label: t('common.remark'), children: row.remark ?? '—' },
            ]}
          />
          <Divider titlePlacement="start">{t('item.pictures')}</Divider>
          <ItemPictures row={row} editable={false} />
          {can('inventoryCheckItem:history') ? (
            <>
              <Divider titlePlacement="start">{t('item.history.title')}</Divider>
              {history.isLoading ? (
                <Skeleton active />
              ) : history.data?.length ? (
                <Timeline items={history.data.map((e) => historyItem(e, t as never))} data-testid="item-history" />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('item.history.empty')} />
              )}
            </>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}
