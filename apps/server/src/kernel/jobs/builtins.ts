import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isSafeUrl } from '@shelfwise/contract';
import { z } from 'zod';
import type { LogRetention } from '../logs';
import { defineJobHandler, type JobRegistry } from './registry';

const DAY_MS = 86_400_000;

/** Thrown by the HTTP-call job for a URL the spec's rule refuses (the message is shown in the history). */
export class RefusedUrlError extends Error {}

/**
 * Whether an HTTP-call job may reach the URL: the spec's URL rule (no loopback or private address, no `localhost`),
 * checked on the name and on every address it resolves to, unless the host is listed in `JOB_HTTP_ALLOW_HOSTS`.
 */
export async function checkJobUrl(url: string, allowHosts: readonly string[]): Promise<void> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new RefusedUrlError(`not a URL: ${url}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new RefusedUrlError('only http and https URLs');
  const host = u.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (allowHosts.includes(host)) return;
  const refused = () =>
    new RefusedUrlError(
      `${host} is a private or loopback address: refused (an administrator may allow it in JOB_HTTP_ALLOW_HOSTS)`,
    );
  if (!isSafeUrl(url)) throw refused();
  if (isIP(host)) return;
  const addresses = await lookup(host, { all: true });
  for (const a of addresses) {
    const literal = a.family === 6 ? `http://[${a.address}]/` : `http://${a.address}/`;
    if (!isSafeUrl(literal)) throw refused();
  }
}

/** Parameters of the HTTP-call job. */
export const httpCallParams = z.object({
  url: z.string().min(1).max(1024),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).default('GET'),
  body: z
    .string()
    .max(64 * 1024)
    .optional(),
  contentType: z.string().max(128).default('application/json'),
  timeoutSeconds: z.number().int().min(1).max(300).default(30),
});

/** What the built-in handlers need of the server. */
export interface BuiltInDeps {
  retention: LogRetention;
  /** Hosts HTTP-call jobs may reach although private (JOB_HTTP_ALLOW_HOSTS). */
  allowHosts: readonly string[];
}

/**
 * Registers the handlers the kernel ships (docs/jobs.md). Modules register theirs in app.ts (the scheduled cycle
 * count of the inventory module, the database backup `sys.dbBackup` of the updates module).
 */
export function registerBuiltInHandlers(registry: JobRegistry, deps: BuiltInDeps): void {
  registry.register(
    defineJobHandler({
      key: 'sys.logRetention',
      scope: 'platform',
      title: { en: 'Log retention clean-up', 'zh-cn': '日志保留清理', 'zh-tw': '日誌保留清理' },
      params: z.object({}),
      builtIn: { code: 'sys.logRetention', name: 'Log retention clean-up', cron: '0 5 * * * *' },
      async run(ctx) {
        const deleted = await deps.retention.runOnce(ctx.now());
        return { deleted };
      },
    }),
  );
  registry.register(
    defineJobHandler({
      key: 'sys.sessionCleanup',
      scope: 'platform',
      title: {
        en: 'Expired sessions and refresh tokens clean-up',
        'zh-cn': '过期会话与刷新令牌清理',
        'zh-tw': '過期會話與重新整理權杖清理',
      },
      params: z.object({ keepDays: z.number().int().min(0).max(365).default(7) }),
      builtIn: { code: 'sys.sessionCleanup', name: 'Expired sessions clean-up', cron: '0 30 3 * * *' },
      async run(ctx, params) {
        const cutoff = ctx.now() - params.keepDays * DAY_MS;
        const r = await ctx.platformDb
          .deleteFrom('sys_session')
          .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
          .executeTakeFirst();
        return { deleted: Number(r.numDeletedRows) };
      },
    }),
  );
  registry.register(
    defineJobHandler({
      key: 'sys.httpCall',
      scope: 'tenant',
      title: { en: 'HTTP call', 'zh-cn': 'HTTP 调用', 'zh-tw': 'HTTP 呼叫' },
      params: httpCallParams,
      async run(_ctx, p, signal) {
        await checkJobUrl(p.url, deps.allowHosts);
        const res = await fetch(p.url, {
          method: p.method,
          body: p.method === 'GET' ? undefined : p.body,
          headers: p.body ? { 'content-type': p.contentType } : undefined,
          redirect: 'manual',
          signal: AbortSignal.any([signal, AbortSignal.timeout(p.timeoutSeconds * 1000)]),
        });
        const text = (await res.text()).slice(0, 200);
        if (!res.ok) throw new Error(`HTTP ${res.status}: ${text}`);
        return `HTTP ${res.status} ${text}`;
      },
    }),
  );
  registry.register(
    defineJobHandler({
      key: 'sys.noop',
      scope: 'tenant',
      title: { en: 'Wait (test job)', 'zh-cn': '等待（测试作业）', 'zh-tw': '等待（測試作業）' },
      params: z.object({
        sleepMs: z.number().int().min(0).max(600_000).default(0),
        fail: z.boolean().default(false),
      }),
      async run(_ctx, p, signal) {
        if (p.sleepMs > 0) {
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(resolve, p.sleepMs);
            signal.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(new Error('cancelled'));
            });
          });
        }
        if (p.fail) throw new Error('failed as asked');
        return p.sleepMs ? `waited ${p.sleepMs} ms` : 'done';
      },
    }),
  );
}
