import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../components/crud';
import { call } from '../../lib/api/client';

/** The caller's workbench layout. */
export type HomeLayout = RouteOutput<typeof api.sysHome.layout>;
/** One widget of a layout. */
export type Placement = HomeLayout['widgets'][number];
/** A widget key. */
export type WidgetKey = Placement['key'];
/** A widget width (columns of 24). */
export type WidgetSpan = Placement['span'];
/** What the charts widget draws. */
export type ChartData = RouteOutput<typeof api.sysHome.chartData>;
/** The caller's work in progress. */
export type Progressing = RouteOutput<typeof api.sysHome.progressing>;
/** The server's version and build. */
export type BuildInfo = RouteOutput<typeof api.sysHome.buildInfo>;
/** A calendar item. */
export type ScheduleItem = RouteOutput<typeof api.sysSchedule.detail>;
/** The body of adding a calendar item. */
export type ScheduleInput = RouteInput<typeof api.sysSchedule.add>;
/** A colour of a calendar item. */
export type ScheduleColor = ScheduleItem['color'];

/** Query keys of the workbench. */
export const homeKeys = {
  layout: ['sysHome', 'layout'] as const,
  chartData: ['sysHome', 'chartData'] as const,
  progressing: ['sysHome', 'progressing'] as const,
  buildInfo: ['sysHome', 'buildInfo'] as const,
  schedule: ['sysSchedule'] as const,
  scheduleRange: (startDate: string, endDate: string) => ['sysSchedule', startDate, endDate] as const,
};

/** How often the charts and the work in progress refresh while the workbench is open. */
const REFRESH_MS = 60_000;

/** The caller's layout (the default until they save one); only for users who may read it. */
export function useLayout() {
  const can = useCan();
  return useQuery({
    queryKey: homeKeys.layout,
    queryFn: () => call(api.sysHome.layout, {}, { silent: true }),
    enabled: can('sysHome:layout'),
    staleTime: 5 * 60_000,
  });
}

/**
 * Saves the layout. The workbench shows the new arrangement at once (optimistic) and goes back to what the server
 * holds when the save fails.
 */
export function useSaveLayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (widgets: Placement[]) => call(api.sysHome.saveLayout, { widgets }),
    onMutate: async (widgets) => {
      await qc.cancelQueries({ queryKey: homeKeys.layout });
      const before = qc.getQueryData<HomeLayout>(homeKeys.layout);
      qc.setQueryData<HomeLayout>(homeKeys.layout, (old) => ({
        widgets,
        custom: true,
        variant: old?.variant ?? 'widgets',
        updateTime: old?.updateTime ?? null,
      }));
      return { before };
    },
    onError: (_e, _widgets, context) => {
      if (context?.before) qc.setQueryData(homeKeys.layout, context.before);
      void qc.invalidateQueries({ queryKey: homeKeys.layout });
    },
    onSuccess: (saved) => qc.setQueryData(homeKeys.layout, saved),
  });
}

/** A home variant: the widget dashboard or the compact focus home. */
export type HomeVariant = HomeLayout['variant'];

/** Chooses the caller's home variant; the page switches at once and goes back if the save fails. */
export function useSaveVariant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (variant: HomeVariant) => call(api.sysHome.saveVariant, { variant }),
    onMutate: async (variant) => {
      await qc.cancelQueries({ queryKey: homeKeys.layout });
      const before = qc.getQueryData<HomeLayout>(homeKeys.layout);
      if (before) qc.setQueryData<HomeLayout>(homeKeys.layout, { ...before, variant });
      return { before };
    },
    onError: (_e, _variant, context) => {
      if (context?.before) qc.setQueryData(homeKeys.layout, context.before);
    },
    onSuccess: (saved) => qc.setQueryData(homeKeys.layout, saved),
  });
}

/** Forgets the saved layout: the default again. */
export function useResetLayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.sysHome.resetLayout, {}),
    onSuccess: (layout) => qc.setQueryData(homeKeys.layout, layout),
  });
}

/** The charts' data (data scope of the caller). */
export function useChartData() {
  return useQuery({
    queryKey: homeKeys.chartData,
    queryFn: () => call(api.sysHome.chartData, {}, { silent: true }),
    refetchInterval: REFRESH_MS,
  });
}

/** The caller's count work in progress. */
export function useProgressing() {
  return useQuery({
    queryKey: homeKeys.progressing,
    queryFn: () => call(api.sysHome.progressing, {}, { silent: true }),
    refetchInterval: REFRESH_MS,
  });
}

/** Version and build of the server (changes only with a new release). */
export function useBuildInfo() {
  return useQuery({
    queryKey: homeKeys.buildInfo,
    queryFn: () => call(api.sysHome.buildInfo, {}, { silent: true }),
    staleTime: 30 * 60_000,
  });
}

/** The caller's calendar items overlapping the days from `startDate` to `endDate`. */
export function useSchedule(startDate: string, endDate: string) {
  return useQuery({
    queryKey: homeKeys.scheduleRange(startDate, endDate),
    queryFn: () => call(api.sysSchedule.list, { startDate, endDate }, { silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** Adds, edits or deletes a calendar item (silently: the dialog shows the outcome). */
export function useScheduleMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: homeKeys.schedule });
  return {
    add: useMutation({
      mutationFn: (input: ScheduleInput) => call(api.sysSchedule.add, input, { silent: true }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (input: ScheduleInput & { id: number }) => call(api.sysSchedule.update, input, { silent: true }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(api.sysSchedule.delete, { id }, { silent: true }),
      onSuccess: refresh,
    }),
  };
}
