import type { ApiResponse, Route, RouteInput, RouteOutput } from '@shelfwise/contract/routes';
import { expiresAt, tokens } from '../auth/tokens';
import { currentLanguage } from '../i18n/language';
import { ApiError, REQUEST_TIMEOUT_MS } from './client';

/** The headers `call` sends: language, bearer token, and the refresh token once the access token has expired. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const access = tokens.access();
  if (access) {
    headers.Authorization = `Bearer ${access}`;
    const refresh = tokens.refresh();
    if (refresh && expiresAt(access) <= Date.now() / 1000 + 5) headers['X-Authorization'] = `Bearer ${refresh}`;
  }
  return headers;
}

/** Sends a request with the auth headers; keeps a renewed token pair; an unauthorised answer clears the session. */
async function send(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (e) {
    throw new ApiError((e as Error).message || 'Network Error', 0, 'network', undefined);
  }
  const renewed = res.headers.get('access-token');
  if (renewed === 'invalid_token' || res.status === 401) {
    tokens.clear();
    location.reload();
    throw new ApiError(res.statusText || 'Unauthorized', 401, 'unauthorized', undefined);
  }
  if (renewed) tokens.save(renewed, res.headers.get('x-access-token') ?? undefined);
  return res;
}

/** The error of a JSON answer that is not a success (an error envelope instead of the expected file). */
async function failure(res: Response): Promise<ApiError> {
  const payload = (await res.json().catch(() => undefined)) as ApiResponse<unknown> | undefined;
  const extras = (payload?.extras ?? {}) as { errorCode?: string };
  const result = (payload?.result ?? {}) as { errors?: Record<string, string[]> };
  const message = typeof payload?.message === 'string' ? payload.message : res.statusText || 'Request Error.';
  return new ApiError(message, payload?.code ?? res.status, extras.errorCode, result.errors);
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** Offers a blob to the user as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function downloadFrom(res: Response, fallback: string): Promise<void> {
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) throw await failure(res);
  saveBlob(await res.blob(), fileNameOf(res.headers.get('content-disposition'), fallback));
}

/** Posts JSON to a file endpoint and saves the answer under the server's file name. */
export async function postDownload<R extends Route>(endpoint: R, input: RouteInput<R>, fallback: string) {
  const res = await send(endpoint.path, {
    method: 'POST',
    headers: { ...authHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify(input ?? {}),
  });
  await downloadFrom(res, fallback);
}

/** Gets a file endpoint and saves the answer under the server's file name. */
export async function getDownload(endpoint: Route, fallback: string): Promise<void> {
  await downloadFrom(await send(endpoint.path, { method: 'GET', headers: authHeaders() }), fallback);
}

/** Fetches a protected file (an image behind the bearer token) as a blob. */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(url, { headers: authHeaders(), signal });
  if (!res.ok) throw new ApiError(res.statusText || 'Request Error.', res.status, undefined, undefined);
  return res.blob();
}

/** Uploads one file as the multipart field `file` (with optional query parameters) and returns the result. */
export async function uploadFile<R extends Route>(
  endpoint: R,
  file: Blob,
  query: Record<string, string> = {},
): Promise<RouteOutput<R>> {
  const form = new FormData();
  form.append('file', file, (file as File).name ?? 'file');
  const search = new URLSearchParams(query);
  const url = search.size ? `${endpoint.path}?${search}` : endpoint.path;
  const res = await send(url, { method: 'POST', headers: authHeaders(), body: form });
  const payload = (await res
    .clone()
    .json()
    .catch(() => undefined)) as ApiResponse<unknown> | undefined;
  if (payload?.code !== 200) throw await failure(res);
  return payload.result as RouteOutput<R>;
}
