import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QueueEntry, ScanLine } from './scan-queue';
import './scan.texts';

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/0+$/, ''));

/**
 * The lines of the current location with their counted quantity (book only when the server sends it: guided
 * mode), a large "+" per line for unlabelled goods, and scans waiting to be checked.
 * `data-testid`s: scan-line (data-sku, data-lot, data-counted), scan-line-add, scan-tocheck-row.
 */
export function ScanLinesList(props: {
  lines: ScanLine[];
  toCheck: QueueEntry[];
  lastItemId: number | null;
  onAdd: (line: ScanLine) => void;
}) {
  const { t } = useTranslation('scan');
  return (
    <ul className="sw-scan-lines">
      {props.lines.map((l) => (
        <li
          key={l.itemId}
          className={`sw-scan-line${l.itemId === props.lastItemId ? ' sw-scan-line-last' : ''}${l.countedQty === null ? '' : ' sw-scan-line-counted'}`}
          data-testid="scan-line"
          data-sku={l.skuCode}
          data-lot={l.lot ?? ''}
          data-counted={l.countedQty ?? ''}
        >
          <div className="sw-scan-line-main">
            <Typography.Text strong className="sw-scan-line-code">
              {l.skuCode}
            </Typography.Text>
            {l.skuName ? <span className="sw-scan-line-name">{l.skuName}</span> : null}
            <span className="sw-scan-small sw-scan-muted">
              {[
                l.lot ? t('line.lot', { lot: l.lot }) : null,
                l.boxGauge ? t('line.gauge', { gauge: l.boxGauge }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
          <div className="sw-scan-line-qty">
            <span className="sw-scan-line-counted" data-testid="scan-line-counted">
              {l.countedQty === null ? '–' : fmt(l.countedQty)}
            </span>
            <span className="sw-scan-small sw-scan-muted">
              {l.countedQty === null ? t('line.notCounted') : (l.unit ?? t('line.counted'))}
            </span>
            {l.bookQty !== null ? (
              <span className="sw-scan-small" data-testid="scan-line-book">
                {t('line.book')} {fmt(l.bookQty)}
              </span>
            ) : null}
          </div>
          <Button
            className="sw-scan-line-add"
            icon={<PlusOutlined />}
            aria-label={t('line.add')}
            data-testid="scan-line-add"
            onClick={() => props.onAdd(l)}
          />
        </li>
      ))}
      {props.toCheck.map((e) => (
        <li
          key={e.id}
          className="sw-scan-line sw-scan-line-check"
          data-testid="scan-tocheck-row"
          data-code={e.input?.code}
        >
          <div className="sw-scan-line-main">
            <Typography.Text strong className="sw-scan-line-code">
              {e.input?.code}
            </Typography.Text>
            <span>
              <Tag color="warning">{t('line.toCheck')}</Tag>
            </span>
          </div>
          <div className="sw-scan-line-qty">
            <span className="sw-scan-line-counted">+{e.input?.quantity ?? 1}</span>
            <span className="sw-scan-small sw-scan-muted">{e.input?.kind === 'carton' ? t('input.carton') : ''}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
