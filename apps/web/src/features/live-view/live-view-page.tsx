import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Segmented, Select, Skeleton, Space, Typography } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useCan } from '../../components/crud';
import { useNarrow } from '../../lib/layout/narrow';
import { LiveTile } from './live-tile';
import { type LiveStream, useWatchList } from './live-view.api';
import { StreamAdmin } from './stream-admin';
import './live-view.css';
import './live-view.texts';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';

/** The tiles of one storage area of one warehouse. */
interface Group {
  key: string;
  title: string;
  streams: LiveStream[];
}

const COLUMNS = [1, 2, 3, 4] as const;

/**
 * Live view (/overview/live): the cameras of the warehouses the user sees, a grid of tiles per storage area, each
 * played by the browser from the warehouse's own streaming server (HLS or MJPEG). Filters by warehouse and area;
 * a tile goes full screen on its own. Administrators manage the cameras in a drawer.
 */
export default function LiveViewPage() {
  const { t } = useTranslation('liveView');
  const can = useCan();
  const narrow = useNarrow();
  const watch = useWatchList(can('warehouseLiveView:list'));
  const [warehouseId, setWarehouseId] = useState<number>();
  const [areaId, setAreaId] = useState<number>();
  const [columns, setColumns] = useState<(typeof COLUMNS)[number]>(3);
  const [reloadKey, setReloadKey] = useState(0);
  const [managing, setManaging] = useState(false);

  const streams = watch.data ?? [];
  const warehouses = useMemo(() => {
    const seen = new Map<number, string>();
    for (const s of streams) if (!seen.has(s.warehouseId)) seen.set(s.warehouseId, s.warehouseName ?? '');
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [streams]);
  const areas = useMemo(() => {
    const seen = new Map<number, string>();
    for (const s of streams) {
      if (warehouseId && s.warehouseId !== warehouseId) continue;
      if (!seen.has(s.areaId)) seen.set(s.areaId, `${s.areaCode ?? ''} · ${s.areaName ?? ''}`);
    }
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [streams, warehouseId]);
  const groups = useMemo(() => {
    const out: Group[] = [];
    for (const s of streams) {
      if ((warehouseId && s.warehouseId !== warehouseId) || (areaId && s.areaId !== areaId)) continue;
      const key = `${s.warehouseId}:${s.areaId}`;
      let group = out.find((g) => g.key === key);
      if (!group) {
        const area = [s.areaCode, s.areaName].filter(Boolean).join(' · ');
        group = { key, title: warehouses.length > 1 ? `${s.warehouseName} / ${area}` : area, streams: [] };
        out.push(group);
      }
      group.streams.push(s);
    }
    return out;
  }, [streams, warehouseId, areaId, warehouses.length]);
  const shown = groups.reduce((n, g) => n + g.streams.length, 0);
  const gridStyle = { '--sw-live-columns': narrow ? 1 : columns } as CSSProperties;

  return (
    <div style={{ padding: 12 }} data-testid="live-view">
      <Form layout="inline" style={{ rowGap: 8, marginBottom: 12 }}>
        <RevalidateOnLanguage />
        <Form.Item label={t('warehouse')}>
          <Select
            allowClear
            value={warehouseId}
            onChange={(v) => {
              setWarehouseId(v);
              setAreaId(undefined);
            }}
            placeholder={t('allWarehouses')}
            options={warehouses}
            style={{ width: 220 }}
            data-testid="live-warehouse"
          />
        </Form.Item>
        <Form.Item label={t('area')}>
          <Select
            allowClear
            value={areaId}
            onChange={setAreaId}
            placeholder={t('allAreas')}
            options={areas}
            style={{ width: 200 }}
            data-testid="live-area"
          />
        </Form.Item>
        {narrow ? null : (
          <Form.Item label={t('columns')}>
            <Segmented
              value={columns}
              onChange={(v) => setColumns(v as (typeof COLUMNS)[number])}
              options={COLUMNS.map((n) => ({ value: n, label: String(n) }))}
            />
          </Form.Item>
        )}
        <Form.Item>
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={() => setReloadKey((k) => k + 1)}>
              {t('refresh')}
            </Button>
            <Auth code="warehouseLiveView:page">
              <Button icon={<SettingOutlined />} onClick={() => setManaging(true)} data-testid="live-manage">
                {t('manage')}
              </Button>
            </Auth>
          </Space>
        </Form.Item>
      </Form>

      {watch.isPending && watch.fetchStatus !== 'idle' ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : watch.isError ? (
        <Alert
          type="warning"
          showIcon
          title={t('loadFailed')}
          action={
            <Button size="small" onClick={() => void watch.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : shown === 0 ? (
        <Empty
          description={
            <>
              <div>{t('noStreams')}</div>
              <Typography.Text type="secondary">
                {can('warehouseLiveView:add') ? t('noStreamsHint') : t('noStreamsViewer')}
              </Typography.Text>
            </>
          }
          style={{ padding: '48px 0' }}
        />
      ) : (
        <>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }} data-testid="live-count">
            {t('streams', { count: shown })}
          </Typography.Text>
          {groups.map((g) => (
            <section key={g.key} className="sw-live-group" data-testid="live-group">
              <Typography.Title level={5} className="sw-live-group-title">
                {g.title}
              </Typography.Title>
              <div className="sw-live-grid" style={gridStyle}>
                {g.streams.map((s) => (
                  <LiveTile key={s.id} stream={s} reloadKey={reloadKey} />
                ))}
              </div>
            </section>
          ))}
        </>
      )}
      {managing ? <StreamAdmin open onClose={() => setManaging(false)} warehouseId={warehouseId} /> : null}
    </div>
  );
}
