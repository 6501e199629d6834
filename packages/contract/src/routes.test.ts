import { describe, expect, it } from 'vitest';
import { api } from './index';
import { routes } from './routes.gen';

describe('routes.gen.ts', () => {
  it('lists exactly the method and path of every endpoint (run `npm run gen:routes -w packages/contract`)', () => {
    const fromApi = Object.fromEntries(
      Object.entries(api).map(([service, endpoints]) => [
        service,
        Object.fromEntries(
          Object.entries(endpoints as Record<string, { method: string; path: string }>).map(([action, e]) => [
            action,
            { method: e.method, path: e.path },
          ]),
        ),
      ]),
    );
    expect(routes).toEqual(fromApi);
  });
});
