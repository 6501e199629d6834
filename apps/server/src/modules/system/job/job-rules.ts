import type { Locale } from '@shelfwise/contract';
import cronstrue from 'cronstrue/i18n.js';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { AppError } from '../../../kernel/errors/app-error';
import { parseTime } from '../../../kernel/i18n/time';
import { t } from '../../../kernel/i18n/translate';
import {
  checkJobUrl,
  checkTimes,
  type JobHandler,
  type JobRegistry,
  RefusedUrlError,
  type TriggerTimes,
} from '../../../kernel/jobs';

const CRONSTRUE_LOCALE: Record<Locale, string> = { en: 'en', 'zh-cn': 'zh_CN', 'zh-tw': 'zh_TW' };

/** A cron expression in words, in the caller's language (null when it is not one). */
export function cronInWords(cron: string | null | undefined, locale: Locale): string | null {
  if (!cron) return null;
  try {
    return cronstrue.toString(cron.trim(), {
      locale: CRONSTRUE_LOCALE[locale],
      use24HourTimeFormat: true,
      throwExceptionOnParseError: true,
    });
  } catch {
    return null;
  }
}

const fail = (field: string, message: string) => new AppError('validation', { count: 1 }, { [field]: [message] });

/** The handlers a job of the tenant may run: platform handlers only in the default tenant. */
export function handlersFor(registry: JobRegistry, tenantId: number): JobHandler[] {
  return registry.all().filter((h) => h.scope === 'tenant' || tenantId === DEFAULT_TENANT_ID);
}

/**
 * Checks a job's handler and parameters: an unknown handler, parameters of the wrong type (the handler's own schema)
 * and, for HTTP calls, a URL the spec's rule refuses are field errors in the caller's language.
 */
export async function checkJob(
  registry: JobRegistry,
  ctx: { tenantId: number; locale: Locale },
  input: { handler: string; params: Record<string, unknown> },
  allowHosts: readonly string[],
): Promise<void> {
  const handler = handlersFor(registry, ctx.tenantId).find((h) => h.key === input.handler);
  if (!handler) throw fail('handler', 'job_unknown_handler');
  const parsed = handler.params.safeParse(input.params);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '-'}: ${i.message}`).join('; ');
    throw fail('params', t('job_params_invalid', ctx.locale, { detail: detail.slice(0, 300) }));
  }
  const url = (parsed.data as { url?: unknown }).url;
  if (input.handler === 'sys.httpCall' && typeof url === 'string') {
    try {
      await checkJobUrl(url, allowHosts);
    } catch (e) {
      // a name that does not resolve now may resolve when the job runs: only a refused address stops the save
      if (e instanceof RefusedUrlError) throw fail('params.url', 'job_url_refused');
    }
  }
}

/** The times a trigger form describes, checked (cron, zone, interval, start before end), in epoch ms. */
export function triggerTimes(
  input: {
    kind: 'cron' | 'interval';
    cron?: string | null;
    timeZone?: string | null;
    intervalSeconds?: number | null;
    startTime?: string | null;
    endTime?: string | null;
  },
  tenantZone: string,
): TriggerTimes & { startAt: number | null; endAt: number | null } {
  const zone = input.timeZone || tenantZone;
  const at = (field: 'startTime' | 'endTime') => {
    const text = input[field];
    if (!text) return null;
    const ms = parseTime(text, zone);
    if (ms === undefined) throw fail(field, 'job_invalid_time');
    return ms;
  };
  const times = {
    kind: input.kind,
    cron: input.kind === 'cron' ? (input.cron ?? '').trim() : null,
    timeZone: input.kind === 'cron' ? zone : null,
    intervalSeconds: input.kind === 'interval' ? (input.intervalSeconds ?? null) : null,
    startAt: at('startTime'),
    endAt: at('endTime'),
  };
  const problem = checkTimes(times);
  if (problem) {
    const field = {
      job_invalid_cron: 'cron',
      job_invalid_time_zone: 'timeZone',
      job_invalid_interval: 'intervalSeconds',
    };
    throw fail(field[problem], problem);
  }
  if (times.startAt !== null && times.endAt !== null && times.endAt <= times.startAt) {
    throw fail('endTime', 'job_end_before_start');
  }
  return times;
}
