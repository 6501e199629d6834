import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/harness';

/** Liveness and readiness for load balancers: signed out, rate-limited, nothing but the status. */
describeEachDialect('health endpoints', (get) => {
  beforeAll(() => undefined);

  it('readiness fails (503) while a migration is missing, then passes', async () => {
    const t = get();
    const last = (
      await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration
      order by name desc limit 1`.execute(t.kernel.db)
    ).rows[0] as { name: string; timestamp: string };
    await sql`delete from kysely_migration where name = ${last.name}`.execute(t.kernel.db);
    const down = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable' });
    await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(
      t.kernel.db,
    );
    const up = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok' });
  });

  it('liveness and readiness answer signed out with the status only, never cached, rate-limited', async () => {
    const t = get();
    for (const url of ['/health/live', '/health/ready']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe('{"status":"ok"}');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers['x-ratelimit-limit']).toBe(String(t.kernel.config.rateLimits.public));
      // a bad token changes nothing and is not read
      const bad = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer nonsense' } });
      expect(bad.body).toBe('{"status":"ok"}');
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
    }
  });
});

describeEachDialect(
  'health endpoints are limited per client',
  (get) => {
    it('answers 429 past the public limit', async () => {
      const t = get();
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    });
  },
  { rateLimits: { public: 3 } },
);
