import { Card, Empty, Flex, Spin, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationDrawer } from '../location-drawer';
import { LocationSearch } from '../location-search';
import { OverviewFilters } from '../overview-filters';
import { areaBands } from '../overview-states';
import { OverviewSummary } from '../overview-summary';
import { StateLegend, useStateLabel } from '../state-legend';
import { useOverview } from '../use-overview';
import { PlanCanvas } from './plan-canvas';
import type { PlanArea } from './plan-geometry';
import '../overview.texts';

/** The canvas takes the height the window leaves below the filters and the legend. */
const CANVAS_HEIGHT = 'max(420px, calc(100vh - 330px))';

/**
 * The 2D warehouse overview (`warehouseOverview:plan2d`): the floor plan with its picture, areas and locations
 * coloured by count state, a legend with counts, zoom and pan; a click on a location opens its lines. A warehouse
 * too large to draw at once shows its areas with their state counts until one is clicked.
 */
export default function PlanPage() {
  const { t } = useTranslation('overview');
  const o = useOverview('plan2d');
  const stateLabel = useStateLabel();
  const { data, geometry, palette, only } = o;
  const byArea = useMemo(() => new Map(data?.areas.map((a) => [a.id, a]) ?? []), [data]);
  const cutToAreas = !!data && data.truncated && data.locations.id.length === 0;
  const areaBars = useMemo(
    () => (cutToAreas && data ? new Map(data.areas.map((a) => [a.id, areaBands(a.states, palette, only)])) : undefined),
    [cutToAreas, data, palette, only],
  );
  const fitRect = useMemo(() => {
    const a = o.filters.areaId ? geometry?.areas.find((x) => x.id === o.filters.areaId) : undefined;
    return a ? { x: a.x, y: a.y, width: a.width, length: a.length } : undefined;
  }, [o.filters.areaId, geometry]);

  const locationTooltip = useCallback(
    (i: number) =>
      data ? (
        <Flex vertical>
          <strong>{data.locations.code[i]}</strong>
          <span>{stateLabel(data.locations.state[i] as number)}</span>
          <span style={{ opacity: 0.75 }}>{byArea.get(data.locations.areaId[i] as number)?.code}</span>
        </Flex>
      ) : null,
    [data, stateLabel, byArea],
  );
  const areaTooltip = useCallback(
    (a: PlanArea) => {
      const area = byArea.get(a.id);
      return (
        <Flex vertical>
          <strong>
            {a.code} · {a.name}
          </strong>
          <span>{t('plan.areaLocations', { n: (area?.locationCount ?? 0).toLocaleString() })}</span>
          {cutToAreas ? <span style={{ opacity: 0.75 }}>{t('plan.areaOpen')}</span> : null}
        </Flex>
      );
    },
    [byArea, cutToAreas, t],
  );

  return (
    <Flex vertical gap={12} data-testid="overview-plan-page">
      <OverviewFilters
        value={o.filters}
        onChange={o.setFilters}
        task={data?.task}
        extra={<LocationSearch codes={o.codes} onFind={o.find} />}
      />
      <Card size="small" styles={{ body: { padding: 12 } }}>
        {!o.filters.warehouseId ? (
          <Empty description={t('plan.noWarehouse')} />
        ) : !data || !geometry ? (
          <Flex justify="center" align="center" style={{ height: CANVAS_HEIGHT }}>
            <Spin />
          </Flex>
        ) : (
          <Flex vertical gap={10}>
            <OverviewSummary
              data={data}
              matching={o.matching}
              areaId={o.filters.areaId}
              onWholeWarehouse={() => o.setFilters({ ...o.filters, areaId: undefined })}
            />
            <StateLegend counts={o.counts} palette={palette} only={only} onToggle={o.toggle} />
            <Spin spinning={o.query.isFetching && o.query.isPlaceholderData}>
              <PlanCanvas
                geometry={geometry}
                colors={o.colors}
                areaBars={areaBars}
                background={o.floorPlan}
                backgroundAlpha={o.dark ? 0.35 : 0.55}
                selected={o.selectedIndex}
                focus={o.focus}
                fitRect={fitRect}
                height={CANVAS_HEIGHT}
                onLocationClick={(i) => o.select(i)}
                onAreaClick={cutToAreas ? (a) => o.setFilters({ ...o.filters, areaId: a.id }) : undefined}
                locationTooltip={locationTooltip}
                areaTooltip={areaTooltip}
              />
            </Spin>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('plan.hint')}
            </Typography.Text>
          </Flex>
        )}
      </Card>
      <LocationDrawer locationId={o.selectedId} taskId={data?.task?.id} onClose={() => o.setSelectedId(undefined)} />
    </Flex>
  );
}
