import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { getDownload, postDownload, uploadFile } from '../../../lib/api/files';

/** A snapshot row. */
export type SnapshotRow = RouteOutput<typeof api.inventorySnapshot.page>['items'][number];
/** Input of a snapshot's lines. */
export type SnapshotLinesInput = RouteInput<typeof api.inventorySnapshot.lines>;
/** A snapshot line. */
export type SnapshotLineRow = RouteOutput<typeof api.inventorySnapshot.lines>['items'][number];
/** The query of a snapshot import. */
export type SnapshotImportQuery = RouteInput<typeof api.inventorySnapshot.import>;
/** The report of a snapshot import (with the new snapshot's id, if one was written). */
export type SnapshotImportReport = RouteOutput<typeof api.inventorySnapshot.import>;
/** The body of "clear pick records". */
export type PickRecordClearInput = RouteInput<typeof api.inventoryPickRecord.clear>;
/** The report of a pick record import. */
export type PickRecordImportReport = RouteOutput<typeof api.inventoryPickRecord.import>;

/** Query keys of the snapshot feature. */
export const snapshotKeys = {
  all: ['inventorySnapshot'] as const,
  list: (warehouseId: number | undefined) => ['inventorySnapshot', 'list', warehouseId] as const,
  lines: (input: SnapshotLinesInput) => ['inventorySnapshot', 'lines', input] as const,
  picks: ['inventoryPickRecord'] as const,
};

/** The newest snapshots of a warehouse (pickers). */
export function useSnapshotList(warehouseId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: snapshotKeys.list(warehouseId),
    queryFn: () => call(api.inventorySnapshot.list, { warehouseId: warehouseId as number }, { silent: true }),
    enabled: enabled && !!warehouseId,
  });
}

/** One page of a snapshot's lines. */
export function useSnapshotLines(input: SnapshotLinesInput | null) {
  return useQuery({
    queryKey: snapshotKeys.lines(input ?? ({} as SnapshotLinesInput)),
    queryFn: () => call(api.inventorySnapshot.lines, input as SnapshotLinesInput),
    enabled: !!input,
    placeholderData: keepPreviousData,
  });
}

/** Imports a snapshot from an .xlsx or .csv file (silently: the dialog shows the outcome). */
export function useImportSnapshot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, query }: { file: File; query: SnapshotImportQuery }) =>
      uploadFile(api.inventorySnapshot.import, file, queryOf(query)),
    onSuccess: () => qc.invalidateQueries({ queryKey: snapshotKeys.all }),
  });
}

/** Downloads a snapshot's lines (with the drawer's filters) as .xlsx. */
export function exportSnapshot(input: RouteInput<typeof api.inventorySnapshot.export>): Promise<void> {
  return postDownload(api.inventorySnapshot.export, input, `stock-snapshot-${input.id}.xlsx`);
}

/** Downloads the snapshot import template. */
export function downloadSnapshotTemplate(): Promise<void> {
  return getDownload(api.inventorySnapshot.importTemplate, 'stock-snapshot-import-template.xlsx');
}

/** Deletes the pick records of a warehouse picked in a date range; answers how many went. */
export function useClearPickRecords() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PickRecordClearInput) => call(api.inventoryPickRecord.clear, input, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: snapshotKeys.picks }),
  });
}

/** Imports pick records of a warehouse from an .xlsx or .csv file. */
export function useImportPickRecords() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, query }: { file: File; query: RouteInput<typeof api.inventoryPickRecord.import> }) =>
      uploadFile(api.inventoryPickRecord.import, file, queryOf(query)),
    onSuccess: () => qc.invalidateQueries({ queryKey: snapshotKeys.picks }),
  });
}

/** Downloads the pick record import template. */
export function downloadPickRecordTemplate(): Promise<void> {
  return getDownload(api.inventoryPickRecord.importTemplate, 'pick-record-import-template.xlsx');
}

/** An import's query parameters as strings (empty values left out). */
function queryOf(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}
