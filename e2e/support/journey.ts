import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

/** The built server and the browser a journey suite runs against. */
export interface Journey {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Starts a fresh server (with extra environment, e.g. `SEED_CAPTCHA: 'on'`) and Chromium before the suite's
 * tests and stops both after them. Call inside `describe`.
 */
export function useJourney(env: Record<string, string> = {}): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server is not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started');
      return browser;
    },
  };
}
