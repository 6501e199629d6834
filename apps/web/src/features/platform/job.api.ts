import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { call } from '../../lib/api/client';
import { tokens } from '../../lib/auth/tokens';

const J = api.sysJob;
/** A job row of the page (with its triggers). */
export type JobRow = RouteOutput<typeof J.pageJobDetail>['items'][number];
export type TriggerRow = JobRow['triggers'][number];
export type FiringRow = RouteOutput<typeof J.pageJobTriggerRecord>['items'][number];
export type TriggerInput = RouteInput<typeof J.addJobTrigger>;
export type PreviewInput = RouteInput<typeof J.previewJobTrigger>;

/** Query keys: everything under `['sysJob']`, so the list page's writes refresh them. */
export const jobKeys = {
  all: ['sysJob'] as const,
  handlers: ['sysJob', 'handlers'] as const,
  triggers: (jobId: number) => ['sysJob', 'triggers', jobId] as const,
  history: (input: RouteInput<typeof J.pageJobTriggerRecord>) => ['sysJob', 'history', input] as const,
  preview: (input: PreviewInput) => ['sysJob', 'preview', input] as const,
  cluster: ['sysJob', 'cluster'] as const,
  dashboard: (hours: number) => ['sysJob', 'dashboard', hours] as const,
};

export const useJobHandlers = () => useQuery({ queryKey: jobKeys.handlers, queryFn: () => call(J.jobHandlerList, {}) });

export const useJobTriggers = (jobId: number | undefined) =>
  useQuery({
    queryKey: jobKeys.triggers(jobId ?? 0),
    queryFn: () => call(J.jobTriggerList, { jobId: jobId ?? 0 }),
    enabled: !!jobId,
  });

export const useJobHistory = (input: RouteInput<typeof J.pageJobTriggerRecord>, enabled = true) =>
  useQuery({
    queryKey: jobKeys.history(input),
    queryFn: () => call(J.pageJobTriggerRecord, input),
    enabled,
    refetchInterval: 5000,
  });

/** The next five firings and the expression in words (errors stay silent: the form shows them). */
export const useTriggerPreview = (input: PreviewInput, enabled: boolean) =>
  useQuery({
    queryKey: jobKeys.preview(input),
    queryFn: () => call(J.previewJobTrigger, input, { silent: true }),
    enabled,
    retry: false,
  });

export const useJobCluster = () =>
  useQuery({ queryKey: jobKeys.cluster, queryFn: () => call(J.jobClusterList, {}), refetchInterval: 15_000 });

export const useJobDashboard = (hours: number) =>
  useQuery({
    queryKey: jobKeys.dashboard(hours),
    queryFn: () => call(J.jobDashboard, { hours }),
    refetchInterval: 30_000,
  });

/** Writes of the job pages; each refreshes every job query. */
export function useJobActions() {
  const qc = useQueryClient();
  const after = { onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.all }) };
  return {
    start: useMutation({ mutationFn: (id: number) => call(J.startJob, { id }), ...after }),
    pause: useMutation({ mutationFn: (id: number) => call(J.pauseJob, { id }), ...after }),
    run: useMutation({
      mutationFn: (v: { id: number; params?: Record<string, unknown> }) => call(J.runJob, v),
      ...after,
    }),
    cancel: useMutation({ mutationFn: (id: number) => call(J.cancelJobFiring, { id }), ...after }),
    clear: useMutation({ mutationFn: (jobId?: number) => call(J.clearJobTriggerRecord, { jobId }), ...after }),
    saveTrigger: useMutation({
      mutationFn: (v: TriggerInput & { id?: number }) =>
        v.id
          ? call(J.updateJobTrigger, { ...v, id: v.id }, { silent: true })
          : call(J.addJobTrigger, v, { silent: true }),
      ...after,
    }),
    deleteTrigger: useMutation({ mutationFn: (id: number) => call(J.deleteJobTrigger, { id }), ...after }),
  };
}

/** Keeps the job queries fresh while a page is open: the server tells the tenant of firings starting and ending. */
export function useJobLive() {
  const qc = useQueryClient();
  useEffect(() => {
    if (!tokens.access()) return;
    const socket = io({ path: '/socket.io', auth: (cb) => cb({ token: tokens.access() }) });
    let timer: ReturnType<typeof setTimeout> | undefined;
    socket.on('jobFiring', () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void qc.invalidateQueries({ queryKey: jobKeys.all });
      }, 1000);
    });
    return () => {
      clearTimeout(timer);
      socket.close();
    };
  }, [qc]);
}
