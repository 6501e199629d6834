import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { decodeOverviewLocations, type PackedOverviewLocations } from '@shelfwise/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ARTIFACTS } from '../support/browser';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';
import { signInToWorkbench } from '../support/session';

/** Screenshots of this journey (light and dark), to be looked at. */
const SHOTS = `${ARTIFACTS}overview/`;
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}${name}.png` });

type Api = <T>(path: string, body?: unknown) => Promise<T>;

/** The API as the admin, plus multipart uploads (setup steps the journey does not click through). */
async function adminApi(server: RunningServer) {
  const login = await fetch(`${server.url}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: server.password }),
  });
  const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
  const unwrap = async <T>(path: string, res: Response): Promise<T> => {
    const out = (await res.json()) as { code: number; result: T; message: string };
    if (out.code !== 200) throw new Error(`${path}: ${out.code} ${JSON.stringify(out.message)}`);
    return out.result;
  };
  const api: Api = async <T>(path: string, body?: unknown) =>
    unwrap<T>(
      path,
      await fetch(`${server.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const upload = async <T>(path: string, file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return unwrap<T>(
      path,
      await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }),
    );
  };
  return { api, upload };
}

/** A small real PNG (a coloured square, or a pattern from `pixel`), as a photo or a floor plan. */
function png(
  size: number,
  rgb: [number, number, number],
  pixel: (x: number, y: number) => [number, number, number] = () => rgb,
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.concat(
    Array.from({ length: size }, (_, y) =>
      Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, (_, x) => pixel(x, y)).flat())]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Plan = {
  task: { id: number; code: string } | null;
  /** Packed for the wire (see the contract's `overviewLocations`). */
  locations: PackedOverviewLocations;
};

/**
 * A warehouse with two areas: Z (6 locations) in a task, Y (2 locations) outside it. In the task Z-A1 is counted
 * right, Z-A2 short by one (with a photo), the rest not counted.
 */
async function seed(server: RunningServer) {
  const { api, upload } = await adminApi(server);
  const orgs = await api<{ id: number }[]>('/api/sysOrg/list');
  const warehouseId = await api<number>('/api/warehouseInfo/add', {
    code: 'OVW',
    name: 'Overview DC',
    orgId: orgs[0]?.id,
    address1: '3 Plan Street',
    contactName: 'Kim',
    contactPhone: '+86 21 0000',
  });
  // a floor plan picture: a light grid, drawn behind the plan
  await upload(
    `/api/warehouseInfo/uploadFloorPlan?id=${warehouseId}`,
    new Blob(
      [
        new Uint8Array(
          png(64, [0, 0, 0], (x, y) => (x % 16 === 0 || y % 16 === 0 ? [120, 150, 190] : [236, 240, 246])),
        ),
      ],
      { type: 'image/png' },
    ),
    'plan.png',
  );
  const zone = await api<number>('/api/warehouseArea/add', { warehouseId, code: 'Z', name: 'Zone Z' });
  const yard = await api<number>('/api/warehouseArea/add', { warehouseId, code: 'Y', name: 'Yard' });
  await api('/api/warehouseLocation/generate', {
    areaId: zone,
    aisles: { from: 'A', to: 'B' },
    bays: { from: '1', to: '3' },
    levels: { from: '1', to: '1' },
    pattern: 'Z-{aisle}{bay}',
    preview: false,
  });
  await api('/api/warehouseLocation/generate', {
    areaId: yard,
    aisles: { from: 'A', to: 'A' },
    bays: { from: '1', to: '2' },
    levels: { from: '1', to: '1' },
    pattern: 'Y-{aisle}{bay}',
    preview: false,
  });
  await api('/api/warehouseConsignor/add', { code: 'ACME', name: 'Acme' });
  const consignors = await api<{ id: number; code: string }[]>('/api/warehouseConsignor/list');
  const consignorId = consignors.find((c) => c.code === 'ACME')?.id;
  await api('/api/warehouseSku/add', { code: 'TEA', name: 'Green tea', consignorId, boxGauge: 12, unitValue: 4 });
  await api('/api/warehouseSku/add', { code: 'MUG', name: 'Mug', consignorId, boxGauge: 6, unitValue: 9 });
  const csv = [
    'Location code,SKU code,Consignor code,Lot,Quantity',
    'Z-A1,TEA,ACME,,5',
    'Z-A2,TEA,ACME,,3',
    'Z-A3,MUG,ACME,,4',
    'Z-B1,MUG,ACME,,2',
    'Y-A1,TEA,ACME,,1',
  ].join('\n');
  const snapshot = await upload<{ id: number }>(
    `/api/inventorySnapshot/import?warehouseId=${warehouseId}&title=Book`,
    new Blob([csv], { type: 'text/csv' }),
    'stock.csv',
  );
  const taskId = await api<number>('/api/inventoryCheckTask/add', {
    name: 'Zone Z count',
    warehouseId,
    snapshotId: snapshot.id,
    type: 1,
    countMode: 1,
    scopeAreaIds: [zone],
  });
  await api('/api/inventoryCheckTask/generateItems', { id: taskId, version: 0 });
  const ready = await api<{ version: number }>(`/api/inventoryCheckTask/detail?id=${taskId}`);
  await api('/api/inventoryCheckTask/start', { id: taskId, version: ready.version });
  const items = await api<{ items: { id: number; locationCode: string; version: number }[] }>(
    '/api/inventoryCheckItem/page',
    { taskId, pageSize: 50 },
  );
  const line = (code: string) => {
    const found = items.items.find((l) => l.locationCode === code);
    if (!found) throw new Error(`no line at ${code}`);
    return found;
  };
  await api('/api/inventoryCheckItem/count', { id: line('Z-A1').id, version: line('Z-A1').version, countedQty: 5 });
  await api('/api/inventoryCheckItem/count', { id: line('Z-A2').id, version: line('Z-A2').version, countedQty: 2 });
  await upload(
    `/api/inventoryCheckItem/uploadPicture?id=${line('Z-A2').id}`,
    new Blob([new Uint8Array(png(48, [220, 80, 60]))], { type: 'image/png' }),
    'shelf.png',
  );
  const task = await api<{ link3d: string | null }>(`/api/inventoryCheckTask/detail?id=${taskId}`);
  const answer = await api<Plan>(`/api/warehouseOverview/plan2d?warehouseId=${warehouseId}&taskId=${taskId}`);
  const plan = { ...answer, locations: decodeOverviewLocations(answer.locations) };
  return { api, warehouseId, taskId, link3d: task.link3d ?? '', plan };
}

/** The legend counts the page shows, by state. */
async function legendCounts(root: Locator): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const el of await root.getByTestId('state-legend').locator('[data-testid^="legend-"]').all()) {
    const state = Number((await el.getAttribute('data-testid'))?.slice('legend-'.length));
    out.set(state, Number(await el.getAttribute('data-count')));
  }
  return out;
}

/** Waits until the drawer shows a location, and answers its lines' text. */
async function drawerOf(page: Page, code: string): Promise<string> {
  const drawer = page.getByTestId('location-drawer');
  await drawer.getByTestId('location-drawer-code').filter({ hasText: code }).waitFor({ timeout: 15_000 });
  const lines = drawer.getByTestId('location-lines');
  await lines.waitFor();
  return ((await lines.textContent()) ?? '').replace(/\s+/g, ' ');
}

async function closeDrawer(page: Page) {
  await page.getByTestId('location-drawer').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('location-drawer').waitFor({ state: 'hidden' });
}

describe('warehouse overview: data cards, 2D plan and 3D scene coloured by count state', () => {
  const env = useJourney();

  it('shows the cards, the 2D plan with its legend and lines, and the 3D scene from the task link', async () => {
    const server = env.server;
    const s = await seed(server);
    const at = (code: string) => s.plan.locations.code.indexOf(code);
    const stateOf = (code: string) => s.plan.locations.state[at(code)];
    const idOf = (code: string) => s.plan.locations.id[at(code)] as number;
    // the server's colouring of the seeded count
    assert.equal(s.plan.task?.id, s.taskId);
    assert.equal(stateOf('Z-A1'), 2, 'Z-A1 counted right: match');
    assert.equal(stateOf('Z-A2'), 3, 'Z-A2 short: difference');
    assert.equal(stateOf('Z-A3'), 1, 'Z-A3 not counted');
    assert.equal(stateOf('Y-A1'), 0, 'Y-A1 outside the task');
    const expected = new Map<number, number>();
    for (const st of s.plan.locations.state) expected.set(st, (expected.get(st) ?? 0) + 1);
    assert.match(s.link3d, /^\/overview\/3d\?warehouseId=\d+&taskId=\d+$/);

    const errors: string[] = [];
    const contexts: BrowserContext[] = [];
    try {
      for (const dark of [false, true]) {
        const suffix = dark ? 'dark' : 'light';
        const context = await env.browser.newContext({
          locale: 'en-US',
          viewport: { width: 1440, height: 900 },
          colorScheme: dark ? 'dark' : 'light',
        });
        contexts.push(context);
        if (dark)
          await context.addInitScript(() => {
            if (!localStorage.getItem('shelfwise:themeConfig'))
              localStorage.setItem('shelfwise:themeConfig', JSON.stringify({ state: { isDark: true }, version: 0 }));
          });
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(String(e)));
        await signInToWorkbench(page, server);

        // data cards: one task counting, one line with a difference out of two counted
        await page.goto(`${server.url}/overview/cards`);
        await page.getByTestId('cards-totals').waitFor();
        assert.equal(((await page.getByTestId('card-tasks-value').textContent()) ?? '').trim(), '1');
        assert.equal(((await page.getByTestId('card-diff-value').textContent()) ?? '').trim(), '1');
        assert.match((await page.getByTestId('card-accuracy-value').textContent()) ?? '', /50\s*%/);
        await page.getByTestId('task-card').filter({ hasText: 'Zone Z count' }).waitFor();
        await shot(page, `cards-${suffix}`);

        // the 2D plan of the task: legend counts as the server coloured the locations
        await page.goto(`${server.url}/overview/warehouse?warehouseId=${s.warehouseId}&taskId=${s.taskId}`);
        const plan2d = page.getByTestId('overview-plan-page');
        await plan2d.getByTestId('state-legend').waitFor();
        await plan2d
          .getByTestId('overview-task-shown')
          .filter({ hasText: s.plan.task?.code ?? '' })
          .waitFor();
        const counts = await legendCounts(plan2d);
        for (const [state, n] of expected) assert.equal(counts.get(state), n, `legend count of state ${state}`);
        assert.equal(counts.get(3), 1);
        assert.equal(counts.get(2), 1);
        // a click on Z-A2 where the canvas drew it opens its lines with the photo
        const canvas = plan2d.getByTestId('plan-canvas');
        const point = await canvas.evaluate(
          (el, id) =>
            (
              el as HTMLCanvasElement & { planScreenPoint(id: number): { x: number; y: number } | null }
            ).planScreenPoint(id),
          idOf('Z-A2'),
        );
        assert.ok(point, 'Z-A2 is drawn');
        await page.mouse.move(point.x, point.y);
        await plan2d.getByTestId('plan-tooltip').filter({ hasText: 'Z-A2' }).waitFor();
        await shot(page, `plan2d-${suffix}`);
        await page.mouse.click(point.x, point.y);
        const lines = await drawerOf(page, 'Z-A2');
        assert.match(lines, /TEA/);
        assert.match(lines, /Green tea/);
        assert.match(lines, /−1/);
        await page.getByTestId('location-drawer').getByTestId('audit-picture').first().waitFor();
        await page.waitForTimeout(400);
        await shot(page, `plan2d-drawer-${suffix}`);
        await closeDrawer(page);
        // the legend entry "Difference" alone fades the rest; the plan stays clickable
        await plan2d.getByTestId('legend-3').click();
        assert.equal(await plan2d.getByTestId('legend-3').getAttribute('aria-pressed'), 'true');
        await plan2d.getByTestId('legend-3').click();

        // the 3D scene through the task's 3D link
        await page.goto(`${server.url}${s.link3d}`);
        const three = page.getByTestId('overview-three-page');
        const scene = three.getByTestId('scene3d');
        await scene.waitFor();
        await three
          .getByTestId('overview-task-shown')
          .filter({ hasText: s.plan.task?.code ?? '' })
          .waitFor();
        const counts3d = await legendCounts(three);
        for (const [state, n] of expected) assert.equal(counts3d.get(state), n, `3D legend count of state ${state}`);
        await page.waitForFunction(
          () => {
            const el = document.querySelector('[data-testid="overview-three-page"] [data-testid="scene3d"]') as
              | (HTMLElement & { scene3d?: { frames(): number } })
              | null;
            return (el?.scene3d?.frames() ?? 0) > 0;
          },
          undefined,
          { timeout: 20_000 },
        );
        const renderer = await scene.evaluate((el) =>
          (el as HTMLElement & { scene3d: { renderer(): string } }).scene3d.renderer(),
        );
        assert.ok(renderer.length > 0, 'a WebGL renderer draws the scene');
        await page.waitForTimeout(500);
        await shot(page, `scene3d-${suffix}`);

        // find by code: the camera flies to Z-A2 and its lines open
        const search = three.getByRole('combobox', { name: 'Find a location by code' });
        await search.fill('Z-A2');
        await three.getByTestId('location-search-go').click();
        const lines3d = await drawerOf(page, 'Z-A2');
        assert.match(lines3d, /TEA/);
        await closeDrawer(page);
        await page.waitForTimeout(1500);
        await shot(page, `scene3d-flown-${suffix}`);

        // a click on a box picks it: Z-A2 where the camera now shows it, then Z-B3 in the whole view
        const p1 = await scene.evaluate(
          (el, id) =>
            (
              el as HTMLElement & { scene3d: { screenPointOf(id: number): { x: number; y: number } | null } }
            ).scene3d.screenPointOf(id),
          idOf('Z-A2'),
        );
        assert.ok(p1, 'Z-A2 is in the scene');
        await page.mouse.click(p1.x, p1.y);
        await drawerOf(page, 'Z-A2');
        await closeDrawer(page);
        await three.getByTestId('scene3d-fit').click();
        await page.waitForTimeout(1500);
        const p2 = await scene.evaluate(
          (el, id) =>
            (
              el as HTMLElement & { scene3d: { screenPointOf(id: number): { x: number; y: number } | null } }
            ).scene3d.screenPointOf(id),
          idOf('Z-B3'),
        );
        assert.ok(p2, 'Z-B3 is in the scene');
        await page.mouse.click(p2.x, p2.y);
        const b3 = await drawerOf(page, 'Z-B3');
        assert.doesNotMatch(b3, /TEA|MUG/, 'Z-B3 holds no book stock');
        await page.waitForTimeout(400);
        await shot(page, `scene3d-drawer-${suffix}`);
        await closeDrawer(page);

        // switching tabs keeps the scene: back on the 3D tab it still renders
        await page.getByRole('tab', { name: 'Warehouse overview (2D)' }).click();
        await plan2d.getByTestId('plan-canvas').waitFor();
        await page.getByRole('tab', { name: 'Warehouse overview (3D)' }).click();
        await scene.waitFor();
        const framesAfter = await scene.evaluate(async (el) => {
          const hook = (el as HTMLElement & { scene3d: { orbit(on: boolean): void; frames(): number } }).scene3d;
          const before = hook.frames();
          hook.orbit(true);
          await new Promise((r) => setTimeout(r, 600));
          hook.orbit(false);
          return hook.frames() - before;
        });
        assert.ok(framesAfter > 0, 'the scene renders again after a tab switch');
        await shot(page, `scene3d-tab-back-${suffix}`);
      }
      // the cards follow the count live: another line counted right moves the accuracy from 50 % to 66.6 %
      const live = await contexts[0]?.newPage();
      assert.ok(live);
      live.on('pageerror', (e) => errors.push(String(e)));
      await live.goto(`${server.url}/overview/cards`);
      await live
        .getByTestId('card-accuracy-value')
        .filter({ hasText: /50\s*%/ })
        .waitFor();
      const items = await s.api<{ items: { id: number; locationCode: string; version: number }[] }>(
        '/api/inventoryCheckItem/page',
        { taskId: s.taskId, pageSize: 50 },
      );
      const a3 = items.items.find((l) => l.locationCode === 'Z-A3');
      assert.ok(a3);
      await s.api('/api/inventoryCheckItem/count', { id: a3.id, version: a3.version, countedQty: 4 });
      await live
        .getByTestId('card-accuracy-value')
        .filter({ hasText: /66\.6\s*%/ })
        .waitFor({ timeout: 20_000 });
      assert.equal(((await live.getByTestId('card-diff-value').textContent()) ?? '').trim(), '1');
      assert.deepEqual(errors, []);
    } finally {
      for (const c of contexts) await c.close();
    }
  });
  it('cuts a warehouse of more than 50,000 locations to its areas until one is clicked', async () => {
    const server = env.server;
    const { api } = await adminApi(server);
    const orgs = await api<{ id: number }[]>('/api/sysOrg/list');
    const warehouseId = await api<number>('/api/warehouseInfo/add', {
      code: 'BIG',
      name: 'Big DC',
      orgId: orgs[0]?.id,
      address1: '9 Large Road',
      contactName: 'Lin',
      contactPhone: '+86 10 0000',
    });
    const bulk = await api<number>('/api/warehouseArea/add', { warehouseId, code: 'BULK', name: 'Bulk racks' });
    const small = await api<number>('/api/warehouseArea/add', { warehouseId, code: 'S', name: 'Small' });
    // 26 aisles x 40 bays x 5 levels x 10 slots = 52,000 locations, and 3 more
    await api('/api/warehouseLocation/generate', {
      areaId: bulk,
      aisles: { from: 'A', to: 'Z' },
      bays: { from: '1', to: '40' },
      levels: { from: '1', to: '5' },
      slots: { from: '1', to: '10' },
      pattern: '{aisle}-{bay}-{level}-{slot}',
      preview: false,
    });
    await api('/api/warehouseLocation/generate', {
      areaId: small,
      aisles: { from: 'A', to: 'A' },
      bays: { from: '1', to: '3' },
      levels: { from: '1', to: '1' },
      pattern: 'S-{aisle}{bay}',
      preview: false,
    });

    const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      await signInToWorkbench(page, server);
      await page.goto(`${server.url}/overview/warehouse?warehouseId=${warehouseId}`);
      const plan2d = page.getByTestId('overview-plan-page');
      await plan2d.getByTestId('overview-truncated').waitFor({ timeout: 60_000 });
      assert.match((await plan2d.getByTestId('overview-truncated').textContent()) ?? '', /52,003/);
      // no task: every location counts as outside it, summed over the areas
      assert.equal((await legendCounts(plan2d)).get(0), 52_003);
      await shot(page, 'plan2d-areas-light');
      const canvas = plan2d.getByTestId('plan-canvas');
      const point = await canvas.evaluate(
        (el, id) =>
          (el as HTMLCanvasElement & { planAreaPoint(id: number): { x: number; y: number } | null }).planAreaPoint(id),
        small,
      );
      assert.ok(point, 'the small area is drawn');
      await page.mouse.click(point.x, point.y);
      await plan2d.getByTestId('overview-whole').waitFor();
      await plan2d.getByTestId('overview-total').filter({ hasText: '3 of 3' }).waitFor();
      assert.equal((await legendCounts(plan2d)).get(0), 3);
      await shot(page, 'plan2d-area-opened-light');
      // the search finds a location of another area by code and opens that area
      await plan2d.getByRole('combobox', { name: 'Find a location by code' }).fill('Q-7-2-4');
      await plan2d.getByTestId('location-search-go').click();
      await drawerOf(page, 'Q-7-2-4');
      await closeDrawer(page);
      await plan2d.getByTestId('overview-total').filter({ hasText: '50,000 of 52,000' }).waitFor();
      await shot(page, 'plan2d-50k-light');

      // the 3D scene shows the areas as slabs
      await page.goto(`${server.url}/overview/3d?warehouseId=${warehouseId}`);
      const three = page.getByTestId('overview-three-page');
      await three.getByTestId('overview-truncated').waitFor({ timeout: 60_000 });
      await three.getByTestId('scene3d').waitFor();
      await page.waitForTimeout(800);
      await shot(page, 'scene3d-areas-light');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
