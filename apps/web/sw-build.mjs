// Builds the service worker (src/sw/sw.ts) into dist/sw.js after `vite build`, with the files to cache on install
// read from Vite's manifest: index.html, the entry's files, the files of the routes that must open offline (the main
// layout and the scanning workbench) with their CSS, and what those load on demand (the languages' texts and antd
// locales, the sign-in and error pages, the layout's drawers) except other pages: a page loaded before the worker
// existed fetched those past it, so only the install can keep them for a start without a network. The build name is
// a hash of that list.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const dist = new URL('./dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const OFFLINE_ROUTES = ['index.html', 'src/app/layout/main-layout.tsx', 'src/features/inventory/scan/scan-page.tsx'];

const files = new Set(['/index.html']);
function add(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  files.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) files.add(`/${css}`);
  for (const imp of chunk.imports ?? []) add(imp, seen);
}
for (const route of OFFLINE_ROUTES) {
  if (!manifest[route]) throw new Error(`sw-build: ${route} is not in the Vite manifest`);
  add(route);
}
// what those load on demand (the languages, the sign-in page, the layout's drawers and its socket client), but not
// the main layout's pages: of those only the workbench must open offline
const PAGES = new Set(
  manifest['src/app/layout/main-layout.tsx'].dynamicImports.filter((k) => /^src\/features\/.+-page\.tsx$/.test(k)),
);
for (let before = 0; before !== files.size; ) {
  before = files.size;
  for (const chunk of Object.values(manifest)) {
    if (!files.has(`/${chunk.file}`)) continue;
    for (const lazy of chunk.dynamicImports ?? []) if (!PAGES.has(lazy)) add(lazy);
  }
}
for (const lang of ['src/locales/zh-cn.ts', 'src/locales/zh-tw.ts']) {
  if (!files.has(`/${manifest[lang]?.file}`)) throw new Error(`sw-build: ${lang} is not cached on install`);
}
const precache = [...files].sort();
const buildName = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
await build({
  entryPoints: [new URL('./src/sw/sw.ts', import.meta.url).pathname],
  outfile: new URL('sw.js', dist).pathname,
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  define: { __PRECACHE__: JSON.stringify(precache), __BUILD__: JSON.stringify(buildName) },
  logLevel: 'warning',
});
console.log(`service worker: dist/sw.js, ${precache.length} files cached on install (build ${buildName})`);
