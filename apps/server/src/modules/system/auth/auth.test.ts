import { api } from '@shelfwise/contract';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { errorsOf } from '../../../test/assertions';
import { solveCaptcha } from '../../../test/fixtures';
import { type Called, DEFAULT_TENANT, describeEachDialect, TEST_PASSWORD, type TestApp } from '../../../test/harness';

const { sysAuth, sysSms, sysConfig } = api;

/** The address of an account's owner, and of someone guessing its password. */
const OWNER = '192.0.2.10';
const ATTACKER = '192.0.2.66';

/** An account login from a client address. */
async function loginFrom(t: TestApp, ip: string, body: object, lang = 'en') {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/sysAuth/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    payload: JSON.stringify(body),
  });
  return { status: r.statusCode, headers: r.headers, body: r.json() as Called<typeof sysAuth.login>['body'] };
}

describeEachDialect('sysAuth: account login, lockout, tokens', (get) => {
  it('signs in and returns the pair in the body and the headers', async () => {
    const res = await get().call(sysAuth.login, { account: 'admin', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers['access-token']).toBe(res.result.accessToken);
    expect(res.headers['x-access-token']).toBe(res.result.refreshToken);
    const info = await get().call(sysAuth.userInfo, undefined, { token: res.result.accessToken });
    expect(info.status).toBe(200);
    expect(info.result.account).toBe('admin');
    expect(info.result.accountType).toBe(888);
    expect(info.result.tenantId).toBe(DEFAULT_TENANT);
    expect(info.result.orgName).toBe('Shelfwise');
    expect(info.result.buttons).toContain('sysConfig:page');
    expect(info.result.roleIds.length).toBeGreaterThan(0);
  });

  it('answers a wrong password with the spec text in the request language and writes no session', async () => {
    const before = await get().kernel.db.selectFrom('sys_session').select('id').execute();
    const en = await get().call(sysAuth.login, { account: 'admin', password: 'nope' });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('Login failed, please check your account!');
    expect(en.body.extras?.errorCode).toBe('loginFailed');
    const cn = await get().call(sysAuth.login, { account: 'admin', password: 'nope' }, { lang: 'zh-CN,zh;q=0.9' });
    expect(cn.body.message).toBe('登录失败，请检查账号！');
    const tw = await get().call(sysAuth.login, { account: 'ghost', password: 'nope' }, { lang: 'zh-TW' });
    expect(tw.body.message).toBe('登入失敗，請檢查帳號！');
    const after = await get().kernel.db.selectFrom('sys_session').select('id').execute();
    expect(after.length).toBe(before.length);
    // wrong passwords write nothing on the account
    await get().login('admin');
    const row = await get()
      .kernel.db.selectFrom('sys_user')
      .select('failed_count')
      .where('account', '=', 'admin')
      .executeTakeFirst();
    expect(row?.failed_count).toBe(0);
  });

  it('refuses the guessing address, not the account: the same answer for every account, lifted by an unlock', async () => {
    const t = get();
    const admin = (await t.login('superadmin')).accessToken;
    await t.setConfig('sys_password_max_error_times', '3');
    // the owner signed in from their own address before
    expect((await loginFrom(t, OWNER, { account: 'superadmin', password: TEST_PASSWORD })).status).toBe(200);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await loginFrom(t, ATTACKER, { account: 'superadmin', password: 'wrong-1' }));
    const ghost = await loginFrom(t, '198.51.100.8', { account: 'no_such_account', password: 'wrong-1' });
    // an existing and an unknown account read alike
    for (const r of [...answers, ghost]) {
      expect(r.status).toBe(400);
      expect(r.body.extras?.errorCode).toBe('loginFailed');
      expect(r.body.message).toBe('Login failed, please check your account!');
    }
    // the address is refused now, for every account alike, even with the right password
    for (const account of ['superadmin', 'no_such_account', 'admin']) {
      const r = await loginFrom(t, ATTACKER, { account, password: TEST_PASSWORD }, 'zh-cn');
      expect(r.status).toBe(429);
      expect(r.body.extras?.errorCode).toBe('loginThrottled');
      expect(r.body.message).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(60);
      expect(r.headers['access-token']).toBeUndefined();
    }
    // the account itself is not locked: its owner signs in from their address
    expect((await loginFrom(t, OWNER, { account: 'superadmin', password: TEST_PASSWORD })).status).toBe(200);
    // an administrator's unlock lifts the block the account's wrong passwords caused
    const su = await t.kernel.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', 'superadmin')
      .executeTakeFirst();
    expect((await t.call(api.sysUser.unlock, { id: su?.id }, { token: admin })).status).toBe(200);
    expect((await loginFrom(t, ATTACKER, { account: 'superadmin', password: TEST_PASSWORD })).status).toBe(200);
    await t.setConfig('sys_password_max_error_times', '5');
  });

  it('backs an account off across addresses instead of locking it, and lets its known address in', async () => {
    const t = get();
    const u = await t.createUser({ account: 'sprayed', permissions: ['sysConfig:page'] });
    expect((await loginFrom(t, OWNER, { account: 'sprayed', password: u.password })).status).toBe(200);
    // one wrong password each from many addresses: none is blocked, the account starts to back off
    for (let i = 0; i < 3; i++) {
      const r = await loginFrom(t, `203.0.113.${10 + i}`, { account: 'sprayed', password: 'wrong-1' });
      expect(r.body.extras?.errorCode).toBe('loginFailed');
    }
    const waiting = await loginFrom(t, '203.0.113.20', { account: 'SPRAYED', password: u.password });
    expect(waiting.status).toBe(429);
    expect(waiting.body.extras?.errorCode).toBe('loginThrottled');
    expect(waiting.body.message).toMatch(/^Too many failed sign-ins, please try again in [12] seconds$/);
    // the owner's address does not wait
    expect((await loginFrom(t, OWNER, { account: 'sprayed', password: u.password })).status).toBe(200);
    // a success ended the back-off: a new address signs in at once
    expect((await loginFrom(t, '203.0.113.21', { account: 'sprayed', password: u.password })).status).toBe(200);
    // nothing was written on the account
    const row = await t.kernel.db
      .selectFrom('sys_user')
      .select(['failed_count', 'locked_until'])
      .where('id', '=', u.id)
      .executeTakeFirst();
    expect(row).toEqual({ failed_count: 0, locked_until: null });
  });

  it('refuses disabled accounts and users without any role', async () => {
    const t = get();
    await t.createUser({ account: 'off', status: 2 });
    const off = await t.call(sysAuth.login, { account: 'off', password: 'off-Pw-1234' });
    expect(off.body.extras?.errorCode).toBe('accountDisabled');
    const u = await t.createUser({ account: 'norole' });
    await t.kernel.db.deleteFrom('sys_user_role').where('user_id', '=', u.id).execute();
    await t.kernel.principals.invalidateAll();
    const none = await t.call(sysAuth.login, { account: 'norole', password: u.password });
    expect(none.body.message).toBe('Sorry, you do not have login permission');
  });

  it('validates input with translated field messages and trims text', async () => {
    const t = get();
    const bad = await t.call(sysAuth.login, { account: '', password: 12 }, { lang: 'zh-cn' });
    expect(bad.status).toBe(400);
    expect(bad.body.extras?.errorCode).toBe('validation');
    expect(bad.body.message).toBe('表单有 2 项未通过验证，请修改后再提交');
    const errors = errorsOf(bad.body);
    expect(Object.keys(errors).sort()).toEqual(['account', 'password']);
    const padded = await t.call(sysAuth.login, { account: '  admin  ', password: TEST_PASSWORD });
    expect(padded.status).toBe(200);
  });

  it('answers 401 with invalid_token for missing, malformed and forged tokens', async () => {
    const t = get();
    for (const token of [undefined, 'garbage', 'a.b.c']) {
      const r = await t.call(sysAuth.userInfo, undefined, token ? { token } : {});
      expect(r.status).toBe(401);
      expect(r.headers['access-token']).toBe('invalid_token');
    }
    const { accessToken } = await t.login('admin');
    const [h, p] = accessToken.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect((await t.call(sysAuth.userInfo, undefined, { token: forged })).status).toBe(401);
  });

  it('rotates an expired access token once, with grace for concurrent requests, and revokes on reuse', async () => {
    const t = get();
    const pair = await t.login('admin');
    const claims = decodeJwt(pair.accessToken) as { uid: number; tid: number; sid: number; jti: string };
    const expired = await t.kernel.tokens.signAccess(claims, claims.jti, -10);
    const withRefresh = { token: expired, headers: { 'x-authorization': `Bearer ${pair.refreshToken}` } };
    expect((await t.call(sysAuth.userInfo, undefined, { token: expired })).status).toBe(401);

    const first = await t.call(sysAuth.userInfo, undefined, withRefresh);
    expect(first.status).toBe(200);
    const newAccess = first.headers['access-token'] as string;
    const newRefresh = first.headers['x-access-token'] as string;
    expect(newAccess).toBeTruthy();
    expect(newRefresh).not.toBe(pair.refreshToken);
    // a concurrent request with the old pair inside the grace window is served, without another rotation
    const concurrent = await t.call(sysAuth.userInfo, undefined, withRefresh);
    expect(concurrent.status).toBe(200);
    expect(concurrent.headers['access-token']).toBeUndefined();
    expect((await t.call(sysAuth.userInfo, undefined, { token: newAccess })).status).toBe(200);

    // the old refresh token coming back after the grace window ends the whole session
    await t.kernel.db
      .updateTable('sys_session')
      .set({ rotated_at: Date.now() - 60_000 })
      .where('id', '=', claims.sid)
      .execute();
    const reuse = await t.call(sysAuth.userInfo, undefined, withRefresh);
    expect(reuse.status).toBe(401);
    expect(reuse.headers['access-token']).toBe('invalid_token');
    expect((await t.call(sysAuth.userInfo, undefined, { token: newAccess })).status).toBe(401);
  });

  it('refuses a refresh token that belongs to another access token', async () => {
    const t = get();
    const a = await t.login('admin');
    const b = await t.login('admin');
    const ca = decodeJwt(a.accessToken) as { uid: number; tid: number; sid: number; jti: string };
    const expiredA = await t.kernel.tokens.signAccess(ca, ca.jti, -10);
    const r = await t.call(sysAuth.userInfo, undefined, {
      token: expiredA,
      headers: { 'x-authorization': `Bearer ${b.refreshToken}` },
    });
    expect(r.status).toBe(401);
  });

  it('logs out: the token stops working at once and the response says invalid_token', async () => {
    const t = get();
    const { accessToken } = await t.login('admin');
    const out = await t.call(sysAuth.logout, {}, { token: accessToken });
    expect(out.status).toBe(200);
    expect(out.headers['access-token']).toBe('invalid_token');
    expect((await t.call(sysAuth.userInfo, undefined, { token: accessToken })).status).toBe(401);
  });

  it('mints a refresh token only for the caller own access token', async () => {
    const t = get();
    const mine = await t.login('admin');
    const other = await t.login('superadmin');
    const ok = await t.call(sysAuth.refreshToken, { accessToken: mine.accessToken }, { token: mine.accessToken });
    expect(ok.status).toBe(200);
    expect(typeof ok.result).toBe('string');
    const query = await t.call(sysAuth.refreshToken, undefined, {
      token: mine.accessToken,
      query: { AccessToken: mine.accessToken },
    });
    expect(query.status).toBe(200);
    const theirs = await t.call(sysAuth.refreshToken, { accessToken: other.accessToken }, { token: mine.accessToken });
    expect(theirs.status).toBe(401);
    expect((await t.call(sysAuth.refreshToken, { accessToken: mine.accessToken })).status).toBe(401);
  });

  it('unlocks the screen with the password (query parameter); wrong ones end that session only', async () => {
    const t = get();
    await t.setConfig('sys_password_max_error_times', '3');
    const u = await t.createUser({ account: 'screen', permissions: ['sysConfig:page'] });
    const { accessToken } = await t.login('screen', u.password);
    const other = (await t.login('screen', u.password)).accessToken;
    const ok = await t.call(sysAuth.unLockScreen, undefined, { token: accessToken, query: { password: u.password } });
    expect(ok.status).toBe(200);
    expect(ok.result).toBe(true);
    for (let i = 0; i < 2; i++) {
      const bad = await t.call(sysAuth.unLockScreen, undefined, { token: accessToken, query: { password: 'x1' } });
      expect(bad.status).toBe(400);
      expect(bad.body.extras?.errorCode).toBe('passwordWrong');
    }
    const last = await t.call(sysAuth.unLockScreen, undefined, { token: accessToken, query: { password: 'x1' } });
    expect(last.status).toBe(401);
    expect(last.body.extras?.errorCode).toBe('screenUnlockFailed');
    expect(last.body.message).toBe('Too many wrong passwords on the lock screen, please sign in again');
    expect((await t.call(sysAuth.userInfo, undefined, { token: accessToken })).status).toBe(401);
    // the account's other session goes on, and the account signs in as before
    expect((await t.call(sysAuth.userInfo, undefined, { token: other })).status).toBe(200);
    expect((await t.call(sysAuth.login, { account: 'screen', password: u.password })).status).toBe(200);
    const row = await t.kernel.db
      .selectFrom('sys_user')
      .select(['failed_count', 'locked_until'])
      .where('id', '=', u.id)
      .executeTakeFirst();
    expect(row).toEqual({ failed_count: 0, locked_until: null });
    expect((await t.call(sysAuth.unLockScreen, undefined, { query: { password: u.password } })).status).toBe(401);
    await t.setConfig('sys_password_max_error_times', '5');
  });
});

describeEachDialect(
  'sysAuth: captcha',
  (get) => {
    it('requires a captcha when the switch is on; wrong, reused and missing answers are refused', async () => {
      const t = get();
      const info = await t.call(sysConfig.sysInfo);
      expect(info.result.captcha).toBe(1);
      const missing = await t.call(sysAuth.login, { account: 'admin', password: TEST_PASSWORD });
      expect(missing.body.extras?.errorCode).toBe('captchaRequired');

      const c = await t.call(sysAuth.captcha);
      expect(c.status).toBe(200);
      expect(c.result.expirySeconds).toBe(60);
      expect(c.result.img.startsWith('data:image/png;base64,')).toBe(true);
      const answer = await t.kernel.cache.get<number>(`captcha:${c.result.id}`);
      const wrong = await t.call(sysAuth.login, {
        account: 'admin',
        password: TEST_PASSWORD,
        codeId: c.result.id,
        code: String((answer ?? 0) + 1),
      });
      expect(wrong.body.extras?.errorCode).toBe('captchaInvalid');
      // one use: the id is gone after the wrong try
      const again = await t.call(sysAuth.login, {
        account: 'admin',
        password: TEST_PASSWORD,
        codeId: c.result.id,
        code: String(answer),
      });
      expect(again.body.message).toBe('Verification code has expired');

      const ok = await t.call(sysAuth.login, { account: 'admin', password: TEST_PASSWORD, ...(await solveCaptcha(t)) });
      expect(ok.status).toBe(200);
    });

    it('registers only when the tenant allows it, always with a captcha, never twice', async () => {
      const t = get();
      const body = { account: 'newbie', password: 'Newbie-2026', realName: 'New Bie' };
      const closed = await t.call(sysAuth.userRegistration, { ...body, ...(await solveCaptcha(t)) });
      expect(closed.body.extras?.errorCode).toBe('registrationDisabled');
      await t.kernel.db.updateTable('sys_tenant').set({ enable_reg: 1 }).where('id', '=', DEFAULT_TENANT).execute();
      await t.kernel.tenants.invalidate();
      const noCaptcha = await t.call(sysAuth.userRegistration, { ...body, codeId: 'x', code: '1' });
      expect(noCaptcha.body.extras?.errorCode).toBe('captchaExpired');
      const weak = await t.call(sysAuth.userRegistration, {
        ...body,
        password: 'onlyletters',
        ...(await solveCaptcha(t)),
      });
      expect(weak.body.extras?.errorCode).toBe('passwordTooWeak');
      const ok = await t.call(sysAuth.userRegistration, { ...body, ...(await solveCaptcha(t)) });
      expect(ok.status).toBe(200);
      const dup = await t.call(sysAuth.userRegistration, { ...body, ...(await solveCaptcha(t)) });
      expect(dup.status).toBe(409);
      const user = await t.kernel.db
        .selectFrom('sys_user')
        .selectAll()
        .where('account', '=', 'newbie')
        .executeTakeFirst();
      expect(user?.account_type).toBe(666);
      expect(user?.password_hash.startsWith('$argon2id$')).toBe(true);
      const c = await solveCaptcha(t);
      const login = await t.call(sysAuth.login, { account: 'newbie', password: 'Newbie-2026', ...c });
      expect(login.status).toBe(200);
    });
  },
  { captcha: true },
);

describeEachDialect('sysAuth: phone login and SMS codes', (get) => {
  it('sends one code a minute per phone and signs in with it once', async () => {
    const t = get();
    await t.createUser({ account: 'mobile', phone: '13912345678', permissions: ['sysConfig:page'] });
    const bad = await t.call(sysSms.sendCode, { phone: '12345678901' }, { lang: 'zh-tw' });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body).phone?.[0]).toBe('請輸入正確的手機號碼');
    const sent = await t.call(sysSms.sendCode, { phone: '13912345678' });
    expect(sent.status).toBe(200);
    const again = await t.call(sysSms.sendCode, { phone: '13912345678' });
    expect(again.status).toBe(429);
    expect(again.body.extras?.errorCode).toBe('smsTooFrequent');
    const code = t.sms.get('13912345678') as string;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await t.call(sysAuth.loginPhone, {
      phone: '13912345678',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.extras?.errorCode).toBe('smsCodeInvalid');
    const ok = await t.call(sysAuth.loginPhone, { phone: '13912345678', code });
    expect(ok.status).toBe(200);
    expect(ok.headers['access-token']).toBe(ok.result.accessToken);
    const replay = await t.call(sysAuth.loginPhone, { phone: '13912345678', code });
    expect(replay.body.extras?.errorCode).toBe('smsCodeInvalid');
  });

  it('does not sign in a number that has no account', async () => {
    const t = get();
    await t.call(sysSms.sendCode, { phone: '13800000000' });
    const r = await t.call(sysAuth.loginPhone, { phone: '13800000000', code: t.sms.get('13800000000') });
    expect(r.body.extras?.errorCode).toBe('loginFailed');
  });
});
