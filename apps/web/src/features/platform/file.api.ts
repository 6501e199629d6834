import type { sysFile } from '@shelfwise/contract';
import { routes as api } from '@shelfwise/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import type { CrudRow } from '../../components/crud';
import { ApiError, call } from '../../lib/api/client';
import { authHeaders } from '../../lib/api/files';
import { tokens } from '../../lib/auth/tokens';

/** A file of the register, as the page shows it. */
export type FileRow = CrudRow<typeof sysFile>;

/** The upload limit the server applies (docs/web-shell.md#fixed-values). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Uploads one file to the register with progress (fetch reports none for a request body, so this one request is an
 * XMLHttpRequest): the same headers as every call, the renewed token pair kept, the server's message on failure.
 */
export function uploadWithProgress(file: File, onProgress: (percent: number) => void): Promise<FileRow> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api.sysFile.uploadFile.path);
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError('Network Error', 0, 'network', undefined));
    xhr.onload = () => {
      const renewed = xhr.getResponseHeader('access-token');
      if (renewed && renewed !== 'invalid_token')
        tokens.save(renewed, xhr.getResponseHeader('x-access-token') ?? undefined);
      let payload: { code?: number; message?: unknown; result?: unknown; extras?: { errorCode?: string } } = {};
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the status text below
      }
      if (payload.code === 200) return resolve(payload.result as FileRow);
      const message = typeof payload.message === 'string' ? payload.message : xhr.statusText || 'Request Error.';
      const fields = (payload.result as { errors?: Record<string, string[]> } | null)?.errors;
      const detail = fields ? Object.values(fields).flat().join(' ') : '';
      reject(new ApiError(detail || message, payload.code ?? xhr.status, payload.extras?.errorCode, fields));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** A short-lived signed link to a file: shown inline (preview) or downloaded. */
export function fileUrl(id: number, inline: boolean) {
  return call(api.sysFile.getUrl, { id, inline });
}

/** Lets the browser download a file through its signed link (streamed by the browser, never held in the page). */
export async function downloadFile(row: FileRow) {
  const { url } = await fileUrl(row.id, false);
  const a = document.createElement('a');
  a.href = url;
  a.download = row.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Refreshes the file list after uploads. */
export function useRefreshFiles() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['sysFile'] });
}
