import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useCan } from '../../components/crud';
import { useAuthImage } from '../../lib/api/use-auth-image';
import { useTheme } from '../../lib/theme/theme-store';
import { useWarehouseOptions } from '../warehouse/warehouse-pickers';
import {
  findLocationArea,
  type OverviewResult,
  overviewKeys,
  useOverviewLive,
  usePlan2d,
  useScene3d,
} from './overview.api';
import type { OverviewFilterValues } from './overview-filters';
import { idParam, overviewInput } from './overview-query';
import { countStates, locationColors, statePalette, sumAreaStates } from './overview-states';
import { geometryOfOverview } from './plan/plan-geometry';
import { toggleState } from './state-legend';

/** How often a plan or scene coloured by a task being counted is fetched again at most (it can be 50,000 rows). */
const LIVE_PLAN_MS = 10_000;

/** The index of each loaded location code, upper-cased (the search box is not case-sensitive). */
function codeIndexOf(data: OverviewResult | undefined): Map<string, number> {
  const out = new Map<string, number>();
  data?.locations.code.forEach((c, i) => {
    out.set(c.toUpperCase(), i);
  });
  return out;
}

/**
 * What the 2D plan and the 3D scene share: filters (from `?warehouseId=&taskId=` at first, else the first
 * warehouse), the answer, kept live while its task is counted, geometry, colours per location (faded by the
 * consignor / SKU filter and by legend entries shown alone), legend counts, the floor plan picture, the selected
 * location and the search by code (which narrows to the location's area when the answer is cut to areas).
 */
export function useOverview(kind: 'plan2d' | 'scene3d') {
  const location = useLocation();
  // a tab keeps its own query: read once, the URL may later be another tab's
  const [filters, setFilters] = useState<OverviewFilterValues>(() => ({
    warehouseId: idParam(location.search, 'warehouseId'),
    taskId: idParam(location.search, 'taskId'),
  }));
  const warehouses = useWarehouseOptions();
  const firstWarehouse = warehouses[0]?.value;
  useEffect(() => {
    if (!filters.warehouseId && firstWarehouse) setFilters((f) => ({ ...f, warehouseId: firstWarehouse }));
  }, [filters.warehouseId, firstWarehouse]);

  const input = useMemo(() => overviewInput(filters), [filters]);
  const plan = usePlan2d(kind === 'plan2d' ? input : undefined);
  const scene = useScene3d(kind === 'scene3d' ? input : undefined);
  const query = kind === 'plan2d' ? plan : scene;
  const data = query.data;

  const taskId = data?.task?.id;
  useOverviewLive(
    (seen) =>
      input && taskId && (seen.has('all') || seen.has(taskId))
        ? [
            kind === 'plan2d' ? overviewKeys.plan2d(input) : overviewKeys.scene3d(input),
            [...overviewKeys.all, 'locationLines'],
          ]
        : [],
    LIVE_PLAN_MS,
    !!taskId,
  );

  const dark = useTheme((s) => s.isDark);
  const palette = statePalette(dark);
  const [only, setOnly] = useState<Set<number>>(() => new Set());
  const toggle = useCallback((s: number) => setOnly((prev) => toggleState(prev, s)), []);

  const geometry = useMemo(() => (data ? geometryOfOverview(data) : undefined), [data]);
  const colors = useMemo(
    () => (data ? locationColors(data.locations.state, data.locations.match, palette, only) : []),
    [data, palette, only],
  );
  const loaded = (data?.locations.id.length ?? 0) > 0;
  const counts = useMemo(
    () => (!data ? new Map<number, number>() : loaded ? countStates(data.locations.state) : sumAreaStates(data.areas)),
    [data, loaded],
  );
  const matching = useMemo(
    () =>
      data && (filters.consignorId || filters.skuId) ? data.locations.match.reduce((n, m) => n + (m ? 1 : 0), 0) : null,
    [data, filters.consignorId, filters.skuId],
  );
  const codeIndex = useMemo(() => codeIndexOf(data), [data]);

  const can = useCan();
  const planUrl =
    data?.warehouse.hasFloorPlan && can('warehouseInfo:detail')
      ? `/api/warehouseInfo/floorPlan/${data.warehouse.id}`
      : undefined;
  const floorPlan = useAuthImage(planUrl);

  // the location in the drawer (by id: the index changes when the answer is fetched again)
  const [selectedId, setSelectedId] = useState<number>();
  const selectedIndex = useMemo(
    () => (selectedId && data ? data.locations.id.indexOf(selectedId) : -1),
    [selectedId, data],
  );
  const [focus, setFocus] = useState<{ index: number; seq: number }>();
  const dataRef = useRef(data);
  dataRef.current = data;
  const select = useCallback((index: number, fly = false) => {
    const id = dataRef.current?.locations.id[index];
    if (id === undefined) return;
    setSelectedId(id);
    if (fly) setFocus((f) => ({ index, seq: (f?.seq ?? 0) + 1 }));
  }, []);

  // a code looked for in an area that is not loaded yet: found once that area's answer is in
  const [pendingCode, setPendingCode] = useState<string>();
  useEffect(() => {
    if (!pendingCode || !data || query.isPlaceholderData) return;
    const i = codeIndex.get(pendingCode.toUpperCase());
    setPendingCode(undefined);
    if (i !== undefined) select(i, true);
  }, [pendingCode, data, codeIndex, query.isPlaceholderData, select]);

  /** Finds a location by code: selects it and brings it into view. False when the warehouse has no such code. */
  const find = useCallback(
    async (code: string): Promise<boolean> => {
      const wanted = code.trim();
      if (!wanted) return false;
      const i = codeIndex.get(wanted.toUpperCase());
      if (i !== undefined) {
        select(i, true);
        return true;
      }
      // not loaded: the answer is cut to areas, or narrowed to one area while the code is in another
      if (!filters.warehouseId || (!data?.truncated && !filters.areaId)) return false;
      const hit = await findLocationArea(filters.warehouseId, wanted).catch(() => null);
      if (!hit) return false;
      setFilters((f) => ({ ...f, areaId: hit.areaId }));
      setPendingCode(wanted);
      return true;
    },
    [codeIndex, select, filters.warehouseId, filters.areaId, data?.truncated],
  );

  const changeFilters = useCallback((next: OverviewFilterValues) => {
    setFilters(next);
    setSelectedId(undefined);
  }, []);

  return {
    filters,
    setFilters: changeFilters,
    input,
    query,
    data,
    palette,
    dark,
    only,
    toggle,
    geometry,
    colors,
    counts,
    matching,
    codes: data?.locations.code ?? [],
    floorPlan,
    selectedId,
    selectedIndex,
    setSelectedId,
    select,
    focus,
    find,
  };
}
