import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/harness';
import { registeredRoutes } from './define-route';

/**
 * Every route of the route table, without a token and with a user who holds no grants: non-public routes answer
 * 401 without a token, and routes that need a permission answer 403 to the user without it, before any input
 * is looked at (an empty body is sent).
 */
describeEachDialect('access matrix of the route table', (get) => {
  let token = '';
  beforeAll(async () => {
    const u = await get().createUser({ account: 'no_grants', permissions: [] });
    token = (await get().login(u.account, u.password)).accessToken;
  });

  it('answers 401 without a token and 403 without the permission, on every route', async () => {
    const t = get();
    const wrong: string[] = [];
    // every form of a route: its own, and the forms Admin.NET's clients use (`detail/{id}`, a POSTed list)
    const forms = registeredRoutes.flatMap((r) => [r, ...r.aliases.map((a) => ({ ...a, permission: r.permission }))]);
    for (const route of forms) {
      if (route.permission === 'public') continue;
      const url = route.path.replace(/\{(\w+)\}/g, '1');
      const anonymous = await t.app.inject({ method: route.method as 'GET' | 'POST', url });
      if (anonymous.statusCode !== 401)
        wrong.push(`${route.method} ${route.path} without a token: ${anonymous.statusCode}`);
      if (route.permission === 'authenticated') continue;
      const denied = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      if (denied.statusCode !== 403)
        wrong.push(`${route.method} ${route.path} without ${route.permission}: ${denied.statusCode}`);
    }
    expect(forms.length).toBeGreaterThan(registeredRoutes.length);
    expect(wrong).toEqual([]);
    expect(registeredRoutes.length).toBeGreaterThan(150);
  });
});
