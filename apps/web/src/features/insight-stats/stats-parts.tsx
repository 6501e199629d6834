import { DownloadOutlined, InfoCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@shelfwise/contract/routes';
import { App, Button, Card, Collapse, DatePicker, Empty, Flex, Select, Statistic, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/crud';
import { FilterField } from '../../components/filter-bar';
import './stats.texts';

/** An option list of `{id, code, name}` choices for a select. */
export const optionsOf = (list: readonly { id: number; code: string; name: string }[] | undefined) =>
  (list ?? []).map((o) => ({ value: o.id, label: o.name && o.name !== o.code ? `${o.code} · ${o.name}` : o.code }));

/** A labelled filter control of a statistics page (the shared filter bar's field). */
export function FilterItem({ label, children, width = 220 }: { label: string; children: ReactNode; width?: number }) {
  return (
    <FilterField label={label} width={width}>
      {children}
    </FilterField>
  );
}

/** The warehouse select every statistics page starts with. */
export function WarehouseSelect({
  value,
  onChange,
  options,
}: {
  value?: number | undefined;
  onChange: (id: number | undefined) => void;
  options: readonly { id: number; code: string; name: string }[] | undefined;
}) {
  const { t } = useTranslation('stats');
  return (
    <FilterItem label={t('common.warehouse')} width={240}>
      <Select
        value={value}
        onChange={onChange}
        options={optionsOf(options)}
        placeholder={t('common.chooseWarehouse')}
        showSearch={{ optionFilterProp: 'label' }}
        data-testid="stats-warehouse"
      />
    </FilterItem>
  );
}

/** A period as the API takes it: bare dates, the end inclusive. */
export interface Period {
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** A date range filter. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation('stats');
  const range: [Dayjs | null, Dayjs | null] = [
    value.startTime ? dayjs(value.startTime) : null,
    value.endTime ? dayjs(value.endTime) : null,
  ];
  return (
    <FilterItem label={t('common.period')} width={260}>
      <DatePicker.RangePicker
        value={range}
        allowEmpty={[true, true]}
        onChange={(v) =>
          onChange({
            startTime: v?.[0] ? v[0].format('YYYY-MM-DD') : undefined,
            endTime: v?.[1] ? v[1].format('YYYY-MM-DD') : undefined,
          })
        }
        data-testid="stats-period"
      />
    </FilterItem>
  );
}

/** When the figures were computed, a recompute and an export button. */
export function StatsActions({
  computedTime,
  onRecompute,
  recomputing,
  exportCode,
  onExport,
}: {
  computedTime?: string | undefined;
  onRecompute: () => void;
  recomputing: boolean;
  exportCode: PermissionCode;
  onExport: () => Promise<unknown>;
}) {
  const { t } = useTranslation('stats');
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  return (
    <Flex gap={8} align="center" wrap justify="flex-end" style={{ marginLeft: 'auto' }}>
      {computedTime ? (
        <Tooltip title={t('common.reuseHint')}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="stats-computed">
            {t('common.computedAt', { time: computedTime })} <InfoCircleOutlined />
          </Typography.Text>
        </Tooltip>
      ) : null}
      <Button icon={<SyncOutlined spin={recomputing} />} onClick={onRecompute} disabled={recomputing}>
        {t('common.refresh')}
      </Button>
      <Auth code={exportCode}>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          data-testid="stats-export"
          onClick={async () => {
            setExporting(true);
            try {
              await onExport();
              void message.success(t('common.exported'));
            } finally {
              setExporting(false);
            }
          }}
        >
          {t('common.export')}
        </Button>
      </Auth>
    </Flex>
  );
}

/** One figure of the summary row. */
export interface FigureItem {
  key: string;
  title: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'warning' | 'danger' | 'success' | undefined;
}

/** A row of figure cards: as many per row as fit, at least 150 px wide each, sharing the width. */
export function Figures({ items, loading }: { items: FigureItem[]; loading?: boolean }) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
        gap: 12,
        marginBottom: 12,
      }}
    >
      {items.map((f) => (
        <Card key={f.key} size="small" style={{ height: '100%' }} data-testid={`figure-${f.key}`}>
          <Statistic
            loading={loading}
            title={
              f.hint ? (
                <Tooltip title={f.hint}>
                  <span>
                    {f.title} <InfoCircleOutlined style={{ fontSize: 11 }} />
                  </span>
                </Tooltip>
              ) : (
                f.title
              )
            }
            value={typeof f.value === 'string' || typeof f.value === 'number' ? f.value : undefined}
            formatter={typeof f.value === 'string' || typeof f.value === 'number' ? undefined : () => f.value}
            styles={{
              content: {
                fontSize: 22,
                color:
                  f.tone === 'danger'
                    ? 'var(--ant-color-error)'
                    : f.tone === 'warning'
                      ? 'var(--ant-color-warning)'
                      : f.tone === 'success'
                        ? 'var(--ant-color-success)'
                        : undefined,
              },
            }}
          />
        </Card>
      ))}
    </div>
  );
}

/** The definitions of a page's measures, folded away by default. */
export function Definitions({ items }: { items: string[] }) {
  const { t } = useTranslation('stats');
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 12 }}
      items={[
        {
          key: 'definitions',
          label: (
            <span>
              <InfoCircleOutlined /> {t('common.definitions')}
            </span>
          ),
          children: (
            <Flex vertical gap={6} data-testid="stats-definitions">
              {items.map((text) => (
                <Typography.Paragraph key={text} style={{ margin: 0 }}>
                  {text}
                </Typography.Paragraph>
              ))}
            </Flex>
          ),
        },
      ]}
    />
  );
}

/** The empty state before a warehouse is chosen. */
export function ChooseWarehouse() {
  const { t } = useTranslation('stats');
  return (
    <Card>
      <Empty description={t('common.noWarehouse')} />
    </Card>
  );
}

/** A card holding a chart with a title. */
export function ChartCard({ title, children, extra }: { title: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card size="small" title={title} extra={extra} style={{ height: '100%' }}>
      {children}
    </Card>
  );
}
