// Prints the JavaScript each route downloads (gzip), from Vite's manifest: the entry's static imports plus the
// route's lazy chunk and its static imports. The login route must stay under 300 KB (docs/architecture.md#front-end).
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
const routes = {
  login: 'src/features/auth/login-page.tsx',
  'main layout': 'src/app/layout/main-layout.tsx',
  workbench: 'src/features/home/home-page.tsx',
};
let failed = false;
for (const [name, src] of Object.entries(routes)) {
  const files = new Set([...base, ...closure(src)].map((k) => manifest[k].file));
  if (name === 'workbench') for (const k of closure(routes['main layout'])) files.add(manifest[k].file);
  const total = [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0);
  const kb = (total / 1024).toFixed(1);
  const budget = name === 'login' ? ' (budget 300 KB)' : '';
  console.log(`route ${name.padEnd(12)} ${kb.padStart(7)} KB gzip JS${budget}`);
  if (name === 'login' && total > 300 * 1024) failed = true;
}
if (failed) {
  console.error('The login route is over its 300 KB budget.');
  process.exit(1);
}
