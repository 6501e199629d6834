import { api } from '@shelfwise/contract';
import type { TestApp } from './harness';

/** A 1x1 transparent PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_BYTES = Buffer.from(PNG_BASE64, 'base64');
/** A 1x1 JPEG start (the content check reads the magic bytes). */
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-tiny-jpeg-body')]);

/** Asks the app for a captcha and reads its answer from the cache: the `codeId` and `code` a login sends. */
export async function solveCaptcha(t: TestApp): Promise<{ codeId: string; code: string }> {
  const c = await t.call(api.sysAuth.captcha);
  const answer = await t.kernel.cache.get<number>(`captcha:${c.result.id}`);
  return { codeId: c.result.id, code: String(answer) };
}

/** A multipart/form-data body with one file field (as a browser's upload sends it). */
export function multipartFile(
  data: Buffer,
  filename: string,
  contentType = 'application/octet-stream',
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shelfwise${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
