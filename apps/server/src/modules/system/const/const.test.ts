import { ALL_ENUMS, api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/harness';

const { sysConst } = api;

describeEachDialect('sysConst: constant lists', (get) => {
  let admin = '';
  let plain = '';
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    const u = await get().createUser({ account: 'constreader' });
    plain = (await get().login(u.account, u.password)).accessToken;
  });

  it('lists every enumeration with names in English by default', async () => {
    const t = get();
    const res = await t.call(sysConst.list, undefined, { token: admin });
    expect(res.status).toBe(200);
    expect(res.result.length).toBe(ALL_ENUMS.length);
    expect(res.result.map((c) => c.code)).toEqual(ALL_ENUMS.map((e) => e.code));
    expect(res.result.find((c) => c.code === 'StatusEnum')).toEqual({
      name: 'Status',
      code: 'StatusEnum',
      data: {
        result: [
          { name: 'Enabled', code: 1 },
          { name: 'Disabled', code: 2 },
        ],
      },
    });
    expect(res.result.find((c) => c.code === 'AccountTypeEnum')?.data.result).toEqual([
      { name: 'Super admin', code: 999 },
      { name: 'System admin', code: 888 },
      { name: 'Normal user', code: 777 },
      { name: 'Member', code: 666 },
    ]);
    for (const c of res.result) {
      expect(c.code.endsWith('Enum')).toBe(true);
      expect(c.data.result.length).toBeGreaterThan(0);
      for (const m of c.data.result) expect(typeof m.code).toBe('number');
    }
  });

  it('names types and values in the request language', async () => {
    const t = get();
    const cn = await t.call(sysConst.list, undefined, { token: admin, lang: 'zh-CN,zh;q=0.9,en;q=0.8' });
    expect(cn.result.find((c) => c.code === 'StatusEnum')).toEqual({
      name: '状态',
      code: 'StatusEnum',
      data: {
        result: [
          { name: '启用', code: 1 },
          { name: '停用', code: 2 },
        ],
      },
    });
    expect(cn.result.find((c) => c.code === 'MenuTypeEnum')?.name).toBe('菜单类型');
    const tw = await t.call(sysConst.list, undefined, { token: admin, lang: 'zh-TW' });
    const twMenu = tw.result.find((c) => c.code === 'MenuTypeEnum');
    expect(twMenu?.name).toBe('選單類型');
    expect(twMenu?.data.result).toEqual([
      { name: '目錄', code: 1 },
      { name: '選單', code: 2 },
      { name: '按鈕', code: 3 },
    ]);
    const fallback = await t.call(sysConst.list, undefined, { token: admin, lang: 'fr-FR' });
    expect(fallback.result.find((c) => c.code === 'StatusEnum')?.name).toBe('Status');
  });

  it('returns the values of one type by its code, with or without the Enum suffix, any case', async () => {
    const t = get();
    const expected = [
      { name: 'Enabled', code: 1 },
      { name: 'Disabled', code: 2 },
    ];
    for (const typeName of ['StatusEnum', 'status', 'Status', 'STATUSENUM', 'statusenum']) {
      const res = await t.call(sysConst.data, { typeName }, { token: admin });
      expect(res.status, typeName).toBe(200);
      expect(res.result).toEqual(expected);
    }
    const gender = await t.call(sysConst.data, { typeName: 'GenderEnum' }, { token: admin, lang: 'zh-cn' });
    expect(gender.result).toEqual([
      { name: '男', code: 1 },
      { name: '女', code: 2 },
      { name: '未知', code: 3 },
    ]);
    const yesNo = await t.call(sysConst.data, { typeName: 'yesNo' }, { token: admin, lang: 'zh-tw' });
    expect(yesNo.result).toEqual([
      { name: '是', code: 1 },
      { name: '否', code: 2 },
    ]);
  });

  it('answers 404 for an unknown type and 400 for a name that is too long', async () => {
    const t = get();
    for (const typeName of ['NoSuchEnum', 'Enum', 'TagType', "x'--"]) {
      const res = await t.call(sysConst.data, { typeName }, { token: admin });
      expect(res.status, typeName).toBe(404);
      expect(res.body.extras?.errorCode).toBe('notFound');
      expect(res.body.message).toBe('The record does not exist or has been deleted');
    }
    const cn = await t.call(sysConst.data, { typeName: 'Nope' }, { token: admin, lang: 'zh-cn' });
    expect(cn.body.message).toBe('记录不存在或已被删除');
    const long = await t.call(sysConst.data, { typeName: 'x'.repeat(65) }, { token: admin });
    expect(long.status).toBe(400);
    expect(long.body.extras?.errorCode).toBe('validation');
    expect(Object.keys((long.body.result as { errors: Record<string, string[]> }).errors)).toEqual(['typeName']);
  });

  it('answers 401 without a token and serves any signed-in user (no permission needed)', async () => {
    const t = get();
    for (const [endpoint, input] of [
      [sysConst.list, undefined],
      [sysConst.data, { typeName: 'StatusEnum' }],
    ] as const) {
      const anon = await t.call(endpoint, input);
      expect(anon.status).toBe(401);
      expect(anon.body.extras?.errorCode).toBe('unauthorized');
      expect(anon.headers['access-token']).toBe('invalid_token');
      const bad = await t.call(endpoint, input, { token: 'not-a-token' });
      expect(bad.status).toBe(401);
    }
    const list = await t.call(sysConst.list, undefined, { token: plain });
    expect(list.status).toBe(200);
    expect(list.result.length).toBe(ALL_ENUMS.length);
    const data = await t.call(sysConst.data, { typeName: 'MenuTypeEnum' }, { token: plain });
    expect(data.result.map((m) => m.code)).toEqual([1, 2, 3]);
    const beta = await t.createTenant('ConstBeta');
    const other = await t.call(sysConst.data, { typeName: 'status' }, { token: beta.token });
    expect(other.result.map((m) => m.name)).toEqual(['Enabled', 'Disabled']);
  });
});
