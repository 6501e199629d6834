import { api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { errorsOf, expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';
import { createTemplateService } from './template.service';

const { sysTemplate: tpl } = api;

const sample = JSON.stringify({ name: 'Ann', task: { no: 'T-1', lines: [{ sku: 'A1', qty: 2 }] } });
const base = {
  code: 'task.submitted',
  name: 'Task submitted',
  groupName: 'notice',
  content: 'Hello {{ name }}, task {{ task.no }}:{{# task.lines }} {{ sku }}×{{ qty }}{{/ task.lines }}',
  contentZhCn: '你好 {{ name }}，任务 {{ task.no }}',
  sampleData: sample,
};

/** Templates: codes per tenant, placeholder checks at save, previews, permissions and tenant isolation. */
describeEachDialect('sysTemplate', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
    beta = await get().createTenant('Beta');
  });
  const add = async (body: Record<string, unknown>, token = admin) => {
    const r = await get().call(tpl.add, body, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.result as number;
  };

  it('adds, reads, pages, lists, updates and deletes templates', async () => {
    const t = get();
    const id = await add(base);
    const detail = (await t.call(tpl.detail, { id }, { token: admin })).result;
    expect(detail).toMatchObject({
      code: 'task.submitted',
      groupName: 'notice',
      contentZhCn: '你好 {{ name }}，任务 {{ task.no }}',
      contentZhTw: null,
      sampleData: sample,
      status: 1,
      orderNo: 100,
    });
    expect(detail.createTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    await add({ code: 'plain', name: 'Plain text', content: 'No placeholders here', status: 2, orderNo: 5 });
    const page = (await t.call(tpl.page, { keyword: 'NOTICE', page: 1, pageSize: 10 }, { token: admin })).result;
    expect(page.items.map((r) => r.code)).toEqual(['task.submitted']);
    const all = (await t.call(tpl.page, { page: 1, pageSize: 10 }, { token: admin })).result;
    expect(all.items.map((r) => r.code)).toEqual(['plain', 'task.submitted']);
    expect((await t.call(tpl.page, { status: 2, page: 1, pageSize: 10 }, { token: admin })).result.total).toBe(1);
    expect((await t.call(tpl.list, {}, { token: admin })).result).toHaveLength(2);
    expect((await t.call(tpl.groupList, {}, { token: admin })).result).toEqual(['notice']);
    const upd = await t.call(tpl.update, { id, ...base, name: 'Submitted', contentZhCn: '' }, { token: admin });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect((await t.call(tpl.detail, { id }, { token: admin })).result).toMatchObject({
      name: 'Submitted',
      contentZhCn: null,
    });
    expectError(await t.call(tpl.add, { ...base, name: 'Again' }, { token: admin }), 409, 'duplicateCode');
    expectError(await t.call(tpl.update, { id, ...base, code: 'plain' }, { token: admin }), 409, 'duplicateCode');
    expect((await t.call(tpl.delete, { id }, { token: admin })).status).toBe(200);
    expectError(await t.call(tpl.detail, { id }, { token: admin }), 404, 'notFound');
  });

  it('renders previews with sample data, escaped, in the language asked for', async () => {
    const t = get();
    const id = await add({ ...base, code: 'preview' });
    const data = { name: '<script>x</script>', task: { no: 'T-9', lines: [{ sku: 'B', qty: 1 }, { sku: 'C' }] } };
    const en = await t.call(tpl.proView, { id, data }, { token: admin });
    expect(en.result).toBe('Hello &lt;script&gt;x&lt;/script&gt;, task T-9: B×1 C×');
    expect((await t.call(tpl.proView, { id, data, lang: 'zh-cn' }, { token: admin })).result).toBe(
      '你好 &lt;script&gt;x&lt;/script&gt;，任务 T-9',
    );
    // no Traditional Chinese text: the English one
    expect((await t.call(tpl.proView, { id, data: {}, lang: 'zh-tw' }, { token: admin })).result).toBe(
      'Hello , task :',
    );
    const r = await t.call(
      tpl.render,
      { content: '{{ a.b }}|{{ toString }}|{{ a.hasOwnProperty }}', data: { a: { b: 1 } } },
      { token: admin },
    );
    expect(r.result).toBe('1||');
    // prototype names are refused, with the reason in the caller's language
    const bad = await t.call(
      tpl.render,
      { content: 'x {{ a.constructor.name }}', data: { a: {} } },
      {
        token: admin,
        headers: { 'accept-language': 'zh-cn' },
      },
    );
    expect400(bad, ['content']);
    expect(errorsOf(bad.body).content?.[0]).toContain('不允许在模板中使用');
    expect400(await t.call(tpl.render, { content: '{{# a }}', data: {} }, { token: admin }), ['content']);
    // sample data: an object of at most 64 KB
    expect400(await t.call(tpl.render, { content: 'x', data: [1] }, { token: admin }), ['data']);
    const huge = { text: 'x'.repeat(70_000) };
    expect400(await t.call(tpl.render, { content: 'x', data: huge }, { token: admin }), ['data']);
    expectError(await t.call(tpl.proView, { id: 12345, data: {} }, { token: admin }), 404, 'notFound');
  });

  it('renders an enabled template by code for other modules, in the tenant of the caller only', async () => {
    const t = get();
    await add({ ...base, code: 'by.code' });
    await add({ ...base, code: 'off', status: 2 });
    const templates = createTemplateService(t.kernel);
    const data = { name: 'Kim', task: { no: 'T-2', lines: [] } };
    const mine = { tenantId: DEFAULT_TENANT_ID };
    expect(await templates.renderByCode(mine, 'by.code', data, 'zh-tw')).toBe('Hello Kim, task T-2:');
    expect(await templates.renderByCode(mine, 'by.code', data, 'zh-cn')).toBe('你好 Kim，任务 T-2');
    expect(await templates.renderByCode(mine, 'off', data, 'en')).toBeUndefined();
    expect(await templates.renderByCode({ tenantId: beta.tenantId }, 'by.code', data, 'en')).toBeUndefined();
  });

  it('validates input and names unknown placeholders at save', async () => {
    const t = get();
    expect400(await t.call(tpl.add, {}, { token: admin }), ['code', 'name', 'content']);
    expect400(
      await t.call(tpl.add, { code: 'bad code!', name: 'x', content: 'x', sampleData: '[1]' }, { token: admin }),
      ['code', 'sampleData'],
    );
    expect400(await t.call(tpl.add, { code: 'j', name: 'x', content: 'x', sampleData: '{oops' }, { token: admin }), [
      'sampleData',
    ]);
    const unknown = await t.call(
      tpl.add,
      { ...base, code: 'typo', content: 'Hi {{ nmae }} {{ task.nr }}', contentZhTw: '{{# task }}' },
      { token: admin, headers: { 'accept-language': 'en' } },
    );
    expect400(unknown, ['content', 'contentZhTw']);
    expect(errorsOf(unknown.body).content?.[0]).toBe(
      'The sample data does not have {{ nmae }}, {{ task.nr }}: add them to it or correct the placeholders',
    );
    expect(errorsOf(unknown.body).contentZhTw?.[0]).toContain('"task"');
    const zh = await t.call(
      tpl.add,
      { code: 'nodata', name: 'x', content: '{{ who }}' },
      {
        token: admin,
        headers: { 'accept-language': 'zh-tw' },
      },
    );
    expect400(zh, ['content']);
    expect(errorsOf(zh.body).content?.[0]).toBe('範例資料中沒有 {{ who }}：請在範例資料中加入，或修改預留位置');
    // 100 KB of text is accepted, one byte more is not
    const unit = 'Line {{ name }}\n';
    const full = unit.repeat(Math.floor(102_400 / unit.length));
    const big = `${full}${'x'.repeat(102_400 - full.length)}`;
    const id = await add({ code: 'big', name: 'Big', content: big, sampleData: '{"name":"n"}' });
    expect((await t.call(tpl.proView, { id, data: { name: 'N' } }, { token: admin })).result).toMatch(/^Line N\n/);
    const over = await t.call(tpl.add, { code: 'big2', name: 'Big', content: `${big}y` }, { token: admin });
    expect400(over, ['content']);
    expect(errorsOf(over.body).content?.[0]).toBe('A template may hold at most 100 KB of text');
  });

  it('needs a session and the permission; another tenant sees nothing', async () => {
    const t = get();
    const id = await add({ ...base, code: 'mine' });
    expect((await t.call(tpl.page, { page: 1, pageSize: 10 })).status).toBe(401);
    expect((await t.call(tpl.render, { content: 'x', data: {} })).status).toBe(401);
    const u = await t.createUser({ account: 'tpl_viewer', permissions: ['sysTemplate:page'] });
    const token = (await t.login(u.account, u.password)).accessToken;
    expect((await t.call(tpl.page, { page: 1, pageSize: 10 }, { token })).status).toBe(200);
    for (const [e, body] of [
      [tpl.add, { ...base, code: 'x' }],
      [tpl.update, { id, ...base }],
      [tpl.delete, { id }],
      [tpl.batchDelete, [id]],
      [tpl.detail, { id }],
      [tpl.list, {}],
      [tpl.groupList, {}],
      [tpl.proView, { id, data: {} }],
      [tpl.render, { content: 'x', data: {} }],
    ] as const) {
      expectError(await t.call(e, body, { token }), 403, 'forbidden');
    }
    expectError(await t.call(tpl.detail, { id }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(tpl.update, { id, ...base }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(tpl.delete, { id }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(tpl.proView, { id, data: {} }, { token: beta.token }), 404, 'notFound');
    expect((await t.call(tpl.batchDelete, [id], { token: beta.token })).result).toEqual({ deleted: 0, skipped: 1 });
    expect((await t.call(tpl.page, { page: 1, pageSize: 10 }, { token: beta.token })).result.total).toBe(0);
    // the same code in another tenant is fine
    await add(base, beta.token);
    expect((await t.call(tpl.detail, { id }, { token: admin })).result.code).toBe('mine');
    expect((await t.call(tpl.batchDelete, [id, 1], { token: admin })).result).toEqual({ deleted: 1, skipped: 1 });
  });
});
