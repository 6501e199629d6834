import { api, LoginType, LoginWay, YesNo } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { seedId } from '../../../kernel/db/ids';
import { formatTime } from '../../../kernel/i18n/time';
import { DEFAULT_TENANT, describeEachDialect, TEST_PASSWORD } from '../../../test/harness';
import { exportRows, logRows } from '../../../test/log-fixtures';

const { sysAuth, sysSms, sysLogVis } = api;
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** The visit log: sign-ins by every way, refused sign-ins and sign-outs; search, export and clear. */
describeEachDialect('visit log', (get) => {
  let admin = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('records a sign-in with the user, address, browser and system, and a sign-out', async () => {
    const t = get();
    const res = await t.call(
      sysAuth.login,
      { account: 'admin', password: TEST_PASSWORD },
      { headers: { 'user-agent': CHROME_MAC } },
    );
    expect(res.status).toBe(200);
    const signIn = (await logRows(t, 'sys_log_vis')).at(-1);
    expect(signIn).toMatchObject({
      tenant_id: DEFAULT_TENANT,
      user_id: seedId('user.admin'),
      account: 'admin',
      action: LoginType.login,
      success: YesNo.yes,
      login_way: LoginWay.account,
      browser: 'Chrome 126',
      os: 'macOS 14.5',
      request_id: res.headers['x-request-id'],
    });
    expect(signIn?.ip).toBeTruthy();
    expect(signIn?.real_name).toBe(
      (await t.kernel.db.selectFrom('sys_user').select('real_name').where('account', '=', 'admin').executeTakeFirst())
        ?.real_name,
    );

    const token = (res.result as { accessToken: string }).accessToken;
    expect((await t.call(sysAuth.logout, {}, { token })).status).toBe(200);
    expect((await logRows(t, 'sys_log_vis')).at(-1)).toMatchObject({
      user_id: seedId('user.admin'),
      account: 'admin',
      action: LoginType.logout,
      success: YesNo.yes,
    });
  });

  it('records refused sign-ins with the typed account and the reason in the caller language', async () => {
    const t = get();
    expect((await t.call(sysAuth.login, { account: 'admin', password: 'wrong-1' }, { lang: 'zh-cn' })).status).toBe(
      400,
    );
    expect((await logRows(t, 'sys_log_vis')).at(-1)).toMatchObject({
      user_id: null,
      account: 'admin',
      action: LoginType.login,
      success: YesNo.no,
      login_way: LoginWay.account,
      message: '登录失败，请检查账号！',
    });
    await t.call(sysAuth.login, { account: 'no-such-user', password: 'whatever-1' });
    expect((await logRows(t, 'sys_log_vis')).at(-1)).toMatchObject({
      account: 'no-such-user',
      success: YesNo.no,
      message: 'Login failed, please check your account!',
    });
  });

  it('records phone sign-ins, refused and accepted', async () => {
    const t = get();
    const user = await t.createUser({ account: 'phoneuser', phone: '13800000001', permissions: ['sysConfig:page'] });
    expect((await t.call(sysAuth.loginPhone, { phone: '13800000001', code: '000000' })).status).toBe(400);
    expect((await logRows(t, 'sys_log_vis')).at(-1)).toMatchObject({
      account: '13800000001',
      success: YesNo.no,
      login_way: LoginWay.phone,
    });
    expect((await t.call(sysSms.sendCode, { phone: '13800000001' })).status).toBe(200);
    const code = t.sms.get('13800000001');
    expect((await t.call(sysAuth.loginPhone, { phone: '13800000001', code })).status).toBe(200);
    expect((await logRows(t, 'sys_log_vis')).at(-1)).toMatchObject({
      user_id: user.id,
      account: 'phoneuser',
      success: YesNo.yes,
      login_way: LoginWay.phone,
    });
  });

  it('searches by account, outcome, event and time range; sorts by account; details one row', async () => {
    const t = get();
    const failed = await t.call(
      sysLogVis.page,
      { account: 'no-such', success: YesNo.no, action: LoginType.login, pageSize: 50 },
      { token: admin },
    );
    expect(failed.status).toBe(200);
    expect(failed.result.items.length).toBeGreaterThan(0);
    expect(failed.result.items.every((i) => i.account === 'no-such-user' && i.success === YesNo.no)).toBe(true);

    const tenant = await t.kernel.tenants.get(DEFAULT_TENANT);
    const localToday = formatTime(Date.now(), tenant?.time_zone ?? 'UTC')?.slice(0, 10);
    const inRange = await t.call(sysLogVis.page, { startTime: localToday, endTime: localToday }, { token: admin });
    expect(inRange.result.total).toBe(
      (await logRows(t, 'sys_log_vis')).filter((r) => r.tenant_id === DEFAULT_TENANT).length,
    );
    const future = await t.call(sysLogVis.page, { startTime: '2999-01-01 00:00' }, { token: admin });
    expect(future.result.total).toBe(0);
    const past = await t.call(sysLogVis.page, { endTime: '2000-01-01 23:59:59' }, { token: admin });
    expect(past.result.total).toBe(0);

    const sorted = await t.call(
      sysLogVis.page,
      { field: 'account', order: 'ascending', pageSize: 100 },
      { token: admin },
    );
    const accounts = sorted.result.items.map((i) => i.account ?? '');
    expect(accounts).toEqual([...accounts].sort());
    const newest = await t.call(sysLogVis.page, { pageSize: 100 }, { token: admin });
    const ids = newest.result.items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const keyword = await t.call(sysLogVis.page, { keyword: 'PHONEUSER' }, { token: admin });
    expect(keyword.result.items.map((i) => i.account)).toEqual(['phoneuser']);
    const id = keyword.result.items[0]?.id as number;
    const detail = await t.call(sysLogVis.detail, { id }, { token: admin });
    expect(detail.result).toMatchObject({ id, account: 'phoneuser', action: 1, success: 1, loginWay: 2 });
    expect(detail.result.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('exports the page, the selected rows or everything as a workbook with translated headers', async () => {
    const t = get();
    const all = await exportRows(t, sysLogVis.export, { scope: 'all', success: YesNo.no }, admin, 'zh-cn');
    expect(all.status).toBe(200);
    expect(String(all.headers['content-type'])).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(all.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(String(all.headers['content-disposition']).split("''")[1] ?? '')).toMatch(
      /^访问日志-\d{14}\.xlsx$/,
    );
    expect(all.rows[0]?.slice(0, 5)).toEqual(['时间', '账号', '姓名', '事件', '是否成功']);
    const failures = (await logRows(t, 'sys_log_vis')).filter(
      (r) => r.success === YesNo.no && r.tenant_id === DEFAULT_TENANT,
    );
    expect(all.rows).toHaveLength(failures.length + 1);
    expect(all.rows.slice(1).every((r) => r[3] === '登录' && r[4] === '否')).toBe(true);

    const page = await exportRows(t, sysLogVis.export, { scope: 'page', page: 1, pageSize: 2 }, admin);
    expect(page.rows).toHaveLength(3);
    expect(page.rows[0]?.[0]).toBe('Time');
    const first = (await t.call(sysLogVis.page, { page: 1, pageSize: 2 }, { token: admin })).result.items;
    expect(page.rows.slice(1).map((r) => r[1])).toEqual(first.map((i) => i.account));
  });

  it('clears the rows before a date, then all of them; other tenants keep theirs', async () => {
    const t = get();
    const beta = await t.createTenant('Beta');
    const old = Date.UTC(2019, 5, 1);
    await t.kernel.db
      .insertInto('sys_log_vis')
      .values({
        id: t.kernel.ids.next(),
        tenant_id: DEFAULT_TENANT,
        user_id: null,
        account: 'ancient',
        real_name: null,
        request_id: null,
        ip: null,
        browser: null,
        os: null,
        action: 1,
        success: 1,
        message: null,
        login_way: 1,
        created_at: old,
      })
      .execute();
    const before = (await logRows(t, 'sys_log_vis')).filter((r) => r.tenant_id === DEFAULT_TENANT).length;
    const cleared = await t.call(sysLogVis.clear, { before: '2020-01-01' }, { token: admin });
    expect(cleared.result).toEqual({ deleted: 1 });
    const left = (await logRows(t, 'sys_log_vis')).filter((r) => r.tenant_id === DEFAULT_TENANT);
    expect(left).toHaveLength(before - 1);
    expect(left.some((r) => r.account === 'ancient')).toBe(false);

    const all = await t.call(sysLogVis.clear, {}, { token: admin });
    expect(all.result.deleted).toBe(before - 1);
    expect((await logRows(t, 'sys_log_vis')).filter((r) => r.tenant_id === DEFAULT_TENANT)).toEqual([]);
    expect((await logRows(t, 'sys_log_vis')).filter((r) => r.tenant_id === beta.tenantId).length).toBeGreaterThan(0);
  });
});
