import { createHash } from 'node:crypto';
import type { fileEntity } from '@shelfwise/contract';
import { expect } from 'vitest';
import type { z } from 'zod';
import { json } from '../../../test/assertions';
import { multipartFile, PNG_BYTES } from '../../../test/fixtures';
import type { TestApp } from '../../../test/harness';

/** A small PDF (the content check reads `%PDF-`). */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Posts one file to `sysFile/uploadFile` (or another upload URL) as the browser's form would. */
export async function uploadRaw(t: TestApp, token: string, data: Buffer, name: string, lang = 'en') {
  const body = multipartFile(data, name);
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/sysFile/uploadFile',
    headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': lang },
    payload: body.payload,
  });
  return { status: r.statusCode, body: json(r), headers: r.headers };
}

/** Uploads and expects it stored: the entity answered. */
export async function uploadOk(t: TestApp, token: string, data: Buffer = PNG_BYTES, name = 'plan.png') {
  const r = await uploadRaw(t, token, data, name);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as z.infer<typeof fileEntity>;
}

/** Follows a (signed) URL without a token and answers the bytes. */
export async function fetchUrl(t: TestApp, url: string) {
  const r = await t.app.inject({ method: 'GET', url });
  return { status: r.statusCode, raw: r.rawPayload, headers: r.headers, body: r.body };
}
