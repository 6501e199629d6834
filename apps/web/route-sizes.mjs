// Prints the JavaScript each route downloads (gzip), from Vite's manifest: the entry's static imports plus the
// route's lazy chunk and its static imports. The login route must stay under 310 KB (docs/architecture.md#front-end), the main
// layout (what shows after sign-in before any page) under 375 KB: what it does not draw at once (settings drawer,
// lock screen, watermark, menu search, the bell's list, the socket client) it loads behind it.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('./dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const gz = (file) => gzipSync(readFileSync(new URL(file, dist))).length;

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imp of chunk.imports ?? []) closure(imp, seen);
  return seen;
}
const entry = 'index.html';
const base = closure(entry);
/** Gzip KB a route may download before it shows. */
// the login budget was 300 KB until the operations area: the entry chunk (React, antd's core, the router, the
// route table and the shared client) grows with each area; splitting it is noted in docs/architecture.md#front-end
const BUDGETS = { login: 310, 'main layout': 375 };
const routes = {
  login: 'src/features/auth/login-page.tsx',
  'main layout': 'src/app/layout/main-layout.tsx',
  workbench: 'src/features/home/home-page.tsx',
};
const over = [];
for (const [name, src] of Object.entries(routes)) {
  const files = new Set([...base, ...closure(src)].map((k) => manifest[k].file));
  if (name === 'workbench') for (const k of closure(routes['main layout'])) files.add(manifest[k].file);
  const total = [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0);
  const kb = (total / 1024).toFixed(1);
  const budget = BUDGETS[name];
  console.log(`route ${name.padEnd(12)} ${kb.padStart(7)} KB gzip JS${budget ? ` (budget ${budget} KB)` : ''}`);
  if (budget && total > budget * 1024) over.push(`the ${name} route is over its ${budget} KB budget`);
}
if (over.length) {
  console.error(`${over.join('; ')}.`);
  process.exit(1);
}
