import type { RunningServer } from './server';

/** A JSON API caller signed in as one user: GET without a body, POST with one; throws unless the code is 200. */
export type ApiCaller = <T>(path: string, body?: unknown) => Promise<T>;

/** Signs in through the API as `account` (set-up steps a journey does not need to click through). */
export async function apiAs(server: RunningServer, account: string, password: string): Promise<ApiCaller> {
  const login = await fetch(`${server.url}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const out = (await res.json()) as { code: number; result: T; message: string };
    if (out.code !== 200) throw new Error(`${path}: ${out.code} ${out.message}`);
    return out.result;
  };
}
