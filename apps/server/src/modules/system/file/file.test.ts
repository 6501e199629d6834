import { api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { loadOrCreateSecret } from '../../../kernel/auth/secret';
import { createFileLinks } from '../../../kernel/files/file-links';
import { expect400, expectError, json } from '../../../test/assertions';
import { JPEG_BYTES, multipartFile, PNG_BYTES } from '../../../test/fixtures';
import { describeEachDialect } from '../../../test/harness';
import { fetchUrl, PDF_BYTES, sha256, uploadOk, uploadRaw } from './file-fixtures';

const { sysFile: f, sysUser } = api;

/** Files: uploads checked by content, the list and its filters, links, rename, delete, permissions, tenancy. */
describeEachDialect('sysFile', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    beta = await get().createTenant('Beta');
  });
  const total = async () => (await get().call(f.page, {}, { token: admin })).result.total;

  it('uploads a picture and a PDF, recognised by content, with size, hash and uploader', async () => {
    const png = await uploadOk(get(), admin, PNG_BYTES, 'dock plan.png');
    expect(png).toMatchObject({
      fileName: 'dock plan.png',
      suffix: 'png',
      contentType: 'image/png',
      size: PNG_BYTES.length,
      sha256: sha256(PNG_BYTES),
      bizType: null,
      inUse: false,
    });
    expect(png.uploader).toBeTruthy();
    const pdf = await uploadOk(get(), admin, PDF_BYTES, 'report');
    expect(pdf).toMatchObject({ fileName: 'report.pdf', contentType: 'application/pdf', suffix: 'pdf' });
  });

  it('refuses a file renamed to .png that is not a picture, in the caller’s language, writing nothing', async () => {
    const before = await total();
    const r = await uploadRaw(get(), admin, Buffer.from('just some text\n'), 'photo.png');
    expect(r.status).toBe(415);
    expect(r.body.extras.errorCode).toBe('fileTypeMismatch');
    expect(r.body.message).toContain('photo.png');
    const zh = await uploadRaw(get(), admin, Buffer.from('just some text\n'), 'photo.png', 'zh-CN');
    expect(zh.body.message).toContain('与其扩展名不符');
    const tw = await uploadRaw(get(), admin, Buffer.from('just some text\n'), 'photo.png', 'zh-TW');
    expect(tw.body.message).toContain('與其副檔名不符');
    const bin = await uploadRaw(get(), admin, Buffer.from([0, 1, 2, 3, 0xfe]), 'blob.bin');
    expect([bin.status, bin.body.extras.errorCode]).toEqual([415, 'fileTypeNotAllowed']);
    expect(await total()).toBe(before);
  });

  it('refuses a 12 MB file and a name with a path, writing nothing', async () => {
    const before = await total();
    const big = await uploadRaw(get(), admin, Buffer.concat([PNG_BYTES, Buffer.alloc(12 * 1024 * 1024)]), 'big.png');
    expect([big.status, big.body.extras.errorCode]).toEqual([413, 'payloadTooLarge']);
    for (const name of ['../../etc/passwd.png', '..\\win.png', 'a/../b.png']) {
      const r = await uploadRaw(get(), admin, PNG_BYTES, name);
      expect(r.status, name).toBe(400);
      expect(r.body.result).toMatchObject({ errors: { file: [expect.stringContaining('..')] } });
    }
    const none = await get().app.inject({
      method: 'POST',
      url: '/api/sysFile/uploadFile',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    expect(await total()).toBe(before);
  });

  it('pages with filters: name, kind, size, uploader, date and the record a file belongs to', async () => {
    const t = get();
    await uploadOk(t, admin, JPEG_BYTES, 'filter-me.jpg');
    const page = (body: Record<string, unknown>) => t.call(f.page, body, { token: admin }).then((r) => r.result);
    expect((await page({ fileName: 'filter-me' })).items.map((i) => i.fileName)).toEqual(['filter-me.jpg']);
    expect((await page({ kind: 'pdf' })).items.every((i) => i.contentType === 'application/pdf')).toBe(true);
    expect((await page({ kind: 'image' })).items.every((i) => i.contentType.startsWith('image/'))).toBe(true);
    expect((await page({ kind: 'other', fileName: 'filter-me' })).total).toBe(0);
    expect((await page({ sizeMin: 1_000_000 })).total).toBe(0);
    expect((await page({ sizeMax: JPEG_BYTES.length, fileName: 'filter-me' })).total).toBe(1);
    expect((await page({ uploader: 'admin', fileName: 'filter-me' })).total).toBe(1);
    expect((await page({ uploader: 'nobody-such', fileName: 'filter-me' })).total).toBe(0);
    expect((await page({ startTime: '2999-01-01', fileName: 'filter-me' })).total).toBe(0);
    expect((await page({ endTime: '2999-01-01', fileName: 'filter-me' })).total).toBe(1);
    expect((await page({ field: 'size', order: 'descending' })).items.length).toBeGreaterThan(1);
    expect400(await t.call(f.page, { startTime: 'yesterday' }, { token: admin }), ['startTime']);
    expect400(await t.call(f.page, { kind: 'movie' }, { token: admin }), ['kind']);
    expectError(await t.call(f.page, { field: 'storage_key' }, { token: admin }), 400, 'unknownSortField');
  });

  it('downloads streamed as an attachment, and by a signed link without a token', async () => {
    const t = get();
    const file = await uploadOk(t, admin, PNG_BYTES, '平面图.png');
    const dl = await t.app.inject({
      method: 'POST',
      url: '/api/sysFile/downloadFile',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: file.id }),
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('平面图.png')}`);
    expect(dl.headers['content-disposition']).toMatch(/^attachment/);
    const link = (await t.call(f.getUrl, { id: file.id, inline: true }, { token: admin })).result;
    expect(link.expiresAt).toBeGreaterThan(Date.now());
    const shown = await fetchUrl(t, link.url);
    expect(shown.status).toBe(200);
    expect(shown.raw.equals(PNG_BYTES)).toBe(true);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['content-disposition']).toMatch(/^inline/);
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    const attach = (await t.call(f.getUrl, { id: file.id }, { token: admin })).result;
    expect((await fetchUrl(t, attach.url)).headers['content-disposition']).toMatch(/^attachment/);
  });

  it('refuses a forged, altered, expired or path-bearing link', async () => {
    const t = get();
    const file = await uploadOk(t, admin, PNG_BYTES, 'linked.png');
    const { url } = (await t.call(f.getUrl, { id: file.id }, { token: admin })).result;
    const forged = url.replace(/sig=([^&])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect(json(await t.app.inject({ method: 'GET', url: forged })).extras.errorCode).toBe('fileLinkInvalid');
    expect((await fetchUrl(t, forged)).status).toBe(403);
    // the link of one file opens no other, and the inline switch is signed too
    expect((await fetchUrl(t, url.replace(`/signed/${file.id}?`, `/signed/${file.id + 1}?`))).status).toBe(403);
    expect((await fetchUrl(t, `${url}&inline=1`)).status).toBe(403);
    // signed with the server's own secret an hour ago: expired
    const past = createFileLinks(
      loadOrCreateSecret(t.kernel.config.dataDir),
      () => Math.floor(Date.now() / 1000) - 3600,
    );
    const old = past.sign(1, file.id, false);
    const expired = json(await t.app.inject({ method: 'GET', url: `/api/sysFile/signed/${file.id}?${old.query}` }));
    expect([expired.code, expired.extras.errorCode]).toEqual([403, 'fileLinkExpired']);
    // a link signed with another secret is forged
    const other = createFileLinks(new Uint8Array(64).fill(9)).sign(1, file.id, false);
    expect((await fetchUrl(t, `/api/sysFile/signed/${file.id}?${other.query}`)).status).toBe(403);
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', '../../etc/passwd', '1%2F..%2F2']) {
      const r = await fetchUrl(t, `/api/sysFile/signed/${bad}?${url.split('?')[1]}`);
      expect([400, 404], bad).toContain(r.status);
    }
    expect((await fetchUrl(t, `/api/sysFile/signed/${file.id}?exp=1&sig=short&t=1`)).status).toBe(400);
  });

  it('renames a file; a name of another type or with a path is refused', async () => {
    const t = get();
    const file = await uploadOk(t, admin, PNG_BYTES, 'old.png');
    expect((await t.call(f.update, { id: file.id, fileName: 'new name' }, { token: admin })).status).toBe(200);
    const page = (await t.call(f.page, { fileName: 'new name' }, { token: admin })).result;
    expect(page.items[0]).toMatchObject({ id: file.id, fileName: 'new name.png' });
    expectError(
      await t.call(f.update, { id: file.id, fileName: 'new.pdf' }, { token: admin }),
      415,
      'fileTypeMismatch',
    );
    for (const fileName of ['../x.png', 'a/b.png', '', 'x'.repeat(300)]) {
      expect400(await t.call(f.update, { id: file.id, fileName }, { token: admin }), ['fileName']);
    }
  });

  it('deletes a file no record uses; refuses while an avatar uses it; frees it once replaced', async () => {
    const t = get();
    const loose = await uploadOk(t, admin, PNG_BYTES, 'loose.png');
    expect((await t.call(f.delete, { id: loose.id }, { token: admin })).status).toBe(200);
    expectError(await t.call(f.delete, { id: loose.id }, { token: admin }), 404, 'notFound');
    const gone = await t.call(f.getUrl, { id: loose.id }, { token: admin });
    expect(gone.status).toBe(404);

    const avatar = multipartFile(PNG_BYTES, 'me.png');
    const up = await t.app.inject({
      method: 'POST',
      url: sysUser.uploadAvatar.path,
      headers: { ...avatar.headers, authorization: `Bearer ${admin}` },
      payload: avatar.payload,
    });
    expect(up.statusCode).toBe(200);
    const used = (await t.call(f.page, { bizType: 'userAvatar' }, { token: admin })).result.items;
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ inUse: true, contentType: 'image/png', sha256: sha256(PNG_BYTES) });
    const refused = await t.call(f.delete, { id: used[0]?.id }, { token: admin, lang: 'zh-CN' });
    expectError(refused, 409, 'fileInUse');
    expect(refused.body.message).toContain('账号头像');
    // a new avatar replaces the old one: the register follows, and the old row is gone
    const again = multipartFile(JPEG_BYTES, 'me2.jpg');
    await t.app.inject({
      method: 'POST',
      url: sysUser.uploadAvatar.path,
      headers: { ...again.headers, authorization: `Bearer ${admin}` },
      payload: again.payload,
    });
    const now = (await t.call(f.page, { bizType: 'userAvatar' }, { token: admin })).result.items;
    expect(now.map((i) => i.contentType)).toEqual(['image/jpeg']);
  });

  it('keeps the picture of a deleted account, used by nothing, so it can be deleted', async () => {
    const t = get();
    const u = await t.createUser({ account: 'leaving-soon', permissions: [] });
    const token = (await t.login(u.account, u.password)).accessToken;
    const body = multipartFile(JPEG_BYTES, 'face.jpg');
    const up = await t.app.inject({
      method: 'POST',
      url: sysUser.uploadAvatar.path,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const mine = (await t.call(f.page, { bizType: 'userAvatar', bizId: u.id }, { token: admin })).result.items;
    expect(mine).toHaveLength(1);
    expect((await t.call(sysUser.delete, { id: u.id }, { token: admin })).status).toBe(200);
    const row = (await t.call(f.page, { fileName: 'avatar.jpg' }, { token: admin })).result.items.find(
      (i) => i.id === mine[0]?.id,
    );
    expect(row).toMatchObject({ bizType: null, inUse: false });
    expect((await t.call(f.delete, { id: row?.id }, { token: admin })).status).toBe(200);
  });

  it('sets the caller’s avatar and e-signature through sysFile, as Admin.NET’s clients do', async () => {
    const t = get();
    const u = await t.createUser({ account: 'admin-net-client', permissions: [] });
    const token = (await t.login(u.account, u.password)).accessToken;
    const send = async (url: string, data: Buffer, name: string) => {
      const body = multipartFile(data, name);
      const r = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        payload: body.payload,
      });
      return { status: r.statusCode, body: json(r) };
    };
    const avatar = await send(f.uploadAvatar.path, PNG_BYTES, 'me.png');
    expect(avatar.status).toBe(200);
    expect(avatar.body.result).toMatchObject({
      bizType: 'userAvatar',
      bizId: u.id,
      inUse: true,
      sha256: sha256(PNG_BYTES),
      url: expect.stringContaining(`/api/sysUser/image/avatar/${u.id}`),
    });
    const sign = await send(f.uploadSignature.path, JPEG_BYTES, 'sign.jpg');
    expect(sign.body.result).toMatchObject({ bizType: 'userSignature', contentType: 'image/jpeg' });
    const fake = await send(f.uploadAvatar.path, Buffer.from('<svg onload=alert(1)>'), 'x.png');
    expect([fake.status, fake.body.extras.errorCode]).toEqual([415, 'imageInvalid']);
    const anonymous = await t.app.inject({ method: 'POST', url: f.uploadAvatar.path });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 401 without a token and 403 without the codes', async () => {
    const t = get();
    expectError(await t.call(f.page, {}), 401, 'unauthorized');
    expect((await uploadRaw(t, 'not-a-token', PNG_BYTES, 'a.png')).status).toBe(401);
    expectError(await t.call(f.getUrl, { id: 1 }), 401, 'unauthorized');
    const u = await t.createUser({ account: 'files-reader', permissions: ['sysFile:page'] });
    const token = (await t.login(u.account, u.password)).accessToken;
    expect((await t.call(f.page, {}, { token })).status).toBe(200);
    expect((await uploadRaw(t, token, PNG_BYTES, 'a.png')).status).toBe(403);
    expect((await t.call(f.downloadFile, { id: 1 }, { token })).status).toBe(403);
    expectError(await t.call(f.getUrl, { id: 1 }, { token }), 403, 'forbidden');
    expectError(await t.call(f.update, { id: 1, fileName: 'x.png' }, { token }), 403, 'forbidden');
    expectError(await t.call(f.delete, { id: 1 }, { token }), 403, 'forbidden');
  });

  it('keeps tenants apart: another tenant’s id is not found, its link does not open', async () => {
    const t = get();
    const mine = await uploadOk(t, admin, PNG_BYTES, 'alpha-only.png');
    const b = { token: beta.token };
    expect((await t.call(f.page, { fileName: 'alpha-only' }, b)).result.total).toBe(0);
    expect((await t.call(f.downloadFile, { id: mine.id }, b)).status).toBe(404);
    expectError(await t.call(f.getUrl, { id: mine.id }, b), 404, 'notFound');
    expectError(await t.call(f.update, { id: mine.id, fileName: 'x.png' }, b), 404, 'notFound');
    expectError(await t.call(f.delete, { id: mine.id }, b), 404, 'notFound');
    // a link signed for Beta's tenant with Alpha's file id: the file is not Beta's
    const links = createFileLinks(loadOrCreateSecret(t.kernel.config.dataDir));
    const cross = links.sign(beta.tenantId, mine.id, false);
    expect((await fetchUrl(t, `/api/sysFile/signed/${mine.id}?${cross.query}`)).status).toBe(404);
    // Alpha's link with the tenant changed: forged
    const { url } = (await t.call(f.getUrl, { id: mine.id }, { token: admin })).result;
    expect((await fetchUrl(t, url.replace(/t=\d+/, `t=${beta.tenantId}`))).status).toBe(403);
    const theirs = await uploadOk(t, beta.token, PDF_BYTES, 'beta.pdf');
    expect((await t.call(f.page, {}, b)).result.items.map((i) => i.id)).toEqual([theirs.id]);
  });
});
