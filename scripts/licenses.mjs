// Lists the third-party packages Shelfwise ships, with their licences, for the About page: walks the production
// dependency tree of package-lock.json from the web app and the server (dependencies, optional and peer
// dependencies, never devDependencies), resolving each name as Node does (nearest node_modules up the tree), and
// writes name, version, licence, where it is used, and the licence text found in the installed package (else a link
// to the package's page). Reads only local files; no network. Run by the web build:
//   node scripts/licenses.mjs [output file]   (default apps/web/dist/third-party-licenses.json)
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2] ?? join(root, 'apps/web/dist/third-party-licenses.json');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const packages = lock.packages;

/** The lock entry a dependency `name` of the package at `from` resolves to (Node's lookup, links followed). */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    const entry = packages[key];
    if (entry) return entry.link ? { key: entry.resolved, entry: packages[entry.resolved] } : { key, entry };
    if (!dir) return undefined;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i >= 0 ? dir.slice(0, i) : dir.includes('node_modules/') ? '' : dirname(dir) === '.' ? '' : dirname(dir);
  }
}

const LICENCE_FILE = /^(licen[cs]e|copying|notice)(\.|-|$)/i;

function licenceText(key) {
  const dir = join(root, key);
  if (!existsSync(dir)) return null;
  const file = readdirSync(dir).find((f) => LICENCE_FILE.test(f));
  if (!file) return null;
  const text = readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n').trim();
  return text.length > 40_000 ? `${text.slice(0, 40_000)}\n...` : text;
}

function licenceOf(entry, key) {
  if (typeof entry.license === 'string') return entry.license;
  const pkgFile = join(root, key, 'package.json');
  if (existsSync(pkgFile)) {
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
    if (typeof pkg.license === 'string') return pkg.license;
    if (pkg.license?.type) return pkg.license.type;
    if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? l).join(' OR ');
  }
  return 'UNKNOWN';
}

function homepageOf(key, name, version) {
  const pkgFile = join(root, key, 'package.json');
  if (existsSync(pkgFile)) {
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
    const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    const url = pkg.homepage ?? repo;
    if (typeof url === 'string' && /^(git\+)?https?:\/\//.test(url))
      return url.replace(/^git\+/, '').replace(/\.git$/, '');
  }
  return `https://www.npmjs.com/package/${name}/v/${version}`;
}

const found = new Map(); // lock key -> { name, version, usedBy: Set }
function walk(key, usedBy, seen = new Set()) {
  if (seen.has(key)) return;
  seen.add(key);
  const entry = packages[key];
  if (!entry) return;
  const names = [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}),
  ];
  for (const name of new Set(names)) {
    const r = resolve(key, name);
    // not shipped: a peer the package marks optional, one only development installs, a platform's binary absent here
    if (!r?.entry || r.entry.dev) continue;
    if (entry.peerDependenciesMeta?.[name]?.optional && !entry.dependencies?.[name]) continue;
    if (r.entry.optional && !existsSync(join(root, r.key))) continue;
    if (!r.key.includes('node_modules/')) {
      walk(r.key, usedBy, seen); // a workspace package (the contract): its dependencies ship
      continue;
    }
    const item = found.get(r.key) ?? { name, version: r.entry.version, usedBy: new Set() };
    item.usedBy.add(usedBy);
    found.set(r.key, item);
    walk(r.key, usedBy, seen);
  }
}
walk('apps/web', 'web');
walk('apps/server', 'server');

const list = [...found.entries()]
  .map(([key, p]) => ({
    name: p.name,
    version: p.version,
    license: licenceOf(packages[key], key),
    usedBy: [...p.usedBy].sort(),
    url: homepageOf(key, p.name, p.version),
    text: licenceText(key),
  }))
  // one row per name and version (a package installed twice at the same version is listed once)
  .filter((p, i, all) => all.findIndex((q) => q.name === p.name && q.version === p.version) === i)
  .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));

const product = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  JSON.stringify({
    product: 'Shelfwise',
    version: product.version,
    generatedAt: new Date().toISOString(),
    packages: list,
  }),
);
const withText = list.filter((p) => p.text).length;
console.log(`licences: ${list.length} packages (${withText} with their licence text) -> ${out}`);
