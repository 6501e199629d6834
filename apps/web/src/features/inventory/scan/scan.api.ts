import { routes as api, type RouteOutput } from '@shelfwise/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import type { ScanLocation } from './scan-queue';
import type { ScanStore } from './scan-store';
import type { ScanTransport } from './scan-sync';

/** A sub-task of the caller, with progress. */
export type MyScanTask = RouteOutput<typeof api.inventoryScan.myTasks>[number];

/** Query keys of the scanning workbench. */
export const scanKeys = {
  all: ['inventoryScan'] as const,
  myTasks: (userKey: string) => ['inventoryScan', 'myTasks', userKey] as const,
};

/** Cache keys of the device store. */
export const cacheKeys = {
  tasks: 'tasks',
  current: 'current',
  location: (subTaskId: number, locationId: number) => `loc:${subTaskId}:${locationId}`,
  locationCodes: (subTaskId: number) => `codes:${subTaskId}`,
};

interface CachedTasks {
  at: string;
  tasks: MyScanTask[];
}

/** The open sub-tasks of the caller; offline, the last list this device saw (with its time). */
export function useMyScanTasks(store: ScanStore | null, userKey: string) {
  return useQuery({
    queryKey: scanKeys.myTasks(userKey),
    enabled: !!store,
    // the page works offline: ask anyway and fall back to the device's copy
    networkMode: 'always',
    retry: false,
    queryFn: async (): Promise<{ tasks: MyScanTask[]; cachedAt: string | null }> => {
      try {
        const tasks = await call(api.inventoryScan.myTasks, {}, { silent: true });
        await store?.put('cache', cacheKeys.tasks, { at: new Date().toISOString(), tasks } satisfies CachedTasks);
        return { tasks, cachedAt: null };
      } catch (e) {
        const cached = await store?.get<CachedTasks>('cache', cacheKeys.tasks);
        if (cached && (e as { status?: number }).status === 0) return { tasks: cached.tasks, cachedAt: cached.at };
        throw e;
      }
    },
  });
}

/** The location context by its scanned code (silent: the page gives its own feedback). */
export function fetchScanLocation(subTaskId: number, code: string): Promise<ScanLocation> {
  return call(api.inventoryScan.location, { subTaskId, code }, { silent: true });
}

/** The API behind the sync loop; errors stay silent, the loop and the problems list handle them. */
export const scanTransport: ScanTransport = {
  sync: (scans) => call(api.inventoryScan.sync, { scans }, { silent: true }),
  undo: (scan) => call(api.inventoryScan.undo, { ...scan, kind: 'undo', undoOf: scan.undoOf ?? '' }, { silent: true }),
  confirmEmpty: (scan) => call(api.inventoryScan.confirmEmpty, { ...scan, kind: 'empty' }, { silent: true }),
  confirmLocation: async (input) => {
    await call(api.inventoryScan.confirmLocation, input, { silent: true });
  },
};
