import { api } from '@shelfwise/contract';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { expect400 } from '../../../test/assertions';
import { configHelpers } from '../../../test/config-fixtures';
import { describeEachDialect } from '../../../test/harness';

const { sysConfig } = api;

/** Finding parameters: list, page (totals, sorting), keyword search, group codes; hostile text stays text. */
describeEachDialect('sysConfig: parameters', (get) => {
  let admin = '';
  const { add } = configHelpers(() => admin);
  beforeAll(async () => {
    admin = (await get().login('admin')).accessToken;
  });

  it('lists parameters with filters, ordered by orderNo', async () => {
    const t = get();
    await add(t, { code: 'lst.b', name: 'List B', groupCode: 'ListGroup', orderNo: 2 });
    await add(t, { code: 'lst.a', name: 'List A', groupCode: 'ListGroup', orderNo: 1 });
    await add(t, { code: 'lst.c', name: 'Other C', groupCode: 'ListGroupX', orderNo: 0 });
    const byGroup = await t.call(sysConfig.list, { groupCode: 'ListGroup' }, { token: admin });
    expect(byGroup.status).toBe(200);
    expect(byGroup.result.map((r) => r.code)).toEqual(['lst.a', 'lst.b']);
    const byName = await t.call(sysConfig.list, { name: 'list' }, { token: admin });
    expect(byName.result.map((r) => r.code)).toEqual(['lst.a', 'lst.b']);
    const byCode = await t.call(sysConfig.list, { code: 'LST.' }, { token: admin });
    expect(byCode.result.map((r) => r.code)).toEqual(['lst.c', 'lst.a', 'lst.b']);
    const all = await t.call(sysConfig.list, {}, { token: admin });
    const count = await t.kernel.db.selectFrom('sys_config').select('id').execute();
    expect(all.result.length).toBe(count.length);
    expect400(await t.call(sysConfig.list, { name: 'n'.repeat(65) }, { token: admin }), ['name']);
    expect400(await t.call(sysConfig.list, { groupCode: 5 }, { token: admin }), ['groupCode']);
  });

  it('pages with totals and flags, sorts by whitelisted fields both ways, and refuses others', async () => {
    const t = get();
    const codes = ['pgc', 'pga', 'pge', 'pgb', 'pgd', 'pgg', 'pgf'];
    const sorted = [...codes].sort();
    // names sort the other way round from codes
    for (const [i, code] of codes.entries()) {
      await add(t, { code, name: `Paged ${9 - sorted.indexOf(code)}`, groupCode: 'Paging', orderNo: i + 1 });
    }
    const first = await t.call(sysConfig.page, { page: 1, pageSize: 3, groupCode: 'Paging' }, { token: admin });
    expect(first.status).toBe(200);
    expect(first.result).toMatchObject({
      page: 1,
      pageSize: 3,
      total: 7,
      totalPages: 3,
      hasPrevPage: false,
      hasNextPage: true,
    });
    expect(first.result.items.length).toBe(3);
    // default order: the Order column (the list ignored it, newest first, before)
    expect(first.result.items.map((r) => r.code)).toEqual(['pgc', 'pga', 'pge']);
    const last = await t.call(sysConfig.page, { page: 3, pageSize: 3, groupCode: 'Paging' }, { token: admin });
    expect(last.result).toMatchObject({ page: 3, total: 7, hasPrevPage: true, hasNextPage: false });
    expect(last.result.items.map((r) => r.code)).toEqual(['pgf']);
    const beyond = await t.call(sysConfig.page, { page: 9, pageSize: 3, groupCode: 'Paging' }, { token: admin });
    expect(beyond.result.items).toEqual([]);
    expect(beyond.result.hasNextPage).toBe(false);

    /** The codes of the Paging group, sorted by a field. */
    const sortedBy = async (field: string, order: string) =>
      (
        await t.call(sysConfig.page, { pageSize: 20, groupCode: 'Paging', field, order }, { token: admin })
      ).result.items.map((r) => r.code);
    expect(await sortedBy('code', 'ascending')).toEqual(sorted);
    expect(await sortedBy('code', 'descending')).toEqual([...sorted].reverse());
    expect(await sortedBy('orderNo', 'ascending')).toEqual(codes);
    expect(await sortedBy('orderNo', 'descending')).toEqual([...codes].reverse());
    expect(await sortedBy('name', 'descending')).toEqual(sorted);
    expect(await sortedBy('name', 'ascending')).toEqual([...sorted].reverse());
    // pages never overlap when the sort key ties
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const p = await t.call(
        sysConfig.page,
        { page, pageSize: 2, groupCode: 'Paging', field: 'createTime', order: 'ascending' },
        { token: admin },
      );
      seen.push(...p.result.items.map((r) => r.code));
    }
    expect(seen).toEqual(codes);

    const unknown = await t.call(sysConfig.page, { field: 'value', order: 'ascending' }, { token: admin });
    expect400(unknown, ['field'], 'unknownSortField');
    expect400(
      await t.call(sysConfig.page, { field: 'id; drop table sys_config' }, { token: admin }),
      ['field'],
      'unknownSortField',
    );
    expect400(await t.call(sysConfig.page, { order: 'up' }, { token: admin }), ['order']);
    expect400(await t.call(sysConfig.page, { page: 0, pageSize: 501 }, { token: admin }), ['page', 'pageSize']);
    expect400(await t.call(sysConfig.page, { keyword: 'k'.repeat(201) }, { token: admin }), ['keyword']);
  });

  it('answers a page again after each kind of write, never a kept answer from before it', async () => {
    const t = get();
    const query = { groupCode: 'Kept', pageSize: 50 };
    const codes = async () => (await t.call(sysConfig.page, query, { token: admin })).result.items.map((r) => r.code);
    expect(await codes()).toEqual([]);
    const id = await add(t, { code: 'kept.one', name: 'Kept one', groupCode: 'Kept', value: 'a' });
    expect(await codes()).toEqual(['kept.one']);
    const other = await add(t, { code: 'kept.two', name: 'Kept two', groupCode: 'Kept' });
    expect(await codes()).toEqual(['kept.one', 'kept.two']);
    const update = { id, name: 'Kept one', code: 'kept.one', groupCode: 'Kept', orderNo: 1, value: 'b' };
    expect((await t.call(sysConfig.update, update, { token: admin })).status).toBe(200);
    const page = await t.call(sysConfig.page, query, { token: admin });
    expect(page.result.items.find((r) => r.id === id)?.value).toBe('b');
    expect(page.result.items.find((r) => r.id === id)?.updateTime).not.toBeNull();
    const batch = [{ code: 'kept.one', value: 'c' }];
    expect((await t.call(sysConfig.batchUpdate, batch, { token: admin })).status).toBe(200);
    const again = await t.call(sysConfig.page, query, { token: admin });
    expect(again.result.items.find((r) => r.id === id)?.value).toBe('c');
    expect((await t.call(sysConfig.delete, { id: other }, { token: admin })).status).toBe(200);
    expect(await codes()).toEqual(['kept.one']);
    expect((await t.call(sysConfig.batchDelete, [id], { token: admin })).status).toBe(200);
    expect(await codes()).toEqual([]);
  });

  it('searches by keyword in name, code and value, case-insensitively, wildcards literal', async () => {
    const t = get();
    await add(t, { code: 'kw.one', name: 'Needle in name' });
    await add(t, { code: 'kw.needle', name: 'Other' });
    await add(t, { code: 'kw.three', name: 'Third', value: 'the NEEDLE value' });
    await add(t, { code: 'kw.pct', name: '100% sure', value: 'x_y' });
    const res = await t.call(sysConfig.page, { keyword: 'nEeDlE', pageSize: 50 }, { token: admin });
    expect(res.result.total).toBe(3);
    expect(res.result.items.map((r) => r.code).sort()).toEqual(['kw.needle', 'kw.one', 'kw.three']);
    const pct = await t.call(sysConfig.page, { keyword: '%' }, { token: admin });
    expect(pct.result.items.map((r) => r.code)).toEqual(['kw.pct']);
    const under = await t.call(sysConfig.page, { keyword: 'x_y' }, { token: admin });
    expect(under.result.items.map((r) => r.code)).toEqual(['kw.pct']);
    const none = await t.call(sysConfig.page, { keyword: 'no-such-thing-here' }, { token: admin });
    expect(none.result).toMatchObject({ total: 0, totalPages: 0, items: [], hasNextPage: false });
  });

  it('lists the distinct group codes, sorted', async () => {
    const t = get();
    await add(t, { code: 'grp.one', groupCode: 'Zeta' });
    await add(t, { code: 'grp.two', groupCode: 'Zeta' });
    await add(t, { code: 'grp.none' });
    const res = await t.call(sysConfig.groupList, undefined, { token: admin });
    expect(res.status).toBe(200);
    for (const g of ['Login', 'Token', 'Password', 'Log', 'Zeta']) expect(res.result).toContain(g);
    expect(res.result.filter((g) => g === 'Zeta').length).toBe(1);
    expect(new Set(res.result).size).toBe(res.result.length);
    const rows = await t.kernel.db
      .selectFrom('sys_config')
      .select('group_code')
      .distinct()
      .where('group_code', 'is not', null)
      .execute();
    expect(res.result.length).toBe(rows.length);
  });

  it('stores SQL and HTML fragments verbatim, and the table survives', async () => {
    const t = get();
    const sqlName = "x'); DROP TABLE sys_config;--";
    const html = '<script>alert(1)</script>';
    const id = await add(t, { code: 'inject.me', name: sqlName, value: html, remark: `"; DELETE FROM sys_user; --` });
    const d = await t.call(sysConfig.detail, { id }, { token: admin });
    expect(d.result.name).toBe(sqlName);
    expect(d.result.value).toBe(html);
    expect(d.result.remark).toBe(`"; DELETE FROM sys_user; --`);
    const search = await t.call(sysConfig.page, { keyword: "'); DROP" }, { token: admin });
    expect(search.result.items.map((r) => r.id)).toEqual([id]);
    const list = await t.call(sysConfig.list, { name: sqlName }, { token: admin });
    expect(list.result.map((r) => r.value)).toEqual([html]);
    const count = await sql<{ n: number | string }>`select count(*) as n from sys_config`.execute(t.kernel.db);
    expect(Number(count.rows[0]?.n)).toBeGreaterThan(12);
    const users = await t.kernel.db.selectFrom('sys_user').select('id').execute();
    expect(users.length).toBeGreaterThanOrEqual(2);
  });
});
