import type { Endpoint } from '@shelfwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type BuiltApp, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { expectJsonError } from '../../test/assertions';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { TEST_PASSWORD } from '../../test/harness';
import { defineRoute, registeredRoutes } from './define-route';
import { PreparedJson } from './prepared-json';

/** A handler's result checked and serialised once (`PreparedJson`), sent as the route would send the value. */
describe('prepared results [sqlite]', () => {
  let db: TestDatabase;
  let built: BuiltApp;
  const output = z.object({ id: z.number(), names: z.array(z.string()) });
  const endpoint = (action: string, out: z.ZodType = output): Endpoint => ({
    service: 'zzPrepared',
    action,
    method: 'GET',
    path: `/api/zzPrepared/${action}`,
    permission: 'public',
    input: z.object({}),
    output: out,
    summary: 'a prepared answer',
    response: 'json',
  });
  const value = { id: 7, names: ['a', 'é"\\'] };
  const prepared = PreparedJson.of(output, { ...value, secret: 'hunter2' } as typeof value);

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    const config = loadConfig({
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.url,
      ADMIN_PASSWORD: TEST_PASSWORD,
      SEED_CAPTCHA: 'off',
      LOG_LEVEL: 'silent',
    });
    built = await buildApp({ config, logger: false });
    const routes = [
      [endpoint('value'), () => value],
      [endpoint('prepared'), () => prepared],
      // checked against a laxer schema than the endpoint's own: refused
      [endpoint('other', output.extend({ more: z.string() })), () => prepared],
    ] as const;
    for (const [e, handler] of routes) {
      defineRoute(built.app, built.kernel, e, handler as never);
      registeredRoutes.splice(
        registeredRoutes.findIndex((r) => r.path === e.path),
        1,
      );
    }
    await built.app.ready();
  });
  afterAll(async () => {
    await built?.app.close();
    await db?.drop();
  });

  it('checks once when made: strips what the schema does not name, refuses what does not match', () => {
    expect(JSON.parse(prepared.json.toString())).toEqual(value);
    expect(() => PreparedJson.of(output, { id: 'x' } as never)).toThrow(/does not match/);
  });

  it('sends the text byte for byte as the route sends the value, headers included', async () => {
    const get = (action: string) => built.app.inject({ method: 'GET', url: `/api/zzPrepared/${action}` });
    const [plain, kept] = [await get('value'), await get('prepared')];
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['content-type']).toBe(plain.headers['content-type']);
    const time = (body: string) => body.replace(/"time":"[^"]*"/, '"time":""');
    expect(time(kept.body)).toBe(time(plain.body));
    expect(JSON.parse(kept.body).time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(kept.headers['x-request-id']).toBeTruthy();
    expect((await get('prepared')).body).toMatch(/^\{"code":200,"type":"success","message":"","result":\{"id":7,/);
  });

  it('refuses a result checked against another schema than the endpoint output', async () => {
    const r = await built.app.inject({ method: 'GET', url: '/api/zzPrepared/other' });
    expectJsonError(r, 500, 'internal');
  });
});
