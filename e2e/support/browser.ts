import { mkdirSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where journeys leave their screenshots. */
export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
