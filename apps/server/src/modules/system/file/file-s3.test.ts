import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { api } from '@shelfwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../config';
import { multipartFile, PNG_BYTES } from '../../../test/fixtures';
import { useTestApp } from '../../../test/harness';
import { startS3Server } from '../../../test/s3-server';
import { fetchUrl, PDF_BYTES, uploadOk } from './file-fixtures';

const { sysFile: f, sysUser } = api;

/** The whole file service with its bytes on a real S3-compatible server (s3rver), not on the local disk. */
describe('sysFile on S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  const options: { s3?: AppConfig['s3'] } = {};
  beforeAll(async () => {
    s3 = await startS3Server();
    options.s3 = s3.config;
  });
  const get = useTestApp('sqlite', options);
  afterAll(async () => s3?.close());
  let admin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });
  const objects = async () => readdir(join(s3.directory, s3.config.bucket), { recursive: true });

  it('uploads to the bucket, downloads through a signed link, deletes the object', async () => {
    const t = get();
    const before = (await objects()).length;
    const file = await uploadOk(t, admin, PDF_BYTES, 'manual.pdf');
    expect((await objects()).length).toBeGreaterThan(before);
    // nothing of it on the local disk
    await expect(readdir(join(t.kernel.config.dataDir, 'files'))).rejects.toThrow();
    const { url } = (await t.call(f.getUrl, { id: file.id, inline: true }, { token: admin })).result;
    const got = await fetchUrl(t, url);
    expect(got.status).toBe(200);
    expect(got.raw.equals(PDF_BYTES)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect((await t.call(f.delete, { id: file.id }, { token: admin })).status).toBe(200);
    expect((await objects()).length).toBe(before);
  });

  it('keeps an avatar on S3, registered with its account, served by the account endpoint', async () => {
    const t = get();
    const body = multipartFile(PNG_BYTES, 'me.png');
    const up = await t.app.inject({
      method: 'POST',
      url: sysUser.uploadAvatar.path,
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const url = (up.json() as { result: { url: string } }).result.url;
    const img = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    expect(img.rawPayload.equals(PNG_BYTES)).toBe(true);
    const rows = (await t.call(f.page, { bizType: 'userAvatar' }, { token: admin })).result.items;
    expect(rows).toHaveLength(1);
  });
});
