import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { postDownload } from '../../../lib/api/files';
import { useTheme } from '../../../lib/theme/theme-store';
import type { RecountCandidate } from './audit-figures';

/** The audit view of one task. */
export type AuditDetail = RouteOutput<typeof api.inventoryCheckAudit.detail>;
/** Differences grouped by consignor, area or SKU. */
export type DifferenceGroup = AuditDetail['byConsignor'][number];
/** A decision taken on the task. */
export type AuditRecord = AuditDetail['records'][number];
/** Input of the count line page. */
export type ItemPageInput = RouteInput<typeof api.inventoryCheckItem.page>;
/** A count line. */
export type ItemRow = RouteOutput<typeof api.inventoryCheckItem.page>['items'][number];
/** One entry of a line's history. */
export type HistoryEntry = RouteOutput<typeof api.inventoryCheckAudit.history>[number];
/** The count task (version and tolerance of the decisions). */
export type TaskDetail = RouteOutput<typeof api.inventoryCheckTask.detail>;
/** The body of a reject with recount. */
export type RejectRecountInput = RouteInput<typeof api.inventoryCheckAudit.rejectRecount>;

/** Query keys of the audit centre (lines, tasks and reviews keep the keys of their own services). */
export const auditKeys = {
  all: ['inventoryCheckAudit'] as const,
  detail: (id: number) => ['inventoryCheckAudit', 'detail', id] as const,
  history: (itemId: number) => ['inventoryCheckAudit', 'history', itemId] as const,
  task: (id: number) => ['inventoryCheckTask', 'detail', id] as const,
  items: ['inventoryCheckItem'] as const,
  itemPage: (input: ItemPageInput) => ['inventoryCheckItem', 'page', input] as const,
  candidates: (taskId: number) => ['inventoryCheckItem', 'recountCandidates', taskId] as const,
  taskList: ['inventoryCheckTask', 'list', 'audit'] as const,
};

/** The audit view of a task (figures, differences, decisions). */
export function useAuditDetail(id: number | undefined) {
  return useQuery({
    queryKey: auditKeys.detail(id ?? 0),
    queryFn: () => call(api.inventoryCheckAudit.detail, { id: id as number }),
    enabled: !!id,
  });
}

/**
 * The count task behind an audit: the decisions send its `version`, the recount selection uses its tolerance.
 * Silent: without `inventoryCheckTask:detail` the drawer says why the decisions are unavailable.
 */
export function useAuditTask(id: number | undefined, enabled = true) {
  return useQuery({
    queryKey: auditKeys.task(id ?? 0),
    queryFn: () => call(api.inventoryCheckTask.detail, { id: id as number }, { silent: true }),
    enabled: !!id && enabled,
    retry: false,
  });
}

/** A page of count lines of a task (the lines with difference of the audit drawer). */
export function useItemPage(input: ItemPageInput, enabled = true) {
  return useQuery({
    queryKey: auditKeys.itemPage(input),
    queryFn: () => call(api.inventoryCheckItem.page, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every scan, pass, review and decision of a line, oldest first. */
export function useLineHistory(itemId: number | undefined) {
  return useQuery({
    queryKey: auditKeys.history(itemId ?? 0),
    queryFn: () => call(api.inventoryCheckAudit.history, { id: itemId as number }),
    enabled: !!itemId,
  });
}

/** A counted line that differs from the book, as the recount dialog lists it. */
export type CandidateLine = RecountCandidate &
  Pick<ItemRow, 'locationCode' | 'skuCode' | 'skuName' | 'consignorCode' | 'diffQty' | 'diffValue' | 'reviewQty'>;

const DIFFERENT_RESULTS = [2, 3, 4, 5] as const;
/** At most this many lines of each result are offered for a recount (500 per page). */
const CANDIDATE_PAGES = 4;

/** The lines of a task that differ from the book (over, short, not in book, missing), for the recount dialog. */
export async function fetchRecountCandidates(taskId: number): Promise<CandidateLine[]> {
  const out: CandidateLine[] = [];
  await Promise.all(
    DIFFERENT_RESULTS.map(async (result) => {
      for (let page = 1; page <= CANDIDATE_PAGES; page++) {
        const res = await call(api.inventoryCheckItem.page, { taskId, result, page, pageSize: 500 });
        out.push(...res.items);
        if (!res.hasNextPage) break;
      }
    }),
  );
  return out.sort((a, b) => a.locationCode.localeCompare(b.locationCode) || a.skuCode.localeCompare(b.skuCode));
}

/** The recount candidates of a task, loaded while the recount dialog is open. */
export function useRecountCandidates(taskId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: auditKeys.candidates(taskId ?? 0),
    queryFn: () => fetchRecountCandidates(taskId as number),
    enabled: !!taskId && enabled,
    staleTime: 0,
  });
}

function useInvalidateAfterDecision() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [auditKeys.all, ['inventoryCheckTask'], auditKeys.items, ['inventoryReviewTask']].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
}

/** pendingAudit -> approved (silently: the dialog shows a refusal). */
export function useApproveAudit() {
  const invalidate = useInvalidateAfterDecision();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.inventoryCheckAudit.approve>) =>
      call(api.inventoryCheckAudit.approve, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** pendingAudit -> inReview with a review task for the chosen lines (silently). */
export function useRejectRecount() {
  const invalidate = useInvalidateAfterDecision();
  return useMutation({
    mutationFn: (input: RejectRecountInput) => call(api.inventoryCheckAudit.rejectRecount, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** pendingAudit -> rejected (silently). */
export function useRejectClose() {
  const invalidate = useInvalidateAfterDecision();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.inventoryCheckAudit.rejectClose>) =>
      call(api.inventoryCheckAudit.rejectClose, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Downloads the variance report of a task (.xlsx) with the bearer token. */
export function downloadVarianceReport(id: number, code: string, onlyDifferences: boolean): Promise<void> {
  return postDownload(api.inventoryCheckAudit.export, { id, onlyDifferences }, `variance-report-${code}.xlsx`);
}

/** The URL of a line picture (served behind the bearer token, fetched as a blob). */
export function pictureUrl(pictureId: number): string {
  return `${api.inventoryCheckItem.picture.path}?id=${pictureId}`;
}

/** The newest count tasks, for the task filter of the review list and the review creation. */
export function useTaskOptions(enabled = true) {
  return useQuery({
    queryKey: auditKeys.taskList,
    queryFn: () => call(api.inventoryCheckTask.list, {}, { silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

/** The values of the dictionary `AbnormalCause` in the UI language (labels translated by the server). */
export function useAbnormalCauses() {
  const lang = useTheme((s) => s.language);
  return useQuery({
    queryKey: ['sysDictData', 'dataList', 'AbnormalCause', lang],
    queryFn: () => call(api.sysDictType.dataList, { code: 'AbnormalCause' }, { silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** A function that names a stored abnormal cause (a dictionary value; unknown values show as they are). */
export function useCauseLabel() {
  const causes = useAbnormalCauses();
  return (value: string | null | undefined) => {
    if (!value) return '';
    return causes.data?.find((c) => c.value === value)?.label ?? value;
  };
}
