// `npm run bench` (fourth part): the 3D warehouse overview at scale (issue 7). A warehouse of BENCH_SCENE_LOCATIONS
// (default 20,000) locations, 20 aisles x 5 levels x 4 slots x as many bays as that takes, with a count task over it
// (a book line on every tenth location, some counted, one short); the 3D page opened in headless Chromium
// (Debian's /usr/bin/chromium, or CHROMIUM_PATH), and while the camera turns round the scene for
// BENCH_SCENE_SECONDS (default 8) the page counts animation frames: frames per second, and which WebGL renderer drew
// them (SwiftShader is software rendering: expect far fewer frames than on a GPU). BENCH_SCENE_VIEWPORT sets the
// window (default 1440x900); BENCH_SCENE_PROFILE=1 prints the page's heaviest functions while orbiting. Also the time from opening the
// page to the first frame of the scene. The built web app must be there (`npm run build`). Figures are printed;
// nothing here passes or fails a build.
import { chromium } from 'playwright-core';
import { BENCH_PASSWORD, startBenchServer } from './bench-server';

const LOCATIONS = Number(process.env.BENCH_SCENE_LOCATIONS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SCENE_SECONDS ?? 8);
const [VIEW_W, VIEW_H] = (process.env.BENCH_SCENE_VIEWPORT ?? '1440x900').split('x').map(Number) as [number, number];
const AISLES = 'ABCDEFGHIJKLMNOPQRST';
const LEVELS = 5;
const SLOTS = 4;
const bays = Math.max(1, Math.ceil(LOCATIONS / (AISLES.length * LEVELS * SLOTS)));

// what the page's scripts see (this package is type-checked without the DOM library)
declare const document: { querySelector(selector: string): unknown };
type HookElement = { scene3d?: Scene3dHook };

type Scene3dHook = {
  orbit(on: boolean): void;
  frames(): number;
  renderer(): string;
};

const { base, call, stop } = await startBenchServer('scene3d');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
try {
  const { accessToken: token } = await call<{ accessToken: string }>('/api/sysAuth/login', {
    account: 'admin',
    password: BENCH_PASSWORD,
  });
  const api = <T>(path: string, body?: unknown) => call<T>(path, body, token);
  const orgs = await api<{ id: number }[]>('/api/sysOrg/list');
  const warehouseId = await api<number>('/api/warehouseInfo/add', {
    code: 'B3D',
    name: 'Scene benchmark',
    orgId: orgs[0]?.id,
    address1: '1 Bench Road',
    contactName: 'Bench',
    contactPhone: '+1 555 0100',
  });
  const areaId = await api<number>('/api/warehouseArea/add', { warehouseId, code: 'R', name: 'Racks' });
  let t0 = performance.now();
  await api('/api/warehouseLocation/generate', {
    areaId,
    aisles: { from: 'A', to: 'T' },
    bays: { from: '1', to: String(bays) },
    levels: { from: '1', to: String(LEVELS) },
    slots: { from: '1', to: String(SLOTS) },
    pattern: '{aisle}-{bay}-{level}-{slot}',
    preview: false,
  });
  const total = AISLES.length * bays * LEVELS * SLOTS;
  console.log(
    `scene3d: ${total.toLocaleString()} locations generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // book stock on every tenth location, a task over the warehouse, a few lines counted (one short)
  await api('/api/warehouseConsignor/add', { code: 'BC', name: 'Bench consignor' });
  const consignors = await api<{ id: number; code: string }[]>('/api/warehouseConsignor/list');
  const consignorId = consignors.find((c) => c.code === 'BC')?.id;
  await api('/api/warehouseSku/add', { code: 'S1', name: 'Bench item', consignorId, boxGauge: 10, unitValue: 1 });
  const rows = ['Location code,SKU code,Consignor code,Lot,Quantity'];
  let k = 0;
  for (const aisle of AISLES)
    for (let bay = 1; bay <= bays; bay++)
      for (let level = 1; level <= LEVELS; level++)
        for (let slot = 1; slot <= SLOTS; slot++)
          if (k++ % 10 === 0) rows.push(`${aisle}-${bay}-${level}-${slot},S1,BC,,5`);
  const form = new FormData();
  form.append('file', new Blob([rows.join('\n')], { type: 'text/csv' }), 'stock.csv');
  const imported = (await (
    await fetch(`${base}/api/inventorySnapshot/import?warehouseId=${warehouseId}&title=Bench`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
  ).json()) as { code: number; result: { id: number }; message: string };
  if (imported.code !== 200) throw new Error(`snapshot import: ${imported.message}`);
  const taskId = await api<number>('/api/inventoryCheckTask/add', {
    name: 'Bench 3D',
    warehouseId,
    snapshotId: imported.result.id,
    type: 1,
    countMode: 1,
  });
  await api('/api/inventoryCheckTask/generateItems', { id: taskId, version: 0 });
  const ready = await api<{ version: number }>(`/api/inventoryCheckTask/detail?id=${taskId}`);
  await api('/api/inventoryCheckTask/start', { id: taskId, version: ready.version });
  const items = await api<{ items: { id: number; version: number }[] }>('/api/inventoryCheckItem/page', {
    taskId,
    pageSize: 40,
  });
  for (const [i, line] of items.items.entries())
    await api('/api/inventoryCheckItem/count', { id: line.id, version: line.version, countedQty: i === 0 ? 4 : 5 });

  // the 3D page, signed in through the sign-in page
  const page = await browser.newPage({ viewport: { width: VIEW_W, height: VIEW_H } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Account' }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: /Sign in/ }).click();
  await page.waitForURL(/\/dashboard\/home$/);
  t0 = performance.now();
  await page.goto(`${base}/overview/3d?warehouseId=${warehouseId}&taskId=${taskId}`);
  await page.getByTestId('overview-total').waitFor({ timeout: 120_000 });
  const drawn = ((await page.getByTestId('overview-total').textContent()) ?? '').trim();
  await page.waitForFunction(
    () => {
      const el = document.querySelector('[data-testid="scene3d"]') as HookElement | null;
      return (el?.scene3d?.frames() ?? 0) > 0;
    },
    undefined,
    { timeout: 120_000 },
  );
  const firstFrame = performance.now() - t0;
  const scene = page.getByTestId('scene3d');
  const renderer = await scene.evaluate((el) => (el as unknown as Required<HookElement>).scene3d.renderer());
  await page.waitForTimeout(1000);

  // BENCH_SCENE_PROFILE=1: a CPU profile of the page while orbiting; its heaviest functions are printed
  const cdp = process.env.BENCH_SCENE_PROFILE ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  // plain JavaScript for the page (tsx would wrap named functions in a helper the page does not have)
  // the page's animation frames without the scene changing (nothing rendered): what the browser manages at all
  const idleFps = (await page.evaluate(`(async () => {
    let n = 0;
    const start = performance.now();
    await new Promise((resolve) => {
      function tick(t) {
        n++;
        if (t - start < 2000) requestAnimationFrame(tick);
        else resolve();
      }
      requestAnimationFrame(tick);
    });
    return n / ((performance.now() - start) / 1000);
  })()`)) as number;
  const measured = (await page.evaluate(`(async (seconds) => {
    const hook = document.querySelector('[data-testid="scene3d"]').scene3d;
    const times = [];
    let busy = 0;
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) busy += e.duration;
    });
    observer.observe({ type: 'longtask' });
    const framesBefore = hook.frames();
    hook.orbit(true);
    const start = performance.now();
    await new Promise((resolve) => {
      function tick(t) {
        times.push(t);
        if (t - start < seconds * 1000) requestAnimationFrame(tick);
        else resolve();
      }
      requestAnimationFrame(tick);
    });
    hook.orbit(false);
    observer.disconnect();
    const elapsed = (performance.now() - start) / 1000;
    const gaps = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
    return {
      elapsed,
      animationFrames: times.length,
      rendered: hook.frames() - framesBefore,
      worstFrameMs: gaps[gaps.length - 1] ?? 0,
      p95FrameMs: gaps[Math.floor(gaps.length * 0.95)] ?? 0,
      longTaskShare: busy / (elapsed * 1000),
    };
  })(${SECONDS})`)) as {
    longTaskShare: number;
    elapsed: number;
    animationFrames: number;
    rendered: number;
    worstFrameMs: number;
    p95FrameMs: number;
  };
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: {
        nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
        samples: number[];
        timeDeltas: number[];
      };
    };
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const f = byId.get(id)?.callFrame;
      const key = f ? `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}` : '?';
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    console.log('scene3d: heaviest functions while orbiting (self time):');
    for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
  }
  const fps = measured.animationFrames / measured.elapsed;
  const renderedFps = measured.rendered / measured.elapsed;
  console.log(`scene3d: ${drawn}; first frame ${(firstFrame / 1000).toFixed(2)} s after opening the page`);
  console.log(`scene3d: renderer ${renderer}${/swiftshader|llvmpipe|software/i.test(renderer) ? ' (software)' : ''}`);
  console.log(
    `scene3d: orbiting ${measured.elapsed.toFixed(1)} s: ${fps.toFixed(1)} fps (${renderedFps.toFixed(1)} scene renders/s), ` +
      `p95 frame ${measured.p95FrameMs.toFixed(1)} ms, worst ${measured.worstFrameMs.toFixed(1)} ms (target: smooth, >= 30 fps on a GPU)`,
  );
  console.log(
    `scene3d: the same page idle (nothing rendered): ${idleFps.toFixed(1)} fps; while orbiting the page's main ` +
      `thread was in long tasks ${(measured.longTaskShare * 100).toFixed(0)} % of the time`,
  );
  if (errors.length) console.log(`scene3d: page errors: ${errors.join(' | ')}`);
} finally {
  await browser.close();
  await stop();
}
