import { api, type Endpoint } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { errorsOf, expect400, expectError } from '../../../test/assertions';
import { describeEachDialect, type TestApp } from '../../../test/harness';

const { sysSchedule: schedule } = api;
const PERMS = ['sysSchedule:list', 'sysSchedule:detail', 'sysSchedule:add', 'sysSchedule:update', 'sysSchedule:delete'];

/**
 * Personal calendar items: each user sees, edits and deletes only their own (another user's or tenant's id is not
 * found), lists them by the days they overlap, and all-day items cover their days from midnight to 23:59:59.
 */
describeEachDialect('sysSchedule', (get) => {
  let ann = { id: 0, token: '' };
  let bob = { id: 0, token: '' };
  let viewer = '';
  let beta = { tenantId: 0, token: '' };

  const user = async (t: TestApp, account: string, permissions: string[]) => {
    const u = await t.createUser({ account, permissions });
    return { id: u.id, token: (await t.login(account, u.password)).accessToken };
  };

  beforeAll(async () => {
    const t = get();
    ann = await user(t, 'sc_ann', PERMS);
    bob = await user(t, 'sc_bob', PERMS);
    viewer = (await user(t, 'sc_viewer', ['sysSchedule:list'])).token;
    beta = await t.createTenant('Beta');
  });

  const call = <E extends Endpoint>(e: E, input: unknown, token: string, lang?: string) =>
    get().call(e, input, { token, ...(lang ? { lang } : {}) });
  const add = async (token: string, body: Record<string, unknown>) => {
    const res = await call(schedule.add, body, token);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.result as number;
  };
  const list = async (token: string, startDate: string, endDate: string) =>
    (await call(schedule.list, { startDate, endDate }, token)).result ?? [];

  let meeting = 0;
  let trip = 0;

  it('adds an item and reads it back on the tenant clock', async () => {
    meeting = await add(ann.token, {
      title: '  Stock meeting  ',
      startTime: '2026-12-01 09:30',
      endTime: '2026-12-01 10:15:00',
      color: 'green',
      remark: 'Room 2',
    });
    const res = await call(schedule.detail, { id: meeting }, ann.token);
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({
      id: meeting,
      title: 'Stock meeting',
      startTime: '2026-12-01 09:30:00',
      endTime: '2026-12-01 10:15:00',
      allDay: false,
      color: 'green',
      remark: 'Room 2',
      createUserId: ann.id,
    });
    // defaults: blue, not all-day, no remark
    const plain = await add(ann.token, { title: 'Call', startTime: '2026-12-02 08:00', endTime: '2026-12-02 08:00' });
    expect((await call(schedule.detail, { id: plain }, ann.token)).result).toMatchObject({
      color: 'blue',
      allDay: false,
      remark: null,
    });
  });

  it('stores times in UTC: a wall time of a tenant in Shanghai (UTC+8) is 8 hours earlier in UTC', async () => {
    const t = get();
    const id = await add(beta.token, { title: 'Beta', startTime: '2026-12-01 09:30', endTime: '2026-12-01 10:15' });
    const row = await t.kernel.db
      .selectFrom('sys_schedule')
      .select(['start_at', 'end_at', 'tenant_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.tenant_id)).toBe(beta.tenantId);
    expect(Number(row.start_at)).toBe(Date.UTC(2026, 11, 1, 1, 30));
    expect(Number(row.end_at)).toBe(Date.UTC(2026, 11, 1, 2, 15));
    expect((await call(schedule.detail, { id }, beta.token)).result.startTime).toBe('2026-12-01 09:30:00');
    // an all-day item there runs from its midnight to 23:59:59 on that clock
    const day = await add(beta.token, { title: 'Day', startTime: '2026-12-02', endTime: '2026-12-02', allDay: true });
    const d = await t.kernel.db
      .selectFrom('sys_schedule')
      .select(['start_at', 'end_at'])
      .where('id', '=', day)
      .executeTakeFirstOrThrow();
    expect(Number(d.start_at)).toBe(Date.UTC(2026, 11, 1, 16, 0));
    expect(Number(d.end_at)).toBe(Date.UTC(2026, 11, 2, 15, 59, 59));
    await call(schedule.delete, { id }, beta.token);
    await call(schedule.delete, { id: day }, beta.token);
  });

  it('covers whole days for an all-day item (a time given is cut to its day)', async () => {
    trip = await add(ann.token, {
      title: 'Inventory trip',
      startTime: '2026-12-03 14:00',
      endTime: '2026-12-05',
      allDay: true,
      color: 'purple',
    });
    expect((await call(schedule.detail, { id: trip }, ann.token)).result).toMatchObject({
      startTime: '2026-12-03 00:00:00',
      endTime: '2026-12-05 23:59:59',
      allDay: true,
    });
  });

  it('lists the caller’s items that overlap the days asked for, by start', async () => {
    const titles = async (from: string, to: string) => (await list(ann.token, from, to)).map((i) => i.title);
    expect(await titles('2026-12-01', '2026-12-31')).toEqual(['Stock meeting', 'Call', 'Inventory trip']);
    expect(await titles('2026-12-01', '2026-12-01')).toEqual(['Stock meeting']);
    // an item that started before the range and ends in it, one that starts on its last day
    expect(await titles('2026-12-04', '2026-12-04')).toEqual(['Inventory trip']);
    expect(await titles('2026-12-05', '2026-12-09')).toEqual(['Inventory trip']);
    expect(await titles('2026-12-06', '2026-12-31')).toEqual([]);
    expect(await titles('2026-11-01', '2026-11-30')).toEqual([]);
    // Bob and the other tenant see none of Ann's
    expect(await list(bob.token, '2026-01-01', '2026-12-31')).toEqual([]);
    expect(await list(beta.token, '2026-01-01', '2026-12-31')).toEqual([]);
  });

  it('edits and deletes only the caller’s own items: another user’s or tenant’s id is not found', async () => {
    const body = { id: meeting, title: 'Hijacked', startTime: '2026-12-01 09:00', endTime: '2026-12-01 09:30' };
    for (const token of [bob.token, beta.token]) {
      expectError(await call(schedule.detail, { id: meeting }, token), 404, 'notFound');
      expectError(await call(schedule.update, body, token), 404, 'notFound');
      expectError(await call(schedule.delete, { id: meeting }, token), 404, 'notFound');
    }
    expect((await call(schedule.detail, { id: meeting }, ann.token)).result.title).toBe('Stock meeting');

    const updated = await call(
      schedule.update,
      { ...body, title: 'Stock meeting (moved)', color: 'red', allDay: false, remark: '' },
      ann.token,
    );
    expect(updated.status).toBe(200);
    expect((await call(schedule.detail, { id: meeting }, ann.token)).result).toMatchObject({
      title: 'Stock meeting (moved)',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-01 09:30:00',
      color: 'red',
      remark: null,
      updateUserId: ann.id,
    });

    expect((await call(schedule.delete, { id: trip }, ann.token)).status).toBe(200);
    expectError(await call(schedule.detail, { id: trip }, ann.token), 404, 'notFound');
    expectError(await call(schedule.delete, { id: trip }, ann.token), 404, 'notFound');
    expectError(await call(schedule.detail, { id: 123_456_789 }, ann.token), 404, 'notFound');
  });

  it('refuses what is not a calendar item, naming the field', async () => {
    const ok = { title: 'x', startTime: '2026-12-01 09:00', endTime: '2026-12-01 10:00' };
    expect400(await call(schedule.add, { ...ok, title: '' }, ann.token), ['title']);
    expect400(await call(schedule.add, { ...ok, title: 'x'.repeat(65) }, ann.token), ['title']);
    expect400(await call(schedule.add, { ...ok, startTime: '01/12/2026' }, ann.token), ['startTime']);
    expect400(await call(schedule.add, { ...ok, color: 'plaid' }, ann.token), ['color']);
    expect400(await call(schedule.add, { ...ok, remark: 'r'.repeat(513) }, ann.token), ['remark']);
    const before = await call(schedule.add, { ...ok, endTime: '2026-12-01 08:59' }, ann.token, 'zh-tw');
    expect400(before, ['endTime']);
    expect(errorsOf(before.body).endTime).toEqual(['結束時間早於開始時間']);
    expect400(
      await call(schedule.add, { ...ok, allDay: true, startTime: '2026-12-02', endTime: '2026-12-01' }, ann.token),
      ['endTime'],
    );
    // the format alone would let a day that does not exist through
    const feb = await call(schedule.add, { ...ok, startTime: '2026-02-30 09:00', endTime: '2026-03-01' }, ann.token);
    expect400(feb, ['startTime']);
    expect400(await call(schedule.add, { ...ok, endTime: '2026-12-01 24:00' }, ann.token), ['endTime']);
    expect400(await call(schedule.update, ok, ann.token), ['id']);
    // the list: days, in order, at most 400 of them
    expect400(await call(schedule.list, { startDate: '2026-12-01' }, ann.token), ['endDate']);
    expect400(await call(schedule.list, { startDate: '2026-12-09', endDate: '2026-12-01' }, ann.token), ['endDate']);
    expect400(await call(schedule.list, { startDate: '2026-01-01', endDate: '2027-02-05' }, ann.token), ['endDate']);
    expect400(await call(schedule.list, { startDate: '2026-13-01', endDate: '2026-13-02' }, ann.token), [
      'startDate',
      'endDate',
    ]);
    expect((await call(schedule.list, { startDate: '2026-01-01', endDate: '2027-02-04' }, ann.token)).status).toBe(200);
  });

  it('answers 401 without a sign-in and 403 without the permission', async () => {
    const body = { id: meeting, title: 'x', startTime: '2026-12-01 09:00', endTime: '2026-12-01 10:00' };
    expectError(
      await get().call(schedule.list, { startDate: '2026-12-01', endDate: '2026-12-31' }),
      401,
      'unauthorized',
    );
    expectError(await get().call(schedule.add, body), 401, 'unauthorized');
    // the viewer may list but not change, nor read one by id
    expect((await call(schedule.list, { startDate: '2026-12-01', endDate: '2026-12-31' }, viewer)).status).toBe(200);
    expectError(await call(schedule.add, body, viewer), 403, 'forbidden');
    expectError(await call(schedule.update, body, viewer), 403, 'forbidden');
    expectError(await call(schedule.delete, { id: meeting }, viewer), 403, 'forbidden');
    expectError(await call(schedule.detail, { id: meeting }, viewer), 403, 'forbidden');
  });
});
