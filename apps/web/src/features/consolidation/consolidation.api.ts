import type { consolidationPlanner, InputOf } from '@shelfwise/contract';
import { routes as api, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api/client';
import { postDownload } from '../../lib/api/files';

/** What a plan is made for: warehouse, optional area / consignor / SKU, and the window in days. */
export type PlanFilter = InputOf<typeof consolidationPlanner.export>;
/** Input of the plan (the filter and an optional left-out reason). */
export type PlanInput = InputOf<typeof consolidationPlanner.plan>;
/** A plan: totals, moves, freed and left-out locations. */
export type Plan = RouteOutput<typeof api.consolidationPlanner.plan>;
export type PlanMove = Plan['moves'][number];
export type PlanFreed = Plan['freed'][number];
export type PlanLeftOut = Plan['leftOut'][number];
export type LeftOutReason = PlanLeftOut['reason'];
/** Input and answer of the candidate overview (stock groups, paged). */
export type GroupsInput = InputOf<typeof consolidationPlanner.query>;
export type StockGroup = RouteOutput<typeof api.consolidationPlanner.query>['groups']['items'][number];

/** Query keys of the consolidation planner. */
export const consolidationKeys = {
  all: ['consolidationPlanner'] as const,
  plan: (input: PlanInput) => ['consolidationPlanner', 'plan', input] as const,
  groups: (input: GroupsInput) => ['consolidationPlanner', 'query', input] as const,
  skus: (keyword: string, consignorId?: number) => ['warehouseSku', 'search', keyword, consignorId] as const,
};

/** The plan of a filter (runs when a filter is given: the page sets it when the user presses Plan). */
export function usePlan(input: PlanInput | undefined) {
  return useQuery({
    queryKey: consolidationKeys.plan(input as PlanInput),
    queryFn: () => call(api.consolidationPlanner.plan, input as PlanInput),
    enabled: !!input,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A page of stock groups with what a plan does to them. */
export function useStockGroups(input: GroupsInput | undefined, enabled = true) {
  return useQuery({
    queryKey: consolidationKeys.groups(input as GroupsInput),
    queryFn: () => call(api.consolidationPlanner.query, input as GroupsInput),
    enabled: !!input && enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** SKUs found by code, name or barcode (of a consignor), for the SKU filter. */
export function useSkuOptions(keyword: string, consignorId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: consolidationKeys.skus(keyword, consignorId),
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

/** Downloads the plan of a filter as .xlsx (every move, freed and left-out location). */
export function downloadPlan(filter: PlanFilter, warehouseCode: string): Promise<void> {
  return postDownload(api.consolidationPlanner.export, filter, `consolidation-plan-${warehouseCode}.xlsx`);
}
