import { routes as api, type RouteOutput } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../components/crud';
import { call } from '../../lib/api/client';
import { postDownload } from '../../lib/api/files';

/** The running server as the updates page shows it. */
export type UpdateVersion = RouteOutput<typeof api.sysUpdate.version>;
export type HealthSummary = RouteOutput<typeof api.sysUpdate.health>;
export type MigrationList = RouteOutput<typeof api.sysUpdate.migrationList>;
export type Backup = RouteOutput<typeof api.sysUpdate.list>[number];
export type ChangelogRelease = RouteOutput<typeof api.sysUpdate.changelog>[number];

export const updateKeys = {
  all: ['sysUpdate'] as const,
  version: ['sysUpdate', 'version'] as const,
  changelog: ['sysUpdate', 'changelog'] as const,
  health: ['sysUpdate', 'health'] as const,
  migrations: ['sysUpdate', 'migrationList'] as const,
  backups: ['sysUpdate', 'list'] as const,
};

export function useUpdateVersion() {
  const can = useCan();
  return useQuery({
    queryKey: updateKeys.version,
    queryFn: () => call(api.sysUpdate.version, {}),
    enabled: can('sysUpdate:version'),
  });
}

export function useChangelog() {
  const can = useCan();
  return useQuery({
    queryKey: updateKeys.changelog,
    queryFn: () => call(api.sysUpdate.changelog, {}),
    enabled: can('sysUpdate:version'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useHealth() {
  const can = useCan();
  return useQuery({
    queryKey: updateKeys.health,
    queryFn: () => call(api.sysUpdate.health, {}),
    enabled: can('sysUpdate:health'),
    refetchInterval: 30_000,
  });
}

export function useMigrations() {
  const can = useCan();
  return useQuery({
    queryKey: updateKeys.migrations,
    queryFn: () => call(api.sysUpdate.migrationList, {}),
    enabled: can('sysUpdate:migrationList'),
  });
}

/** The backups (SQLite only: `enabled` false on the other databases, whose page shows the tools instead). */
export function useBackups(enabled: boolean) {
  const can = useCan();
  return useQuery({
    queryKey: updateKeys.backups,
    queryFn: () => call(api.sysUpdate.list, {}),
    enabled: enabled && can('sysUpdate:list'),
  });
}

export function useBackupNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.sysUpdate.backup, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: updateKeys.all }),
  });
}

export function useDeleteBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fileName: string) => call(api.sysUpdate.deleteBackup, { fileName }),
    onSettled: () => qc.invalidateQueries({ queryKey: updateKeys.backups }),
  });
}

export function useRestore() {
  return useMutation({
    mutationFn: (input: { fileName: string; confirm: string }) => call(api.sysUpdate.restore, input),
  });
}

/** Saves a backup file under its own name. */
export const downloadBackup = (fileName: string) => postDownload(api.sysUpdate.downloadBackup, { fileName }, fileName);

/** Whether the server answers ready again (after a restart): `/health/ready`, signed out. */
export async function serverReady(): Promise<boolean> {
  try {
    const res = await fetch('/health/ready', { cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

/** Bytes as the page shows them: 1.2 MB, 340 KB. */
export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '-';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 10 || i === 0 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}
