import type { ApiResponse, Route, RouteInput, RouteOutput } from '@shelfwise/contract/routes';
import { expiresAt, tokens } from '../auth/tokens';
import { currentLanguage } from '../i18n/language';
import { notifyError } from './notify';

/** Spec §9: requests give up after 10 minutes. */
export const REQUEST_TIMEOUT_MS = 600_000;

/** Options of one call. */
export interface CallOptions {
  /** Do not show the error toast (the caller shows the problem itself). */
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * The call ends the session itself (sign-out): its `invalid_token` answer is expected and must not trigger the
   * 401 handling, whose page reload would race the caller's own navigation to the sign-in page.
   */
  endsSession?: boolean;
}

/** An answer that was not a success: HTTP status, stable code, message in the user's language, field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode: string | undefined,
    readonly fieldErrors: Record<string, string[]> | undefined,
  ) {
    super(message);
  }
}

/** Set once the page is reloading for a 401: the other requests answered 401 meanwhile do not reload it again. */
let leaving = false;
let onUnauthorized: () => void = () => {
  // several requests of one page fail together; a second reload would abort the first one's navigation
  if (leaving) return;
  leaving = true;
  tokens.clear();
  location.reload();
};
/** What happens on 401 / invalid_token (the app replaces the default: clear and reload). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

function pathOf(endpoint: Route, input: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  let path = endpoint.path;
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (path.includes(`{${k}}`)) path = path.replace(`{${k}}`, encodeURIComponent(String(v)));
    else rest[k] = v;
  }
  return { path, rest };
}

function messageOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Calls an endpoint of the contract: bearer token and language headers, the refresh-token header once the
 * access token has expired (the new pair comes back in response headers), 401 handling, error toasts.
 */
export async function call<R extends Route>(
  endpoint: R,
  input?: RouteInput<R>,
  options: CallOptions = {},
): Promise<RouteOutput<R>> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const access = tokens.access();
  if (access) {
    headers.Authorization = `Bearer ${access}`;
    const refresh = tokens.refresh();
    if (refresh && expiresAt(access) <= Date.now() / 1000 + 5) headers['X-Authorization'] = `Bearer ${refresh}`;
  }
  const data = (input ?? {}) as Record<string, unknown>;
  let url: string;
  let body: string | undefined;
  if (endpoint.method === 'GET') {
    const { path, rest } = pathOf(endpoint, data);
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) query.set(k, String(v));
    url = query.size ? `${path}?${query}` : path;
  } else {
    // path parameters (`delete/{key}`) go in the path, the rest in the body
    const { path, rest } = endpoint.path.includes('{') ? pathOf(endpoint, data) : { path: endpoint.path, rest: input };
    url = path;
    body = JSON.stringify(rest ?? {});
    headers['Content-Type'] = 'application/json';
  }

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { method: endpoint.method, headers, body, signal });
  } catch (e) {
    const err = new ApiError((e as Error).message || 'Network Error', 0, 'network', undefined);
    if (!options.silent && (e as Error).name !== 'AbortError') notifyError(err.message);
    throw err;
  }

  const newAccess = res.headers.get('access-token');
  if (options.endsSession && newAccess === 'invalid_token' && res.ok) return undefined as RouteOutput<R>;
  if (newAccess === 'invalid_token' || res.status === 401) {
    onUnauthorized();
    throw new ApiError(res.statusText || 'Unauthorized', 401, 'unauthorized', undefined);
  }
  if (newAccess) tokens.save(newAccess, res.headers.get('x-access-token') ?? undefined);

  let payload: ApiResponse<unknown> | undefined;
  try {
    payload = (await res.json()) as ApiResponse<unknown>;
  } catch {
    payload = undefined;
  }
  if (!payload) {
    const err = new ApiError(
      res.status >= 400 ? res.statusText || 'Request Error.' : 'Request Error.',
      res.status,
      undefined,
      undefined,
    );
    if (!options.silent) notifyError(err.message);
    throw err;
  }
  if (payload.code !== 200) {
    const extras = (payload.extras ?? {}) as { errorCode?: string };
    const result = (payload.result ?? {}) as { errors?: Record<string, string[]> };
    const err = new ApiError(
      messageOf(payload.message) || res.statusText || 'Request Error.',
      payload.code,
      extras.errorCode,
      result.errors,
    );
    if (!options.silent) notifyError(err.message);
    throw err;
  }
  return payload.result as RouteOutput<R>;
}
