import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createJobService } from './job.service';
import { jobDashboard } from './job-dashboard';

/** Routes of `sysJob` (Admin.NET's SysJobService actions, docs/jobs.md). */
export function registerJobRoutes(app: FastifyInstance, kernel: Kernel) {
  const jobs = createJobService(kernel);
  const j = api.sysJob;
  const done = () => null;
  defineRoute(app, kernel, j.pageJobDetail, (input, ctx, { time }) => jobs.page(ctx, input, time));
  defineRoute(app, kernel, j.addJobDetail, (input, ctx) => jobs.add(ctx, input));
  defineRoute(app, kernel, j.updateJobDetail, (input, ctx) => jobs.update(ctx, input).then(done));
  defineRoute(app, kernel, j.deleteJobDetail, (input, ctx) => jobs.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, j.jobTriggerList, (input, ctx, { time }) => jobs.triggers(ctx, input.jobId, time));
  defineRoute(app, kernel, j.addJobTrigger, (input, ctx) => jobs.addTrigger(ctx, input));
  defineRoute(app, kernel, j.updateJobTrigger, (input, ctx) => jobs.updateTrigger(ctx, input).then(done));
  defineRoute(app, kernel, j.deleteJobTrigger, (input, ctx) => jobs.deleteTrigger(ctx, input.id).then(done));
  defineRoute(app, kernel, j.startJob, (input, ctx) => jobs.start(ctx, input.id).then(done));
  defineRoute(app, kernel, j.pauseJob, (input, ctx) => jobs.pause(ctx, input.id).then(done));
  defineRoute(app, kernel, j.runJob, (input, ctx) => jobs.run(ctx, input));
  defineRoute(app, kernel, j.cancelJobFiring, (input, ctx) => jobs.cancel(ctx, input.id).then(done));
  defineRoute(app, kernel, j.pageJobTriggerRecord, (input, ctx, { time }) => jobs.history(ctx, input, time));
  defineRoute(app, kernel, j.clearJobTriggerRecord, (input, ctx) => jobs.clearHistory(ctx, input.jobId));
  defineRoute(app, kernel, j.jobClusterList, (_input, ctx, { time }) => jobs.cluster(ctx, time));
  defineRoute(app, kernel, j.jobHandlerList, async (_input, ctx) => jobs.handlers(ctx));
  defineRoute(app, kernel, j.previewJobTrigger, async (input, ctx, { time }) => jobs.preview(ctx, input, time));
  defineRoute(app, kernel, j.jobDashboard, (input, ctx, { time }) => jobDashboard(kernel, ctx, input.hours, time));
}
