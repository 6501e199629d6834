import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { api, DEFAULT_WIDGETS, type Endpoint } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { errorsOf, expect400, expectError } from '../../../test/assertions';
import { describeEachDialect, type TestApp } from '../../../test/harness';

const { sysHome: home } = api;

/** The commit of the working copy, when git and a repository are there (CI clones one). */
function headCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * The workbench layout: the default until a user saves one, saved per user (never seen by another user or tenant),
 * checked against the known widgets and widths, reset to the default; and the build information the version and
 * commit widgets show.
 */
describeEachDialect('sysHome layout and build info', (get) => {
  let admin = '';
  let ann = { id: 0, token: '' };
  let bob = { id: 0, token: '' };
  let noGrants = '';
  let beta = { tenantId: 0, token: '' };
  const PERMS = ['sysHome:layout', 'sysHome:saveLayout', 'sysHome:buildInfo'];

  const user = async (t: TestApp, account: string, permissions: string[]) => {
    const u = await t.createUser({ account, permissions });
    return { id: u.id, token: (await t.login(account, u.password)).accessToken };
  };

  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    ann = await user(t, 'hl_ann', PERMS);
    bob = await user(t, 'hl_bob', PERMS);
    noGrants = (await user(t, 'hl_none', [])).token;
    beta = await t.createTenant('Beta');
  });

  const call = <E extends Endpoint>(e: E, input: unknown, token: string, lang?: string) =>
    get().call(e, input, { token, ...(lang ? { lang } : {}) });

  it('answers the default layout to a user who never saved one', async () => {
    const res = await call(home.layout, {}, ann.token);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ widgets: DEFAULT_WIDGETS, custom: false, variant: 'widgets', updateTime: null });
    // every widget once
    expect(new Set(res.result.widgets.map((w) => w.key)).size).toBe(res.result.widgets.length);
  });

  it('saves a layout per user: order and widths kept, other users and tenants unaffected', async () => {
    const widgets = [
      { key: 'schedule', span: 24 },
      { key: 'welcome', span: 8 },
      { key: 'timer', span: 6 },
    ];
    const saved = await call(home.saveLayout, { widgets }, ann.token);
    expect(saved.status).toBe(200);
    expect(saved.result.widgets).toEqual(widgets);
    expect(saved.result.custom).toBe(true);
    expect(saved.result.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await call(home.layout, {}, ann.token)).result.widgets).toEqual(widgets);

    // a second save replaces the first (reordered, one removed, one resized)
    const again = [
      { key: 'timer', span: 12 },
      { key: 'schedule', span: 12 },
    ];
    await call(home.saveLayout, { widgets: again }, ann.token);
    expect((await call(home.layout, {}, ann.token)).result.widgets).toEqual(again);

    // Bob, the administrator and tenant Beta's administrator still have the default
    for (const token of [bob.token, admin, beta.token]) {
      const other = await call(home.layout, {}, token);
      expect(other.result.custom).toBe(false);
      expect(other.result.widgets).toEqual(DEFAULT_WIDGETS);
    }
    const rows = await get()
      .kernel.db.selectFrom('sys_user_layout')
      .select(['tenant_id', 'user_id'])
      .where('user_id', '=', ann.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps an empty workbench, and resets to the default', async () => {
    await call(home.saveLayout, { widgets: [] }, bob.token);
    expect((await call(home.layout, {}, bob.token)).result).toMatchObject({ widgets: [], custom: true });
    const reset = await call(home.resetLayout, {}, bob.token);
    expect(reset.status).toBe(200);
    expect(reset.result).toEqual({ widgets: DEFAULT_WIDGETS, custom: false, variant: 'widgets', updateTime: null });
    expect((await call(home.layout, {}, bob.token)).result.custom).toBe(false);
    // Ann's layout is still hers
    expect((await call(home.layout, {}, ann.token)).result.custom).toBe(true);
  });

  it('refuses unknown widgets, widths outside the grid, duplicates and too many widgets, naming the field', async () => {
    expect400(await call(home.saveLayout, { widgets: [{ key: 'weather', span: 8 }] }, ann.token), ['widgets.0.key']);
    expect400(await call(home.saveLayout, { widgets: [{ key: 'timer', span: 7 }] }, ann.token), ['widgets.0.span']);
    expect400(await call(home.saveLayout, { widgets: [{ key: 'timer' }] }, ann.token), ['widgets.0.span']);
    const dup = await call(
      home.saveLayout,
      {
        widgets: [
          { key: 'timer', span: 8 },
          { key: 'welcome', span: 8 },
          { key: 'timer', span: 12 },
        ],
      },
      ann.token,
      'zh-cn',
    );
    expect400(dup, ['widgets.2.key']);
    expect(errorsOf(dup.body)['widgets.2.key']).toEqual(['该组件已在工作台上']);
    const eleven = [...DEFAULT_WIDGETS, { key: 'welcome', span: 8 }];
    expect400(await call(home.saveLayout, { widgets: eleven }, ann.token), ['widgets']);
    expect400(await call(home.saveLayout, {}, ann.token), ['widgets']);
    // nothing of that was saved
    expect((await call(home.layout, {}, ann.token)).result.widgets).toEqual([
      { key: 'timer', span: 12 },
      { key: 'schedule', span: 12 },
    ]);
  });

  it('reads a stored layout leniently: widgets a later release dropped, and repeats, are left out', async () => {
    const t = get();
    await t.kernel.db
      .updateTable('sys_user_layout')
      .set({
        widgets: JSON.stringify([
          { key: 'retired', span: 8 },
          { key: 'timer', span: 8 },
          { key: 'timer', span: 12 },
          { key: 'charts', span: 5 },
          { key: 'notices', span: 24 },
        ]),
      })
      .where('user_id', '=', ann.id)
      .execute();
    expect((await call(home.layout, {}, ann.token)).result.widgets).toEqual([
      { key: 'timer', span: 8 },
      { key: 'notices', span: 24 },
    ]);
    await t.kernel.db
      .updateTable('sys_user_layout')
      .set({ widgets: 'not json' })
      .where('user_id', '=', ann.id)
      .execute();
    expect((await call(home.layout, {}, ann.token)).result).toMatchObject({ widgets: [], custom: true });
  });

  it('answers 401 without a sign-in and 403 without the permission', async () => {
    for (const e of [home.layout, home.saveLayout, home.resetLayout, home.buildInfo]) {
      expectError(await get().call(e, e.method === 'POST' ? { widgets: [] } : {}), 401, 'unauthorized');
      expectError(await call(e, e.method === 'POST' ? { widgets: [] } : {}, noGrants), 403, 'forbidden');
    }
  });

  it('keeps each user’s choice of home (widgets or the compact focus home) beside their widgets', async () => {
    const t = get();
    const carl = await user(t, 'hl_carl', PERMS);
    // a first choice, with no widgets arranged yet: the default widgets stay, still not custom
    const chosen = await call(home.saveVariant, { variant: 'focus' }, carl.token);
    expect(chosen.status).toBe(200);
    expect(chosen.result).toMatchObject({ variant: 'focus', custom: false, widgets: DEFAULT_WIDGETS });
    expect((await call(home.layout, {}, carl.token)).result.variant).toBe('focus');
    // arranging widgets keeps the choice, and choosing keeps the widgets
    await call(home.saveLayout, { widgets: [{ key: 'timer', span: 24 }] }, carl.token);
    expect((await call(home.layout, {}, carl.token)).result).toMatchObject({
      variant: 'focus',
      custom: true,
      widgets: [{ key: 'timer', span: 24 }],
    });
    await call(home.saveVariant, { variant: 'widgets' }, carl.token);
    expect((await call(home.layout, {}, carl.token)).result).toMatchObject({
      variant: 'widgets',
      widgets: [{ key: 'timer', span: 24 }],
    });
    await call(home.saveVariant, { variant: 'focus' }, carl.token);
    // another user and another tenant's administrator keep the dashboard
    expect((await call(home.layout, {}, bob.token)).result.variant).toBe('widgets');
    expect((await call(home.layout, {}, beta.token)).result.variant).toBe('widgets');
    // a reset forgets both
    expect((await call(home.resetLayout, {}, carl.token)).result).toMatchObject({ variant: 'widgets', custom: false });
    // checked, permission needed
    expect400(await call(home.saveVariant, { variant: 'kiosk' }, carl.token), ['variant']);
    expect400(await call(home.saveVariant, {}, carl.token), ['variant']);
    expectError(await get().call(home.saveVariant, { variant: 'focus' }), 401, 'unauthorized');
    expectError(await call(home.saveVariant, { variant: 'focus' }, noGrants), 403, 'forbidden');
    const reader = await user(t, 'hl_reader', ['sysHome:layout']);
    expectError(await call(home.saveVariant, { variant: 'focus' }, reader.token), 403, 'forbidden');
  });

  it('tells the version, the commit the server runs from, the runtime and the database', async () => {
    const res = await call(home.buildInfo, {}, ann.token);
    expect(res.status).toBe(200);
    const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(res.result.version).toBe(pkg.version);
    expect(res.result.node).toBe(process.version);
    expect(res.result.database).toBe(get().dialect);
    expect(res.result.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // tests run from source: the working copy's commit, or nothing known where there is no git
    const head = headCommit();
    expect(res.result.commit).toBe(head);
    expect(res.result.source).toBe(head ? 'source' : 'none');
    expect(res.result.buildTime).toBeNull();
    if (head) expect(res.result.commitTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the other tenant's administrator gets the same server facts
    expect((await call(home.buildInfo, {}, beta.token)).result.commit).toBe(head);
  });
});
