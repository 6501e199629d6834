import { z } from 'zod';
import { auditFields, idBody, pageInputWith, pageOf, zDateTime, zId, zOptText, zStatus } from '../common';
import { service } from '../endpoint';

/** How a trigger fires: a cron expression (seconds first, in a time zone) or a fixed interval. */
export const zTriggerKind = z.enum(['cron', 'interval']);
/** After downtime: skip what was missed, run it once, or catch up at most `catchUpMax` firings. */
export const zMisfire = z.enum(['skip', 'once', 'catchUp']);
/** States of a firing in the run history. */
export const zFiringState = z.enum(['pending', 'running', 'succeeded', 'failed', 'cancelled', 'abandoned', 'skipped']);

/** A trigger of a job. */
export const jobTriggerEntity = z.object({
  id: z.number(),
  jobId: z.number(),
  kind: zTriggerKind,
  cron: z.string().nullable(),
  timeZone: z.string().nullable(),
  intervalSeconds: z.number().nullable(),
  startTime: zDateTime.nullable(),
  endTime: zDateTime.nullable(),
  maxRuns: z.number().nullable(),
  runCount: z.number(),
  retries: z.number(),
  retryBackoffSeconds: z.number(),
  misfire: zMisfire,
  catchUpMax: z.number(),
  runAtStart: z.boolean(),
  status: z.number(),
  description: z.string().nullable(),
  lastFireTime: zDateTime.nullable(),
  nextFireTime: zDateTime.nullable(),
  /** The cron expression in words, in the caller's language. */
  cronText: z.string().nullable(),
  ...auditFields,
});

/** A scheduled job with its triggers. */
export const jobEntity = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  groupName: z.string().nullable(),
  handler: z.string(),
  handlerTitle: z.string(),
  params: z.record(z.string(), z.unknown()),
  description: z.string().nullable(),
  concurrent: z.boolean(),
  status: z.number(),
  triggers: z.array(jobTriggerEntity),
  ...auditFields,
});

/** One firing of a job: the run history. */
export const jobFiringEntity = z.object({
  id: z.number(),
  jobId: z.number(),
  jobCode: z.string().nullable(),
  jobName: z.string().nullable(),
  triggerId: z.number(),
  kind: z.string(),
  attempt: z.number(),
  state: zFiringState,
  scheduledTime: zDateTime.nullable(),
  startTime: zDateTime.nullable(),
  endTime: zDateTime.nullable(),
  durationMs: z.number().nullable(),
  nodeNo: z.number().nullable(),
  params: z.string().nullable(),
  output: z.string().nullable(),
  error: z.string().nullable(),
  stack: z.string().nullable(),
});

/** A node of the cluster. */
export const jobClusterEntity = z.object({
  nodeNo: z.number(),
  host: z.string().nullable(),
  version: z.string().nullable(),
  startTime: zDateTime.nullable(),
  heartbeatTime: zDateTime.nullable(),
  /** False when the node missed its heartbeats. */
  up: z.boolean(),
  /** Firings of the caller's tenant this node ran (kept history). */
  firings: z.number(),
  /** This is the node that answered. */
  self: z.boolean(),
});

/** A handler a job can run. */
export const jobHandlerEntity = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** Parameters with their defaults (a starting point for the form). */
  defaults: z.record(z.string(), z.unknown()),
});

const jobFields = {
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][\w.-]*$/),
  name: z.string().min(1).max(128),
  groupName: zOptText(32),
  handler: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()).default({}),
  description: zOptText(512),
  concurrent: z.boolean().default(false),
  status: zStatus.default(1),
};

const timesFields = {
  kind: zTriggerKind.default('cron'),
  cron: z.string().max(128).nullish(),
  timeZone: z.string().max(64).nullish(),
  intervalSeconds: z.number().int().min(1).max(31_536_000).nullish(),
  startTime: zDateTime.max(19).nullish(),
  endTime: zDateTime.max(19).nullish(),
};

const triggerFields = {
  jobId: zId,
  ...timesFields,
  maxRuns: z.number().int().min(1).max(1_000_000_000).nullish(),
  retries: z.number().int().min(0).max(10).default(0),
  retryBackoffSeconds: z.number().int().min(0).max(86_400).default(60),
  misfire: zMisfire.default('once'),
  catchUpMax: z.number().int().min(1).max(1000).default(1),
  runAtStart: z.boolean().default(false),
  status: zStatus.default(1),
  description: zOptText(256),
};

const countsBucket = z.object({ time: zDateTime, succeeded: z.number(), failed: z.number() });

/** Scheduled jobs (`sysJob`): Admin.NET's SysJobService actions, plus history, cancel, preview and dashboard. */
export const sysJob = service('sysJob', {
  pageJobDetail: {
    action: 'pageJobDetail',
    method: 'POST',
    permission: 'sysJob:pageJobDetail',
    input: pageInputWith(['code', 'name', 'groupName', 'createTime']).extend({
      code: z.string().max(64).optional(),
      groupName: z.string().max(32).optional(),
      status: zStatus.optional(),
    }),
    output: pageOf(jobEntity),
    summary: 'Page of jobs with their triggers',
  },
  addJobDetail: {
    action: 'addJobDetail',
    method: 'POST',
    permission: 'sysJob:addJobDetail',
    input: z.object(jobFields),
    output: z.number(),
    summary: 'Add a job',
  },
  updateJobDetail: {
    action: 'updateJobDetail',
    method: 'POST',
    permission: 'sysJob:updateJobDetail',
    input: z.object({ id: zId, ...jobFields }),
    output: z.null(),
    summary: 'Update a job',
  },
  deleteJobDetail: {
    action: 'deleteJobDetail',
    method: 'POST',
    permission: 'sysJob:deleteJobDetail',
    input: idBody,
    output: z.null(),
    summary: 'Delete a job, its triggers and its history',
  },
  jobTriggerList: {
    action: 'jobTriggerList',
    method: 'GET',
    permission: 'sysJob:pageJobTrigger',
    input: z.object({ jobId: zId }),
    output: z.array(jobTriggerEntity),
    summary: 'Triggers of a job',
  },
  addJobTrigger: {
    action: 'addJobTrigger',
    method: 'POST',
    permission: 'sysJob:addJobTrigger',
    input: z.object(triggerFields),
    output: z.number(),
    summary: 'Add a trigger to a job',
  },
  updateJobTrigger: {
    action: 'updateJobTrigger',
    method: 'POST',
    permission: 'sysJob:updateJobTrigger',
    input: z.object({ id: zId, ...triggerFields }),
    output: z.null(),
    summary: 'Update a trigger',
  },
  deleteJobTrigger: {
    action: 'deleteJobTrigger',
    method: 'POST',
    permission: 'sysJob:deleteJobTrigger',
    input: idBody,
    output: z.null(),
    summary: 'Delete a trigger',
  },
  startJob: {
    action: 'startJob',
    method: 'POST',
    permission: 'sysJob:startJob',
    input: idBody,
    output: z.null(),
    summary: 'Start (enable) a job',
  },
  pauseJob: {
    action: 'pauseJob',
    method: 'POST',
    permission: 'sysJob:pauseJob',
    input: idBody,
    output: z.null(),
    summary: 'Pause a job (a running firing finishes)',
  },
  runJob: {
    action: 'runJob',
    method: 'POST',
    permission: 'sysJob:runJob',
    input: z.object({ id: zId, params: z.record(z.string(), z.unknown()).optional() }),
    output: z.number(),
    summary: 'Run a job now, with parameters overriding its own; returns the firing id',
  },
  cancelJobFiring: {
    action: 'cancelJobFiring',
    method: 'POST',
    permission: 'sysJob:cancelJobFiring',
    input: idBody,
    output: z.null(),
    summary: 'Ask a running firing to stop (cooperative); a pending one is cancelled at once',
  },
  pageJobTriggerRecord: {
    action: 'pageJobTriggerRecord',
    method: 'POST',
    permission: 'sysJob:pageJobTriggerRecord',
    input: pageInputWith(['scheduledTime', 'durationMs']).extend({
      jobId: zId.optional(),
      state: zFiringState.optional(),
    }),
    output: pageOf(jobFiringEntity),
    summary: 'Run history, newest first',
  },
  clearJobTriggerRecord: {
    action: 'clearJobTriggerRecord',
    method: 'POST',
    permission: 'sysJob:clearJobTriggerRecord',
    input: z.object({ jobId: zId.optional() }),
    output: z.number(),
    summary: 'Delete the finished history of a job (or of every job); returns how many rows',
  },
  jobClusterList: {
    action: 'jobClusterList',
    method: 'GET',
    permission: 'sysJob:clusterList',
    input: z.object({}),
    output: z.array(jobClusterEntity),
    summary: 'Nodes of the cluster, their version, heartbeat and firings',
  },
  jobHandlerList: {
    action: 'jobHandlerList',
    method: 'GET',
    permission: 'sysJob:pageJobDetail',
    input: z.object({}),
    output: z.array(jobHandlerEntity),
    summary: 'Handlers a job of this tenant may run',
  },
  previewJobTrigger: {
    action: 'previewJobTrigger',
    method: 'POST',
    permission: 'sysJob:pageJobDetail',
    input: z.object(timesFields),
    output: z.object({ nextTimes: z.array(zDateTime), cronText: z.string().nullable() }),
    summary: 'The next five firing times and the cron expression in words',
  },
  jobDashboard: {
    action: 'jobDashboard',
    method: 'GET',
    permission: 'sysJob:dashboard',
    input: z.object({ hours: z.coerce.number().int().min(1).max(168).default(24) }),
    output: z.object({
      running: z.array(jobFiringEntity),
      upcoming: z.array(z.object({ jobId: z.number(), code: z.string(), name: z.string(), time: zDateTime })),
      counts: z.array(countsBucket),
      slowest: z.array(
        z.object({
          jobId: z.number(),
          code: z.string(),
          name: z.string(),
          maxMs: z.number(),
          avgMs: z.number(),
          runs: z.number(),
        }),
      ),
      failures: z.array(jobFiringEntity),
    }),
    summary: 'Running firings, next firings, counts per hour, slowest jobs and recent failures',
  },
});
