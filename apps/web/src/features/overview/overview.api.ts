import { decodeOverviewLocations, type OverviewLocationColumns } from '@shelfwise/contract';
import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { call } from '../../lib/api/client';
import { tokens } from '../../lib/auth/tokens';

/** Input of the data cards. */
export type CardsInput = RouteInput<typeof api.warehouseOverview.cards>;
/** The data cards: totals, per warehouse, per task. */
export type CardsResult = RouteOutput<typeof api.warehouseOverview.cards>;
/** Figures of one scope. */
export type CardFigures = CardsResult['totals'];
/** A task's card. */
export type TaskCard = CardsResult['tasks'][number];
/** A warehouse's card. */
export type WarehouseCard = CardsResult['warehouses'][number];
/** Filters of the 2D plan and the 3D scene. */
export type OverviewInput = RouteInput<typeof api.warehouseOverview.plan2d>;
/** The 2D plan as it comes (the 3D scene has the same shape): its locations packed for the wire. */
type OverviewWire = RouteOutput<typeof api.warehouseOverview.plan2d>;
/** The 2D plan (the 3D scene has the same shape), its locations unpacked into one array per column. */
export type OverviewResult = Omit<OverviewWire, 'locations'> & { locations: OverviewLocationColumns };
/** An area of the plan with its state counts. */
export type OverviewArea = OverviewResult['areas'][number];
/** The task an answer is coloured by. */
export type OverviewTask = NonNullable<OverviewResult['task']>;
/** One location with its lines. */
export type LocationLines = RouteOutput<typeof api.warehouseOverview.locationLines>;
/** One line of a location. */
export type OverviewLine = LocationLines['lines'][number];

// the pages work on columns; the wire packs them (see the contract's `overviewLocations`)
const unpack = (r: OverviewWire): OverviewResult => ({ ...r, locations: decodeOverviewLocations(r.locations) });

/** Query keys of the overview. */
export const overviewKeys = {
  all: ['warehouseOverview'] as const,
  cards: (input: CardsInput) => ['warehouseOverview', 'cards', input] as const,
  plan2d: (input: OverviewInput) => ['warehouseOverview', 'plan2d', input] as const,
  scene3d: (input: OverviewInput) => ['warehouseOverview', 'scene3d', input] as const,
  lines: (locationId: number, taskId?: number) => ['warehouseOverview', 'locationLines', locationId, taskId] as const,
};

/** The data cards of all warehouses, one warehouse or one task. */
export function useCards(input: CardsInput, enabled = true) {
  return useQuery({
    queryKey: overviewKeys.cards(input),
    queryFn: () => call(api.warehouseOverview.cards, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The 2D plan of a warehouse (`input` undefined: nothing chosen yet). */
export function usePlan2d(input: OverviewInput | undefined) {
  return useQuery({
    queryKey: overviewKeys.plan2d(input as OverviewInput),
    queryFn: () => call(api.warehouseOverview.plan2d, input as OverviewInput).then(unpack),
    enabled: !!input,
    placeholderData: (prev, prevQuery) =>
      // keep the old plan while the same warehouse is fetched again with other filters (no blank flash)
      prev && (prevQuery?.queryKey[2] as OverviewInput | undefined)?.warehouseId === input?.warehouseId
        ? prev
        : undefined,
    staleTime: 15_000,
  });
}

/** The 3D scene of a warehouse (`input` undefined: nothing chosen yet). */
export function useScene3d(input: OverviewInput | undefined) {
  return useQuery({
    queryKey: overviewKeys.scene3d(input as OverviewInput),
    queryFn: () => call(api.warehouseOverview.scene3d, input as OverviewInput).then(unpack),
    enabled: !!input,
    placeholderData: (prev, prevQuery) =>
      prev && (prevQuery?.queryKey[2] as OverviewInput | undefined)?.warehouseId === input?.warehouseId
        ? prev
        : undefined,
    staleTime: 15_000,
  });
}

/** A location's lines and photos in a task (default the latest). */
export function useLocationLines(locationId: number | undefined, taskId: number | undefined) {
  return useQuery({
    queryKey: overviewKeys.lines(locationId ?? 0, taskId),
    queryFn: () => call(api.warehouseOverview.locationLines, { locationId: locationId as number, taskId }),
    enabled: !!locationId,
  });
}

/** What the server pushes while counting (`inventory:progress`). */
type ProgressEvent = { taskId?: number } | undefined;

/**
 * Keeps overview figures live while counting: on the Socket.IO event `inventory:progress` the queries `keysOf` names
 * are fetched again, at most once per `throttleMs` (bursts of scans push many events). `keysOf` gets the task ids
 * seen since the last refresh ('all' when an event named none).
 */
export function useOverviewLive(
  keysOf: (taskIds: ReadonlySet<number | 'all'>) => readonly (readonly unknown[])[],
  throttleMs: number,
  enabled = true,
) {
  const qc = useQueryClient();
  const keysRef = useRef(keysOf);
  keysRef.current = keysOf;
  useEffect(() => {
    if (!enabled || !tokens.access()) return;
    const socket = io({ path: '/socket.io', auth: (cb) => cb({ token: tokens.access() }) });
    const pending = new Set<number | 'all'>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const seen = new Set(pending);
      pending.clear();
      for (const queryKey of keysRef.current(seen)) void qc.invalidateQueries({ queryKey: [...queryKey] });
    };
    socket.on('inventory:progress', (e: ProgressEvent) => {
      pending.add(typeof e?.taskId === 'number' ? e.taskId : 'all');
      if (!timer) timer = setTimeout(flush, throttleMs);
    });
    return () => {
      clearTimeout(timer);
      socket.close();
    };
  }, [qc, enabled, throttleMs]);
}

/** Up to 50 SKUs whose code, name or barcode matches a keyword (of one consignor when given), for the SKU filter. */
export function useSkuSearch(keyword: string, consignorId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: ['warehouseSku', 'search', keyword, consignorId] as const,
    queryFn: () =>
      call(
        api.warehouseSku.page,
        { keyword: keyword || undefined, consignorId, page: 1, pageSize: 50, field: 'code', order: 'ascending' },
        { silent: true },
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The area of a location found by its exact code in a warehouse (the search of a plan cut to areas), or null. */
export async function findLocationArea(warehouseId: number, code: string): Promise<{ areaId: number } | null> {
  const page = await call(
    api.warehouseLocation.page,
    { warehouseId, code, page: 1, pageSize: 20, field: 'code', order: 'ascending' },
    { silent: true },
  );
  const hit = page.items.find((l) => l.code.toLowerCase() === code.toLowerCase());
  return hit ? { areaId: hit.areaId } : null;
}
