import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiAs } from '../support/api';
import { useJourney } from '../support/journey';
import type { RunningServer } from '../support/server';
import { signInToWorkbench } from '../support/session';

/** Screenshots of this journey, to be looked at. */
const SHOTS = process.env.SHOTS_DIR ?? new URL('../artifacts/live-view/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

// ------------------------------------------------------------------------------------------ the test's own cameras
// A warehouse's streaming server, made here: ffmpeg (Debian's package) writes a live HLS stream (H.264, 1 s
// segments) into a folder that a small static server serves, and the same server sends an MJPEG stream (JPEG frames
// ffmpeg drew, cycled as multipart/x-mixed-replace) and answers 404 for a camera that is gone. It allows any origin
// (CORS), as ZLMediaKit and go2rtc do by default, since the app runs on another port.

const media = mkdtempSync(join(tmpdir(), 'shelfwise-live-'));
const hlsDir = join(media, 'hls');
const framesDir = join(media, 'frames');
mkdirSync(hlsDir);
mkdirSync(framesDir);
execFileSync('ffmpeg', [
  '-loglevel',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=320x240:rate=5',
  '-frames:v',
  '10',
  '-q:v',
  '6',
  join(framesDir, 'f%02d.jpg'),
]);
const frames = readdirSync(framesDir)
  .sort()
  .map((f) => readFileSync(join(framesDir, f)));
const ffmpeg: ChildProcess = spawn(
  'ffmpeg',
  [
    '-loglevel',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=15',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '15',
    '-sc_threshold',
    '0',
    '-f',
    'hls',
    '-hls_time',
    '1',
    '-hls_list_size',
    '6',
    '-hls_flags',
    'delete_segments+omit_endlist',
    join(hlsDir, 'stream.m3u8'),
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);

/** MJPEG answers still open (a page that left must have closed its own). */
const mjpegClients = new Set<ServerResponse>();
const TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t' };
const streams = createServer((req, res) => {
  res.setHeader('access-control-allow-origin', '*');
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/mjpeg/dock') {
    res.writeHead(200, {
      'content-type': 'multipart/x-mixed-replace; boundary=frame',
      'cache-control': 'no-cache',
      connection: 'close',
    });
    mjpegClients.add(res);
    let n = 0;
    const send = () => {
      const jpeg = frames[n++ % frames.length] as Buffer;
      res.write(`--frame\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`);
      res.write(jpeg);
      res.write('\r\n');
    };
    send();
    const timer = setInterval(send, 200);
    res.on('close', () => {
      clearInterval(timer);
      mjpegClients.delete(res);
    });
    return;
  }
  const file = normalize(join(hlsDir, path.replace(/^\/hls\//, '')));
  if (!path.startsWith('/hls/') || !file.startsWith(hlsDir) || !existsSync(file)) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no such stream');
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-cache',
  });
  res.end(readFileSync(file));
});
await new Promise<void>((resolve) => streams.listen(0, '127.0.0.1', resolve));
const streamOrigin = `http://127.0.0.1:${(streams.address() as AddressInfo).port}`;

after(async () => {
  // ffmpeg writes and deletes segments until it has exited: removing its folder before that races it (ENOTEMPTY)
  const exited = ffmpeg.exitCode !== null ? Promise.resolve() : new Promise((resolve) => ffmpeg.once('exit', resolve));
  ffmpeg.kill('SIGTERM');
  await exited;
  for (const res of mjpegClients) res.destroy();
  await new Promise((resolve) => streams.close(resolve));
  rmSync(media, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

/** Waits until ffmpeg has written a playlist with a few segments. */
async function streamReady() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const playlist = join(hlsDir, 'stream.m3u8');
    if (existsSync(playlist) && (readFileSync(playlist, 'utf8').match(/\.ts/g) ?? []).length >= 3) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('ffmpeg wrote no HLS stream');
}

// ------------------------------------------------------------------------------------------------------ helpers

const LANGS = ['en', 'zh-cn', 'zh-tw'] as const;

/** A page signed in as admin, in a language, at a width. */
async function open(browser: Browser, server: RunningServer, width: number, language: (typeof LANGS)[number] = 'en') {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width, height: width < 500 ? 800 : 900 },
    ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await signInToWorkbench(page, server);
  if (language !== 'en') {
    await page.evaluate((lang) => {
      const key = 'shelfwise:themeConfig';
      const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}');
      stored.state.language = lang;
      localStorage.setItem(key, JSON.stringify(stored));
    }, language);
  }
  return { page, context, errors };
}

const tile = (page: Page, name: string) => page.locator(`[data-testid="live-tile"][data-stream="${name}"]`);

async function waitForState(page: Page, name: string, state: string, timeout = 45_000) {
  await page.waitForFunction(
    ([n, s]) =>
      document.querySelector(`[data-testid="live-tile"][data-stream="${n}"]`)?.getAttribute('data-state') === s,
    [name, state] as const,
    { timeout },
  );
}

/** A screenshot of the whole page (the shell scrolls inside, so the window grows to show it all). */
async function shot(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  const needed = await page.evaluate(() => {
    const root = document.querySelector('[data-testid="live-view"]');
    for (let el = root?.parentElement; el; el = el.parentElement) el.scrollTop = 0;
    return root ? Math.ceil(root.getBoundingClientRect().top + root.scrollHeight + 24) : 0;
  });
  if (needed > size.height) await page.setViewportSize({ width: size.width, height: needed });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}${name}.png` });
  if (needed > size.height) await page.setViewportSize(size);
}

// ------------------------------------------------------------------------------------------------------ journeys

describe('live view', () => {
  const j = useJourney({ LIVE_STREAM_SOURCES: streamOrigin });

  it('adds a camera in the drawer, refusing an RTSP address with the reason on the field', async () => {
    const admin = await apiAs(j.server, 'admin', j.server.password);
    const orgs = await admin<{ id: number }[]>('/api/sysOrg/list');
    const warehouseId = await admin<number>('/api/warehouseInfo/add', {
      code: 'LIVE',
      name: 'Live DC',
      orgId: orgs[0]?.id,
      address1: '1 Camera Road',
      contactName: 'Li',
      contactPhone: '+86 20 5555 0199',
    });
    const dock = await admin<number>('/api/warehouseArea/add', { warehouseId, code: 'DK', name: 'Dock' });
    const racks = await admin<number>('/api/warehouseArea/add', { warehouseId, code: 'RK', name: 'Racks' });
    await admin('/api/warehouseLiveView/add', {
      areaId: dock,
      name: 'Dock MJPEG',
      protocol: 'mjpeg',
      url: `${streamOrigin}/mjpeg/dock`,
      orderNo: 20,
    });
    await admin('/api/warehouseLiveView/add', {
      areaId: racks,
      name: 'Aisle 7 (gone)',
      protocol: 'hls',
      url: `${streamOrigin}/hls/aisle7.m3u8`,
    });
    // an origin the server's policy does not list (localhost is not 127.0.0.1 to a browser)
    await admin('/api/warehouseLiveView/add', {
      areaId: racks,
      name: 'Yard (not allowed)',
      protocol: 'mjpeg',
      url: `${streamOrigin.replace('127.0.0.1', 'localhost')}/mjpeg/dock`,
    });

    const { page, context, errors } = await open(j.browser, j.server, 1440);
    await page.goto(`${j.server.url}/overview/live`);
    await page.getByTestId('live-manage').click();
    await page.getByTestId('live-admin-add').click();
    const dialog = page.getByTestId('live-admin-dialog');
    await dialog.getByLabel('Warehouse').click();
    await page.getByTitle('LIVE · Live DC').click();
    await dialog.getByLabel('Storage area').click();
    await page.getByTitle('DK · Dock').click();
    await dialog.getByLabel('Name').fill('Dock HLS');
    await dialog.getByLabel('Stream address').fill('rtsp://admin:12345@10.0.0.5:554/Streaming/Channels/101');
    await dialog.getByRole('button', { name: /OK|Save/ }).click();
    await dialog.getByText('The address must start with http:// or https://').waitFor();
    await dialog.getByLabel('Stream address').fill(`${streamOrigin}/hls/stream.m3u8`);
    await dialog.getByRole('button', { name: /OK|Save/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('live-admin').getByText('Dock HLS').waitFor();
    await page.keyboard.press('Escape');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('plays HLS and MJPEG, says why the others fail, and shows one tile on full screen', async () => {
    await streamReady();
    const { page, context, errors } = await open(j.browser, j.server, 1440);
    await page.goto(`${j.server.url}/overview/live`);
    await page.getByTestId('live-count').waitFor();
    assert.equal(await page.getByTestId('live-count').textContent(), '4 cameras');
    // tiles by area code (DK before RK), then order (MJPEG 20 before the HLS camera's default 100)
    assert.deepEqual(
      await page
        .locator('[data-testid="live-tile"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-stream'))),
      ['Dock MJPEG', 'Dock HLS', 'Aisle 7 (gone)', 'Yard (not allowed)'],
    );

    await waitForState(page, 'Dock HLS', 'playing');
    // the video really advances, at the stream's size (H.264 decoded by Debian's Chromium)
    const video = tile(page, 'Dock HLS').locator('video');
    const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.waitForTimeout(2500);
    const played = await video.evaluate((v: HTMLVideoElement) => ({
      t: v.currentTime,
      w: v.videoWidth,
      h: v.videoHeight,
    }));
    assert.ok(played.t > t0 + 1, `video advanced from ${t0} to ${played.t}`);
    assert.deepEqual([played.w, played.h], [640, 360]);

    await waitForState(page, 'Dock MJPEG', 'playing');
    const img = await tile(page, 'Dock MJPEG')
      .locator('img')
      .evaluate((i: HTMLImageElement) => [i.naturalWidth, i.naturalHeight]);
    assert.deepEqual(img, [320, 240]);
    assert.equal(mjpegClients.size, 1);

    await waitForState(page, 'Aisle 7 (gone)', 'failed');
    assert.equal(await tile(page, 'Aisle 7 (gone)').getAttribute('data-reason'), 'http');
    assert.match(
      (await tile(page, 'Aisle 7 (gone)').getByTestId('live-tile-reason').textContent()) ?? '',
      /answered HTTP 404/,
    );
    await tile(page, 'Aisle 7 (gone)')
      .getByText(/Trying again in \d+ s/)
      .waitFor();
    await waitForState(page, 'Yard (not allowed)', 'failed');
    assert.equal(await tile(page, 'Yard (not allowed)').getAttribute('data-reason'), 'blocked');
    assert.match(
      (await tile(page, 'Yard (not allowed)').getByTestId('live-tile-reason').textContent()) ?? '',
      /does not allow http:\/\/localhost:\d+: add it to LIVE_STREAM_SOURCES/,
    );
    await shot(page, 'live-1440-en');

    // one tile on full screen, then back
    await tile(page, 'Dock HLS').getByTestId('live-tile-fullscreen').click();
    await page.waitForFunction(() => document.fullscreenElement?.getAttribute('data-stream') === 'Dock HLS');
    await page.screenshot({ path: `${SHOTS}live-fullscreen.png` });
    const box = await tile(page, 'Dock HLS').boundingBox();
    assert.ok(box && box.width >= 1400, `the tile fills the screen (${box?.width})`);
    await tile(page, 'Dock HLS').getByTestId('live-tile-fullscreen').click();
    await page.waitForFunction(() => document.fullscreenElement === null);

    // leaving the page ends the camera connections (a hidden tab plays nothing)
    await page.goto(`${j.server.url}/dashboard/home`);
    await page.waitForFunction(() => !document.querySelector('[data-testid="live-tile"]:not([hidden])'), null, {
      timeout: 10_000,
    });
    const deadline = Date.now() + 10_000;
    while (mjpegClients.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    assert.equal(mjpegClients.size, 0, 'the MJPEG connection was closed');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('looks right at 1440 px and on a phone in three languages', async () => {
    for (const lang of LANGS) {
      for (const width of [1440, 390]) {
        const { page, context, errors } = await open(j.browser, j.server, width, lang);
        await page.goto(`${j.server.url}/overview/live`);
        await waitForState(page, 'Dock MJPEG', 'playing');
        await waitForState(page, 'Dock HLS', 'playing');
        await waitForState(page, 'Aisle 7 (gone)', 'failed');
        await shot(page, `live-${width}-${lang}`);
        if (width === 1440) {
          await page.getByTestId('live-manage').click();
          await page.getByTestId('live-admin').getByText('Dock HLS').waitFor();
          await page.waitForTimeout(400);
          await page.screenshot({ path: `${SHOTS}live-admin-${width}-${lang}.png` });
        }
        assert.deepEqual(errors, []);
        await context.close();
      }
    }
  });

  it('dial page: the number from the link with a call button; anything else is refused with a reason', async () => {
    for (const lang of LANGS) {
      for (const width of [390, 1440]) {
        const context = await j.browser.newContext({
          viewport: { width, height: width < 500 ? 800 : 900 },
          ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
        });
        await context.addInitScript((language) => {
          localStorage.setItem('shelfwise:themeConfig', JSON.stringify({ state: { language }, version: 0 }));
        }, lang);
        const page = await context.newPage();
        // public: no sign-in
        await page.goto(`${j.server.url}/$callTel?phone=13800138000&name=Dock%20supervisor`);
        await page.getByTestId('dial-number').waitFor();
        assert.equal(await page.getByTestId('dial-number').textContent(), '138 0013 8000');
        assert.equal(await page.getByTestId('dial-call').getAttribute('href'), 'tel:13800138000');
        assert.equal(new URL(page.url()).pathname, '/$callTel');
        await page.screenshot({ path: `${SHOTS}dial-${width}-${lang}.png` });
        if (lang === 'en' && width === 390) {
          // the path form, with an extension
          await page.goto(`${j.server.url}/$callTel/${encodeURIComponent('0571-8888 6666,123')}`);
          await page.getByTestId('dial-ext').waitFor();
          assert.equal(await page.getByTestId('dial-call').getAttribute('href'), 'tel:057188886666,123');
          // an operator code and a script are not numbers: no call button
          for (const bad of ['*%2306%23', 'javascript:alert(1)']) {
            await page.goto(`${j.server.url}/$callTel?phone=${bad}`);
            await page.getByText('This is not a phone number').waitFor();
            assert.equal(await page.getByTestId('dial-call').count(), 0);
          }
          await page.screenshot({ path: `${SHOTS}dial-invalid-${width}-${lang}.png` });
          await page.goto(`${j.server.url}/$callTel`);
          await page.getByText('This link has no phone number').waitFor();
        }
        await context.close();
      }
    }
  });
});
