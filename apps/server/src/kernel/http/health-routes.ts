import type { FastifyInstance } from 'fastify';
import type { DatabaseMaintenance } from '../db/maintenance';

/**
 * Probes for load balancers and orchestrators (docs/backup-and-restore.md#health-endpoints), signed out and
 * rate-limited like every public endpoint; they say nothing but the status:
 *
 * - `GET /health/live`: the process answers (200 `{"status":"ok"}`); restart it when this fails.
 * - `GET /health/ready`: the database answers, every migration has run and Redis answers when configured
 *   (200 `{"status":"ok"}`, else 503 `{"status":"unavailable"}`); send it no traffic while this fails.
 *
 * What failed and why is on the updates page (`sysUpdate/health`), for the platform's administrators.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  options: { maintenance: DatabaseMaintenance; perMinute: number },
): void {
  const config = { rateLimit: { max: options.perMinute, timeWindow: 60_000 } };
  const noStore = { 'cache-control': 'no-store' };
  app.get('/health/live', { config }, async (_req, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get('/health/ready', { config }, async (req, reply) => {
    const checks = await options.maintenance.checks();
    const failed = checks.filter((c) => !c.ok);
    if (failed.length === 0) return reply.headers(noStore).send({ status: 'ok' });
    req.log.warn({ failed }, 'not ready');
    return reply.code(503).headers(noStore).send({ status: 'unavailable' });
  });
}
