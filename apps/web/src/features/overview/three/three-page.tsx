import { Card, Empty, Flex, Spin, Typography, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationDrawer } from '../location-drawer';
import { LocationSearch } from '../location-search';
import { OverviewFilters } from '../overview-filters';
import { OUTSIDE } from '../overview-states';
import { OverviewSummary } from '../overview-summary';
import type { PlanArea } from '../plan/plan-geometry';
import { StateLegend, useStateLabel } from '../state-legend';
import { useOverview } from '../use-overview';
import { sceneBoxes } from './scene-math';
import type { SceneColoring } from './warehouse-scene';
import '../overview.texts';

const SCENE_HEIGHT = 'max(440px, calc(100vh - 330px))';

// three.js and the scene come in their own chunk, fetched as the page opens: it loads while the answer is fetched
// rather than before it
const loadScene = () => import('./warehouse-scene');
const WarehouseScene = lazy(() => loadScene().then((m) => ({ default: m.WarehouseScene })));

/** The scene's place while its chunk or the answer loads. */
function SceneLoading() {
  return (
    <Flex justify="center" align="center" style={{ height: SCENE_HEIGHT }}>
      <Spin />
    </Flex>
  );
}

/** The highest top of the locations drawn (metres): a frame leaves room for the racks, not only the floor. */
function topOf(geometry: { locations: { z: ArrayLike<number> } }, sizes: { height: number[] }) {
  let top = 0;
  const z = geometry.locations.z;
  for (let i = 0; i < z.length; i++) top = Math.max(top, (z[i] as number) + (sizes.height[i] as number));
  return top;
}

/** The floor rectangle (and height) of the locations of the task, or undefined when none is in it. */
function taskExtent(
  geometry: { locations: { x: ArrayLike<number>; y: ArrayLike<number>; z: ArrayLike<number> } },
  sizes: { width: number[]; length: number[]; height: number[] },
  state: number[],
) {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  let top = 0;
  const l = geometry.locations;
  for (let i = 0; i < state.length; i++) {
    if (state[i] === OUTSIDE) continue;
    x0 = Math.min(x0, l.x[i] as number);
    y0 = Math.min(y0, l.y[i] as number);
    x1 = Math.max(x1, (l.x[i] as number) + (sizes.width[i] as number));
    y1 = Math.max(y1, (l.y[i] as number) + (sizes.length[i] as number));
    top = Math.max(top, (l.z[i] as number) + (sizes.height[i] as number));
  }
  return Number.isFinite(x0) ? { x: x0, y: y0, width: x1 - x0, length: y1 - y0, height: top } : undefined;
}

/**
 * The 3D warehouse overview (`warehouseOverview:scene3d`): racks built from the locations' positions and sizes, a
 * box per location in its count state's colour, orbit / pan / zoom, a click selects a location and opens
 * its lines, "find" flies the camera to a location by code. `?warehouseId=&taskId=` (a task's 3D link) opens it
 * coloured by and framed on that task.
 */
export default function ThreePage() {
  const { t } = useTranslation('overview');
  const { token } = theme.useToken();
  const o = useOverview('scene3d');
  const stateLabel = useStateLabel();
  const { data, geometry, palette, only } = o;
  const byArea = useMemo(() => new Map(data?.areas.map((a) => [a.id, a]) ?? []), [data]);
  const cutToAreas = !!data && data.truncated && data.locations.id.length === 0;

  const boxes = useMemo(
    () => (geometry && data ? sceneBoxes(geometry, data.locations.height) : undefined),
    [geometry, data],
  );
  useEffect(() => {
    void loadScene();
  }, []);
  const background = o.dark ? token.colorBgContainer : token.colorBgLayout;
  const coloring = useMemo(
    (): SceneColoring | undefined =>
      data
        ? {
            state: data.locations.state,
            match: data.locations.match,
            palette,
            only,
            slabs: cutToAreas ? new Map(data.areas.map((a) => [a.id, a.states])) : undefined,
          }
        : undefined,
    [data, palette, only, cutToAreas],
  );
  const scenePalette = useMemo(
    () => ({
      background,
      floor: o.dark ? '#262a31' : '#e9ecf0',
      areaLine: o.dark ? '#5c6370' : '#9aa3ae',
      selection: o.dark ? '#ffffff' : token.colorPrimary,
    }),
    [background, o.dark, token.colorPrimary],
  );

  const taskId = o.filters.taskId;
  const areaId = o.filters.areaId;
  const loaded = data?.locations.id.length ?? 0;
  const frame = useMemo(() => {
    if (!geometry || !data) return undefined;
    const key = `${data.warehouse.id}|${areaId ?? ''}|${taskId ?? ''}|${loaded}`;
    const area = areaId ? geometry.areas.find((a) => a.id === areaId) : undefined;
    const top = topOf(geometry, data.locations);
    if (area) return { key, x: area.x, y: area.y, width: area.width, length: area.length, height: top };
    const extent = taskId ? taskExtent(geometry, data.locations, data.locations.state) : undefined;
    if (extent) return { key, ...extent };
    return { key, x: 0, y: 0, width: geometry.floorWidth, length: geometry.floorLength, height: top };
  }, [geometry, data, areaId, taskId, loaded]);

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
    (a: PlanArea) => (
      <Flex vertical>
        <strong>
          {a.code} · {a.name}
        </strong>
        <span>{t('plan.areaLocations', { n: (byArea.get(a.id)?.locationCount ?? 0).toLocaleString() })}</span>
        {cutToAreas ? <span style={{ opacity: 0.75 }}>{t('plan.areaOpen')}</span> : null}
      </Flex>
    ),
    [byArea, cutToAreas, t],
  );

  return (
    <Flex vertical gap={12} data-testid="overview-three-page">
      <OverviewFilters
        value={o.filters}
        onChange={o.setFilters}
        task={data?.task}
        extra={<LocationSearch codes={o.codes} onFind={o.find} placeholder={t('search.flyTo')} />}
      />
      <Card size="small" styles={{ body: { padding: 12 } }}>
        {!o.filters.warehouseId ? (
          <Empty description={t('plan.noWarehouse')} />
        ) : !data || !geometry || !boxes || !frame || !coloring ? (
          <SceneLoading />
        ) : (
          <Flex vertical gap={10}>
            <OverviewSummary
              data={data}
              matching={o.matching}
              areaId={areaId}
              onWholeWarehouse={() => o.setFilters({ ...o.filters, areaId: undefined })}
            />
            <StateLegend counts={o.counts} palette={palette} only={only} onToggle={o.toggle} />
            <Spin spinning={o.query.isFetching && o.query.isPlaceholderData}>
              <Suspense fallback={<SceneLoading />}>
                <WarehouseScene
                  geometry={geometry}
                  boxes={boxes}
                  coloring={coloring}
                  selected={o.selectedIndex}
                  flyTo={o.focus}
                  frame={frame}
                  floorPlan={o.floorPlan}
                  palette={scenePalette}
                  height={SCENE_HEIGHT}
                  onPick={(i) => o.select(i)}
                  onAreaPick={cutToAreas ? (a) => o.setFilters({ ...o.filters, areaId: a.id }) : undefined}
                  locationTooltip={locationTooltip}
                  areaTooltip={areaTooltip}
                />
              </Suspense>
            </Spin>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('scene.hint')}
            </Typography.Text>
          </Flex>
        )}
      </Card>
      <LocationDrawer locationId={o.selectedId} taskId={data?.task?.id} onClose={() => o.setSelectedId(undefined)} />
    </Flex>
  );
}
