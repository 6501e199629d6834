export { ensureBuiltInJobs } from './built-in-jobs';
export { type BuiltInDeps, checkJobUrl, httpCallParams, RefusedUrlError, registerBuiltInHandlers } from './builtins';
export { claimFiring, databaseNow, FIRING, type FiringState, KIND } from './ledger';
export {
  createJobRegistry,
  defineJobHandler,
  type JobContext,
  type JobHandler,
  type JobRegistry,
  type PlatformJobContext,
  type Titles,
} from './registry';
export type { FiringEvent } from './runner';
export { checkTimes, nextFiring, nextFirings, type TimesProblem, type TriggerTimes, validTimeZone } from './schedule';
export {
  createScheduler,
  DEFAULT_SCHEDULER,
  misfired,
  type Scheduler,
  type SchedulerOptions,
  timesOf,
} from './scheduler';
