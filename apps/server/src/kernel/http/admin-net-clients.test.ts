import { statSync } from 'node:fs';
import { join } from 'node:path';
import { AccountType, Status } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { sm2 } from 'sm-crypto-v2';
import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_TENANT, describeEachDialect, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { hashPassword } from '../auth/password';
import { seedId } from '../db/ids';

/** How Admin.NET's generated clients (axios, swagger-codegen) send a request. */
const ADMIN_NET_JSON = 'application/json-patch+json';

interface Sent {
  status: number;
  headers: Record<string, unknown>;
  body: { code: number; type: string; message: string; result: unknown; extras: Record<string, unknown> | null };
  raw: Buffer;
}

/** Sends a request the way an Admin.NET client does: every body as `application/json-patch+json`. */
async function adminNet(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  o: { body?: unknown; token?: string; contentType?: string; lang?: string } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { accept: 'application/json, text/plain, */*' };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.lang) headers['accept-language'] = o.lang;
  let payload: string | undefined;
  if (method === 'POST') {
    headers['content-type'] = o.contentType ?? ADMIN_NET_JSON;
    payload = typeof o.body === 'string' ? o.body : JSON.stringify(o.body ?? {});
  }
  const res = await t.app.inject({ method, url, headers, payload });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return {
    status: res.statusCode,
    headers: res.headers,
    body: isJson ? res.json() : { code: res.statusCode, type: '', message: '', result: null, extras: null },
    raw: res.rawPayload,
  };
}

/** The cell values of the first sheet of a workbook answer, by row. */
async function sheetRows(raw: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const errorCode = (s: Sent) => s.body.extras?.errorCode;

/**
 * An unchanged Admin.NET v2 client (its generated API classes and its admin front end) against this server: each
 * request exactly as such a client sends it (content type, body shape, path form).
 */
describeEachDialect('Admin.NET clients', (get) => {
  let superadmin = '';
  let admin = '';
  let beta: { tenantId: number; token: string };
  beforeAll(async () => {
    const t = get();
    superadmin = (await t.login('superadmin')).accessToken;
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
  });

  it('reads application/json-patch+json (any application/*+json) bodies as JSON, with the same limits', async () => {
    const t = get();
    // the form login as Admin.NET's front end sends it while the captcha is off: code '' and codeId 0
    const login = await adminNet(t, 'POST', '/api/sysAuth/login', {
      body: { account: 'admin', password: TEST_PASSWORD, code: '', codeId: 0 },
    });
    expect(login.status).toBe(200);
    expect(login.headers['access-token']).toBe((login.body.result as { accessToken: string }).accessToken);

    for (const type of [
      'application/json-patch+json',
      'application/json-patch+json; charset=utf-8',
      'application/merge-patch+json',
      'application/vnd.api+json',
    ]) {
      const page = await adminNet(t, 'POST', '/api/sysRole/page', {
        token: admin,
        contentType: type,
        body: { name: undefined, code: undefined, page: 1, pageSize: 50, total: 0 },
      });
      expect(page.status, type).toBe(200);
      expect((page.body.result as { total: number }).total).toBeGreaterThan(0);
    }
    // the body is still validated by the endpoint's schema
    const bad = await adminNet(t, 'POST', '/api/sysRole/page', { token: admin, body: { page: 'two' } });
    expect(bad.status).toBe(400);
    expect(errorCode(bad)).toBe('validation');

    // malformed and poisoned JSON are refused as for application/json
    for (const body of ['{"account":', '{"__proto__":{"admin":true},"account":"a","password":"b"}']) {
      const r = await adminNet(t, 'POST', '/api/sysAuth/login', { body });
      expect(r.status).toBe(400);
      expect(errorCode(r)).toBe('malformedJson');
    }
    // the same body limits: 1 MB by default, 15 MB where the endpoint takes more
    const big = JSON.stringify({ account: 'admin', password: 'x'.repeat(1024 * 1024) });
    const tooBig = await adminNet(t, 'POST', '/api/sysAuth/login', { body: big });
    expect(tooBig.status).toBe(413);
    expect(errorCode(tooBig)).toBe('payloadTooLarge');
    const logo = `data:image/png;base64,${'A'.repeat(5 * 1024 * 1024)}`;
    const five = await adminNet(t, 'POST', '/api/sysConfig/saveSysInfo', {
      token: admin,
      body: { title: 'Shelfwise', logo },
    });
    // past the size check: the picture itself is looked at (and this one is not a real PNG)
    expect(five.status).toBe(415);
    expect(errorCode(five)).toBe('imageInvalid');
    // other types stay refused
    for (const type of ['application/xml', 'text/plain', 'application/json-patch+xml']) {
      const r = await adminNet(t, 'POST', '/api/sysRole/page', { token: admin, contentType: type, body: {} });
      expect(r.status, type).toBe(415);
    }
  });

  it('answers GET sysTenant/list with the tenants the caller may see, as options', async () => {
    const t = get();
    expect((await adminNet(t, 'GET', '/api/sysTenant/list')).status).toBe(401);

    type Option = { label: string; host: string | null; value: number };
    const all = await adminNet(t, 'GET', '/api/sysTenant/list', { token: superadmin });
    expect(all.status).toBe(200);
    const options = all.body.result as Option[];
    expect(options.map((o) => o.value)).toEqual(expect.arrayContaining([DEFAULT_TENANT, beta.tenantId]));
    expect(options.find((o) => o.value === beta.tenantId)).toEqual({ label: 'Beta', host: null, value: beta.tenantId });
    // a disabled tenant is still a super admin's to see
    await t.kernel.db
      .updateTable('sys_tenant')
      .set({ status: Status.disabled })
      .where('id', '=', beta.tenantId)
      .execute();
    await t.kernel.tenants.invalidate(beta.tenantId);
    const again = (await adminNet(t, 'GET', '/api/sysTenant/list', { token: superadmin })).body.result as Option[];
    expect(again.map((o) => o.value)).toContain(beta.tenantId);
    await t.kernel.db
      .updateTable('sys_tenant')
      .set({ status: Status.enabled })
      .where('id', '=', beta.tenantId)
      .execute();
    await t.kernel.tenants.invalidate(beta.tenantId);

    // a tenant's users see their own tenant only, whatever their grants
    const own = await adminNet(t, 'GET', '/api/sysTenant/list', { token: admin });
    expect((own.body.result as Option[]).map((o) => o.value)).toEqual([DEFAULT_TENANT]);
    const betaOwn = await adminNet(t, 'GET', '/api/sysTenant/list', { token: beta.token });
    expect(betaOwn.body.result).toEqual([{ label: 'Beta', host: null, value: beta.tenantId }]);
    const plain = await t.createUser({ account: 'tenant_list_plain', permissions: [] });
    const plainToken = (await t.login(plain.account, plain.password)).accessToken;
    const mine = await adminNet(t, 'GET', '/api/sysTenant/list', { token: plainToken });
    expect((mine.body.result as Option[]).map((o) => o.value)).toEqual([DEFAULT_TENANT]);
  });

  it('takes orgId -1 (and 0) on sysUser/page as every organisation, and still refuses other non-ids', async () => {
    const t = get();
    // the account page's first request, as its front end builds it
    const body = { orgId: -1, page: 1, pageSize: 50, total: 0 };
    const all = await adminNet(t, 'POST', '/api/sysUser/page', { token: admin, body });
    expect(all.status).toBe(200);
    const accounts = (all.body.result as { items: { account: string }[] }).items.map((u) => u.account);
    expect(accounts).toEqual(expect.arrayContaining(['admin', 'superadmin']));
    const zero = await adminNet(t, 'POST', '/api/sysUser/page', { token: admin, body: { ...body, orgId: 0 } });
    expect((zero.body.result as { total: number }).total).toBe((all.body.result as { total: number }).total);
    for (const orgId of [-2, 1.5, 'all']) {
      const r = await adminNet(t, 'POST', '/api/sysUser/page', { token: admin, body: { ...body, orgId } });
      expect(r.status, String(orgId)).toBe(400);
      expect(Object.keys((r.body.result as { errors: object }).errors)).toEqual(['orgId']);
    }
    // the page limit stays
    const huge = await adminNet(t, 'POST', '/api/sysUser/page', { token: admin, body: { ...body, pageSize: 9999999 } });
    expect(huge.status).toBe(400);
    expect(Object.keys((huge.body.result as { errors: object }).errors)).toEqual(['pageSize']);
  });

  it('takes a single id as a path segment wherever a read takes ?id=, validated and scoped the same', async () => {
    const t = get();
    // an operation to look at in the operation log
    const added = await adminNet(t, 'POST', '/api/sysPos/add', {
      token: admin,
      body: { name: 'Path clerk', code: 'PATHCLERK', orderNo: 100, status: 1 },
    });
    expect(added.status).toBe(200);
    await t.kernel.logs.flush();
    const op = await t.kernel.db
      .selectFrom('sys_log_op')
      .select('id')
      .where('tenant_id', '=', DEFAULT_TENANT)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const byPath = await adminNet(t, 'GET', `/api/sysLogOp/detail/${op.id}`, { token: admin });
    expect(byPath.status).toBe(200);
    const byQuery = await adminNet(t, 'GET', `/api/sysLogOp/detail?id=${op.id}`, { token: admin });
    expect(byPath.body.result).toEqual(byQuery.body.result);
    expect(byPath.body.result).toMatchObject({ id: op.id });

    // the user dialog: the roles of an account, by path and by query
    const adminId = seedId('user.admin');
    const roles = await adminNet(t, 'GET', `/api/sysUser/ownRoleList/${adminId}`, { token: admin });
    expect(roles.status).toBe(200);
    expect(roles.body.result).toEqual([seedId('role.admin')]);
    const rolesQuery = await adminNet(t, 'GET', `/api/sysUser/ownRoleList?UserId=${adminId}`, { token: admin });
    expect(rolesQuery.body.result).toEqual(roles.body.result);

    // the same schema: not an id is a validation error naming the field
    for (const bad of ['abc', '0', '-5', '1.5']) {
      const r = await adminNet(t, 'GET', `/api/sysLogOp/detail/${bad}`, { token: admin });
      expect(r.status, bad).toBe(400);
      expect(Object.keys((r.body.result as { errors: object }).errors)).toEqual(['id']);
    }
    const badUser = await adminNet(t, 'GET', '/api/sysUser/ownRoleList/x', { token: admin });
    expect(Object.keys((badUser.body.result as { errors: object }).errors)).toEqual(['userId']);
    // the same permission, tenant and data scope
    expect((await adminNet(t, 'GET', `/api/sysLogOp/detail/${op.id}`)).status).toBe(401);
    expect((await adminNet(t, 'GET', `/api/sysLogOp/detail/${op.id}`, { token: beta.token })).status).toBe(404);
    expect((await adminNet(t, 'GET', `/api/sysUser/ownRoleList/${adminId}`, { token: beta.token })).status).toBe(404);
    const clerk = await t.createUser({ account: 'path_clerk', permissions: ['sysUser:page'] });
    const clerkToken = (await t.login(clerk.account, clerk.password)).accessToken;
    const denied = await adminNet(t, 'GET', `/api/sysUser/ownRoleList/${adminId}`, { token: clerkToken });
    expect(denied.status).toBe(403);
    // own records only: another account is outside the data scope
    const viewer = await t.createUser({ account: 'path_viewer', permissions: ['sysUser:detail'] });
    const viewerToken = (await t.login(viewer.account, viewer.password)).accessToken;
    expect((await adminNet(t, 'GET', `/api/sysUser/ownRoleList/${adminId}`, { token: viewerToken })).status).toBe(404);
  });

  it('exports all rows when asked for one page larger than any page, and the selected rows by selectKeyList', async () => {
    const t = get();
    // more accounts than the largest page
    const hash = await hashPassword('Export-pass-1');
    const now = Date.now();
    const rows = Array.from({ length: 520 }, (_, i) => ({
      id: t.kernel.ids.next(),
      tenant_id: DEFAULT_TENANT,
      account: `bulk_${String(i).padStart(4, '0')}`,
      password_hash: hash,
      real_name: `Bulk ${i}`,
      nick_name: null,
      phone: null,
      id_card_num: null,
      email: null,
      account_type: AccountType.normalUser,
      avatar: null,
      address: null,
      signature: null,
      org_id: null,
      pos_id: null,
      status: Status.enabled,
      failed_count: 0,
      locked_until: null,
      last_login_at: null,
      last_login_ip: null,
      order_no: 100,
      remark: null,
      created_at: now,
      created_by: null,
      updated_at: null,
      updated_by: null,
    }));
    for (let i = 0; i < rows.length; i += 100) {
      await t.kernel.db
        .insertInto('sys_user')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    const total = Number(
      (
        await t.kernel.db
          .selectFrom('sys_user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', DEFAULT_TENANT)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBeGreaterThan(500);

    // "export all" of Admin.NET's pages: the filters, page 1 of 99,999,999 rows
    const all = await adminNet(t, 'POST', '/api/sysUser/export', {
      token: admin,
      body: { orgId: -1, account: undefined, page: 1, pageSize: 99_999_999, total: 520 },
    });
    expect(all.status).toBe(200);
    expect(String(all.headers['content-type'])).toContain('spreadsheetml');
    const sheet = await sheetRows(all.raw);
    expect(sheet).toHaveLength(total + 1);
    // filters still apply
    const some = await adminNet(t, 'POST', '/api/sysUser/export', {
      token: admin,
      body: { account: 'bulk_00', page: 1, pageSize: 9_999_999 },
    });
    expect((await sheetRows(some.raw)).length - 1).toBe(100);
    // the selected rows
    const picked = rows.slice(0, 3).map((r) => r.id);
    const selected = await adminNet(t, 'POST', '/api/sysUser/export', {
      token: admin,
      body: { page: 1, pageSize: 20, selectKeyList: picked },
    });
    const selectedAccounts = (await sheetRows(selected.raw)).slice(1).map((r) => String(r[0]));
    expect(selectedAccounts.sort()).toEqual(['bulk_0000', 'bulk_0001', 'bulk_0002']);
    // logs take it too
    const logs = await adminNet(t, 'POST', '/api/sysLogOp/export', {
      token: admin,
      body: { page: 1, pageSize: 99_999_999, field: 'createTime', order: 'descending', descStr: 'descending' },
    });
    expect(logs.status).toBe(200);
    // not a page size: refused as before
    for (const pageSize of [-1, 0, 'lots', 2.5]) {
      const r = await adminNet(t, 'POST', '/api/sysUser/export', { token: admin, body: { page: 1, pageSize } });
      expect(r.status, String(pageSize)).toBe(400);
    }
    // and the page endpoints keep their limit
    const page = await adminNet(t, 'POST', '/api/sysUser/page', {
      token: admin,
      body: { page: 1, pageSize: 99_999_999 },
    });
    expect(page.status).toBe(400);
    await t.kernel.db.deleteFrom('sys_user').where('account', 'like', 'bulk_%').execute();
  });

  it('answers sysNotice/unReadList with a list of notices, as Admin.NET does', async () => {
    const t = get();
    const id = (
      await adminNet(t, 'POST', '/api/sysNotice/add', {
        token: admin,
        body: { title: 'Count on Monday', content: 'Bring a scanner', type: 1 },
      })
    ).body.result as number;
    expect((await adminNet(t, 'POST', '/api/sysNotice/public', { token: admin, body: { id } })).status).toBe(200);
    const unread = await adminNet(t, 'GET', '/api/sysNotice/unReadList', { token: admin });
    expect(unread.status).toBe(200);
    const list = unread.body.result as { id: number; title: string; content: string }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list[0]).toMatchObject({ id, title: 'Count on Monday', content: 'Bring a scanner' });
    expect((await adminNet(t, 'POST', '/api/sysNotice/setRead', { token: admin, body: { id } })).status).toBe(200);
    const after = (await adminNet(t, 'GET', '/api/sysNotice/unReadList', { token: admin })).body.result as {
      id: number;
    }[];
    expect(after.map((n) => n.id)).not.toContain(id);
  });

  it('accepts POST with a JSON body for list and tree reads, with the same permission and schema', async () => {
    const t = get();
    const regWays = await adminNet(t, 'POST', '/api/sysUserRegWay/list', { token: admin, body: {} });
    expect(regWays.status).toBe(200);
    expect(Array.isArray(regWays.body.result)).toBe(true);
    const configs = await adminNet(t, 'POST', '/api/sysTenantConfig/list', { token: admin, body: {} });
    expect(configs.status).toBe(200);
    expect(Array.isArray(configs.body.result)).toBe(true);
    // the GET form is unchanged, and both answer the same
    const byGet = await adminNet(t, 'GET', '/api/sysTenantConfig/list', { token: admin });
    expect(byGet.body.result).toEqual(configs.body.result);
    // filters in the body, validated by the read's schema
    const menus = await adminNet(t, 'POST', '/api/sysMenu/list', { token: admin, body: { type: 2 } });
    expect(menus.status).toBe(200);
    const badType = await adminNet(t, 'POST', '/api/sysMenu/list', { token: admin, body: { type: 9 } });
    expect(badType.status).toBe(400);
    // no token, no grant
    expect((await adminNet(t, 'POST', '/api/sysUserRegWay/list', { body: {} })).status).toBe(401);
    const nobody = await t.createUser({ account: 'list_nobody', permissions: [] });
    const nobodyToken = (await t.login(nobody.account, nobody.password)).accessToken;
    expect((await adminNet(t, 'POST', '/api/sysUserRegWay/list', { token: nobodyToken, body: {} })).status).toBe(403);
    // a write is not a list: POST stays POST only where the contract says so
    expect((await adminNet(t, 'POST', '/api/sysUserRegWay/detail', { token: admin, body: { id: 1 } })).status).toBe(
      404,
    );
  });

  it('takes the captcha id back as a number', async () => {
    const t = get();
    await t.setConfig('sys_captcha', 'true');
    try {
      const captcha = await adminNet(t, 'GET', '/api/sysAuth/captcha');
      const { id } = captcha.body.result as { id: string };
      expect(id).toMatch(/^\d{15}$/);
      const answer = await t.kernel.cache.get<number>(`captcha:${id}`);
      const login = await adminNet(t, 'POST', '/api/sysAuth/login', {
        body: { account: 'admin', password: TEST_PASSWORD, code: String(answer), codeId: Number(id) },
      });
      expect(login.status).toBe(200);
      // used once, whichever form it came in
      const again = await adminNet(t, 'POST', '/api/sysAuth/login', {
        body: { account: 'admin', password: TEST_PASSWORD, code: String(answer), codeId: id },
      });
      expect(errorCode(again)).toBe('captchaExpired');
      // codeId 0 (none yet) while the captcha is on: the captcha is required
      const none = await adminNet(t, 'POST', '/api/sysAuth/login', {
        body: { account: 'admin', password: TEST_PASSWORD, code: '', codeId: 0 },
      });
      expect(errorCode(none)).toBe('captchaRequired');
      for (const codeId of [-1, 1.5, true]) {
        const bad = await adminNet(t, 'POST', '/api/sysAuth/login', {
          body: { account: 'admin', password: TEST_PASSWORD, code: '1', codeId },
        });
        expect(bad.status, String(codeId)).toBe(400);
        expect(Object.keys((bad.body.result as { errors: object }).errors)).toEqual(['codeId']);
      }
    } finally {
      await t.setConfig('sys_captcha', 'false');
    }
  });

  it('signs in with an SM2-encrypted password when that is on, with a key pair of this deployment', async () => {
    const t = get();
    // off by default: no key offered, and a ciphertext is just a wrong password
    expect((await adminNet(t, 'GET', '/api/sysConfig/smPublicKey')).body.result).toBe('');
    const keyFile = join(t.kernel.config.dataDir, 'sm2-key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    await t.setConfig('sys_sm2_password', 'true');
    try {
      const publicKey = (await adminNet(t, 'GET', '/api/sysConfig/smPublicKey')).body.result as string;
      expect(publicKey).toMatch(/^04[0-9a-f]{128}$/);
      expect(sm2.verifyPublicKey(publicKey)).toBe(true);
      // the stored file holds the public key, never the private one in clear
      const stored = JSON.parse((await import('node:fs')).readFileSync(keyFile, 'utf8')) as Record<string, string>;
      expect(stored.publicKey).toBe(publicKey);
      expect(Object.keys(stored).sort()).toEqual(['data', 'iv', 'publicKey', 'tag', 'v']);

      // Admin.NET's form login: sm-crypto, cipher mode 1 (C1C3C2), hex
      const password = sm2.doEncrypt(TEST_PASSWORD, publicKey, 1);
      const login = await adminNet(t, 'POST', '/api/sysAuth/login', {
        body: { account: 'admin', password, code: '', codeId: 0 },
      });
      expect(login.status).toBe(200);
      expect(login.headers['access-token']).toBeTruthy();
      // with the point prefix some clients add
      const prefixed = await adminNet(t, 'POST', '/api/sysAuth/login', {
        body: { account: 'admin', password: `04${sm2.doEncrypt(TEST_PASSWORD, publicKey, 1)}` },
      });
      expect(prefixed.status).toBe(200);
      // a plain password still works (this product's own sign-in page)
      expect(
        (await adminNet(t, 'POST', '/api/sysAuth/login', { body: { account: 'admin', password: TEST_PASSWORD } }))
          .status,
      ).toBe(200);
      // a wrong password, encrypted, is a wrong password; so is a ciphertext for another key
      const wrong = await adminNet(t, 'POST', '/api/sysAuth/login', {
        body: { account: 'admin', password: sm2.doEncrypt('Wrong-pass-1', publicKey, 1) },
      });
      expect(wrong.status).toBe(400);
      expect(errorCode(wrong)).toBe('loginFailed');
      const other = sm2.generateKeyPairHex().publicKey;
      const foreign = await adminNet(t, 'POST', '/api/sysAuth/login', {
        body: { account: 'admin', password: sm2.doEncrypt(TEST_PASSWORD, other, 1) },
      });
      expect(errorCode(foreign)).toBe('loginFailed');
      // a long value that is no ciphertext is refused by the schema as before
      const long = await adminNet(t, 'POST', '/api/sysAuth/login', {
        body: { account: 'admin', password: 'x'.repeat(300) },
      });
      expect(long.status).toBe(400);
      expect(Object.keys((long.body.result as { errors: object }).errors)).toEqual(['password']);
      await t.kernel.db
        .updateTable('sys_user')
        .set({ failed_count: 0, locked_until: null })
        .where('account', '=', 'admin')
        .execute();
    } finally {
      await t.setConfig('sys_sm2_password', 'false');
    }
    // off again: the same ciphertext no longer signs in
    const publicKeyNow = (await adminNet(t, 'GET', '/api/sysConfig/smPublicKey')).body.result;
    expect(publicKeyNow).toBe('');
    await t.kernel.db
      .updateTable('sys_user')
      .set({ failed_count: 0, locked_until: null })
      .where('account', '=', 'admin')
      .execute();
  });

  it('takes the sort of its table components: asc / desc, and null while unsorted', async () => {
    const t = get();
    const accounts = async (sort: object) => {
      const r = await adminNet(t, 'POST', '/api/sysUser/page', {
        token: admin,
        body: { orgId: -1, page: 1, pageSize: 50, ...sort },
      });
      expect(r.status, JSON.stringify(sort)).toBe(200);
      return (r.body.result as { items: { account: string }[] }).items.map((u) => u.account);
    };
    const desc = await accounts({ field: 'account', order: 'desc', descStr: 'desc' });
    expect(desc).toEqual([...desc].sort().reverse());
    const asc = await accounts({ field: 'account', order: 'asc', descStr: 'desc' });
    expect(asc).toEqual([...asc].sort());
    expect(await accounts({ field: 'account', order: 'descending', descStr: 'descending' })).toEqual(desc);
    expect((await accounts({ field: null, order: null, descStr: 'desc' })).length).toBeGreaterThan(1);
    // anything else is refused as before
    const bad = await adminNet(t, 'POST', '/api/sysUser/page', {
      token: admin,
      body: { field: 'account', order: 'up' },
    });
    expect(Object.keys((bad.body.result as { errors: object }).errors)).toEqual(['order']);
    const unknown = await adminNet(t, 'POST', '/api/sysUser/page', { token: admin, body: { field: 'password' } });
    expect(errorCode(unknown)).toBe('unknownSortField');
  });

  it('serves the common pages of its admin front end as they request them', async () => {
    const t = get();
    const tableParams = { page: 1, pageSize: 50, total: 0 };
    const sorted = { ...tableParams, field: 'createTime', order: 'descending', descStr: 'descending' };
    const requests: [string, 'GET' | 'POST', string, unknown?][] = [
      ['user info', 'GET', '/api/sysAuth/userInfo'],
      ['menu tree', 'GET', '/api/sysMenu/loginMenuTree'],
      ['buttons', 'GET', '/api/sysMenu/ownBtnPermList'],
      ['tenants', 'GET', '/api/sysTenant/list'],
      ['accounts', 'POST', '/api/sysUser/page', { orgId: -1, ...tableParams }],
      ['organisations', 'GET', '/api/sysOrg/list?Id=0'],
      ['positions', 'GET', '/api/sysPos/list'],
      ['roles', 'POST', '/api/sysRole/page', { name: undefined, code: undefined, ...tableParams }],
      ['role list', 'GET', '/api/sysRole/list'],
      ['menus', 'GET', '/api/sysMenu/list'],
      ['menus of a tenant', 'GET', `/api/sysMenu/list?TenantId=${DEFAULT_TENANT}`],
      ['dictionary types', 'POST', '/api/sysDictType/page', tableParams],
      ['parameters', 'POST', '/api/sysConfig/page', tableParams],
      ['parameter groups', 'GET', '/api/sysConfig/groupList'],
      ['visit log', 'POST', '/api/sysLogVis/page', sorted],
      ['operation log', 'POST', '/api/sysLogOp/page', sorted],
      ['exception log', 'POST', '/api/sysLogEx/page', sorted],
      ['online users', 'POST', '/api/sysOnlineUser/page', { userName: undefined, realName: undefined, ...tableParams }],
      ['notices', 'POST', '/api/sysNotice/page', tableParams],
      ['received notices', 'POST', '/api/sysNotice/pageReceived', tableParams],
      ['unread notices', 'GET', '/api/sysNotice/unReadList'],
      ['dictionaries', 'GET', '/api/sysDictType/allDictList'],
      ['constants', 'GET', '/api/sysConst/list'],
      ['branding', 'GET', '/api/sysConfig/sysInfo'],
    ];
    const failed: string[] = [];
    for (const [name, method, url, body] of requests) {
      const r = await adminNet(t, method, url, { token: superadmin, body });
      if (r.status !== 200) failed.push(`${name} ${method} ${url}: ${r.status} ${r.body.message}`);
    }
    expect(failed).toEqual([]);
  });
});
