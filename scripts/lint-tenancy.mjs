// The tenancy rule of the lint (docs/tenancy-and-permissions.md): module code reaches tenant-owned tables only
// through the tenant database (`kernel.tenantDb(ctx)`), never through the whole database, the old per-table
// helper or a hand-written `tenant_id`. Code written before the rule is listed in scripts/tenancy-baseline.json
// with its count of such uses per file; a file may only go down. `--update` rewrites the baseline.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const MODULES = 'apps/server/src/modules';
const BASELINE = 'scripts/tenancy-baseline.json';

/**
 * The platform-level code that works across tenants by design (named here and nowhere else): the administration
 * of tenants themselves, the seed that creates every tenant's rows, and three single files, each holding only the
 * statements that must cross tenants.
 */
export const PLATFORM_ACCESS = [
  'apps/server/src/modules/system/tenant/',
  'apps/server/src/modules/system/seed/',
  // the platform's shared dictionaries: rows of the default tenant every tenant reads beside its own
  'apps/server/src/modules/system/dict/dict-shared.repo.ts',
  // deleting a menu removes it from the grants of every tenant
  'apps/server/src/modules/system/menu/menu-removal.ts',
  // the platform super admin's online users: the sessions of every tenant
  'apps/server/src/modules/system/online-user/platform-sessions.repo.ts',
  // the start-up sweep of snapshot lines whose import died before writing its header, in every tenant
  'apps/server/src/modules/inventory/snapshot/snapshot-sweep.ts',
];

/** What the rule refuses in module code, with the reason each is refused. */
export const PATTERNS = [
  { re: /\btenant_id\b/g, why: 'a hand-written tenant condition or tenant column' },
  { re: /\btenantScoped\s*\(/g, why: 'the old per-table helper (use kernel.tenantDb(ctx))' },
  { re: /\bkernel\.db\b/g, why: 'the whole database (use kernel.tenantDb(ctx))' },
  { re: /\bKysely<Database>/g, why: 'a handle on the whole database (take a TenantDb)' },
];

/** The uses of one source text the rule refuses: line and reason of each. */
export function violationsIn(text) {
  const out = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const p of PATTERNS) for (const _ of line.matchAll(p.re)) out.push({ line: i + 1, why: p.why });
  });
  return out;
}

function moduleFiles(root) {
  return readdirSync(join(root, MODULES), { recursive: true, encoding: 'utf8' })
    .map((f) => join(MODULES, f).replaceAll('\\', '/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !PLATFORM_ACCESS.some((p) => f.startsWith(p)))
    .sort();
}

/** Every module file's violations, compared with the baseline: what is new or grew, and the counts now. */
export function check(root = ROOT) {
  const baseline = JSON.parse(readFileSync(join(root, BASELINE), 'utf8'));
  const counts = {};
  const problems = [];
  for (const file of moduleFiles(root)) {
    const found = violationsIn(readFileSync(join(root, file), 'utf8'));
    if (!found.length) continue;
    counts[file] = found.length;
    const allowed = baseline[file] ?? 0;
    if (found.length > allowed) {
      problems.push(
        `${file}: ${found.length} uses, ${allowed} allowed\n${found.map((v) => `  line ${v.line}: ${v.why}`).join('\n')}`,
      );
    }
  }
  return { counts, problems, total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

if (process.argv[1] && relative(process.argv[1], new URL(import.meta.url).pathname) === '') {
  const { counts, problems, total } = check();
  if (process.argv.includes('--update')) {
    writeFileSync(join(ROOT, BASELINE), `${JSON.stringify(counts, null, 2)}\n`);
    console.info(`tenancy: baseline written, ${total} uses in ${Object.keys(counts).length} files left to move`);
  } else if (problems.length) {
    console.error(`tenancy: module code reaches tenant data around the tenant database:\n${problems.join('\n')}`);
    console.error('Use kernel.tenantDb(ctx) in a repository (docs/tenancy-and-permissions.md).');
    process.exit(1);
  } else {
    console.info(`✔ tenancy: no new uses (${total} older uses in ${Object.keys(counts).length} files left to move)`);
  }
}
