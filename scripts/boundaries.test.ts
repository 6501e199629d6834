import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules/.bin/depcruise');
/** The import check of `npm run lint`, as package.json runs it. */
const SCRIPT = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts['lint:imports'] as string;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A tree laid out like the repository with these files and its rules, and the lint's import check run on it. */
function lint(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'shelfwise-boundaries-'));
  dirs.push(dir);
  copyFileSync(join(ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  // every folder the script names exists, as in the repository
  for (const folder of ['apps', 'packages', 'e2e', 'bench', 'scripts']) {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'placeholder.ts'), 'export const placeholder = 1;\n');
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  expect(SCRIPT).toMatch(/^depcruise /);
  const args = SCRIPT.replace(/^depcruise /, '').split(/\s+/);
  const run = spawnSync(BIN, args, { cwd: dir, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

const S = 'apps/server/src';
/** Two modules of the server, each with its index.ts, and a kernel file. */
const GOOD: Record<string, string> = {
  [`${S}/modules/area/a/index.ts`]: "export { a } from './a.service';\n",
  [`${S}/modules/area/a/a.service.ts`]: "import { k } from '../../../kernel/k';\nexport const a = k + 1;\n",
  [`${S}/modules/b/index.ts`]: "export { b } from './sub/b.service';\n",
  [`${S}/modules/b/sub/b.service.ts`]: "import { a } from '../../area/a';\nexport const b = a + 1;\n",
  [`${S}/modules/b/b.test.ts`]: "import { a } from '../area/a/a.service';\nexport const t = a;\n",
  [`${S}/modules/b/b-fixture.ts`]: "import { a } from '../area/a/a.service';\nexport const f = a;\n",
  [`${S}/kernel/k.ts`]: 'export const k = 1;\n',
  [`${S}/kernel/k.test.ts`]: "import { b } from '../modules/b';\nexport const t = b;\n",
  // cycles of types only vanish at compile time: allowed
  [`${S}/kernel/t1.ts`]: "import type { T2 } from './t2';\nexport type T1 = { next?: T2 };\n",
  [`${S}/kernel/t2.ts`]: "import type { T1 } from './t1';\nexport type T2 = { next?: T1 };\n",
  [`${S}/app.ts`]:
    "import { a } from './modules/area/a';\nimport { b } from './modules/b';\nexport const app = a + b;\n",
  'apps/web/src/components/c.tsx': "import { l } from '../lib/l';\nexport const c = l;\n",
  'apps/web/src/lib/l.ts': 'export const l = 1;\n',
  'apps/web/src/features/f/f.tsx': "import { c } from '../../components/c';\nexport const f = c;\n",
};

describe('the import rules of npm run lint', () => {
  it('pass a tree that keeps them', () => {
    const { status, out } = lint(GOOD);
    expect(out).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it('fail on each deliberately wrong import, naming the rule', () => {
    const { status, out } = lint({
      ...GOOD,
      // another module's internals, from a module and from app.ts
      [`${S}/modules/b/sub/b.service.ts`]: "import { a } from '../../area/a/a.service';\nexport const b = a + 1;\n",
      [`${S}/app.ts`]:
        "import { a } from './modules/area/a';\nimport { b } from './modules/b/sub/b.service';\nexport const app = a + b;\n",
      // the kernel importing a module
      [`${S}/kernel/k2.ts`]: "import { b } from '../modules/b';\nexport const k2 = b;\n",
      // server code under modules/ outside any module (no index.ts)
      [`${S}/modules/area/loose.ts`]: "import { k } from '../../kernel/k';\nexport const loose = k;\n",
      // a run-time cycle
      [`${S}/kernel/x.ts`]: "import { y } from './y';\nexport const x = () => y;\n",
      [`${S}/kernel/y.ts`]: "import { x } from './x';\nexport const y = () => x;\n",
      // a shared component importing a feature
      'apps/web/src/components/c.tsx': "import { f } from '../features/f/f';\nexport const c = f;\n",
    });
    expect(status).not.toBe(0);
    // the lint's own report: "error <rule>: <from> → <to>" (a cycle goes on with the rest of its files)
    const found = [...out.matchAll(/error ([\w-]+): (\S+) →\s+(\S+)/g)]
      .map(([, rule, from, to]) => `${rule}: ${from} -> ${to}`)
      .sort();
    expect(found).toEqual(
      [
        `module-through-index: ${S}/modules/b/sub/b.service.ts -> ${S}/modules/area/a/a.service.ts`,
        `module-through-index: ${S}/app.ts -> ${S}/modules/b/sub/b.service.ts`,
        `kernel-not-modules: ${S}/kernel/k2.ts -> ${S}/modules/b/index.ts`,
        `code-in-a-module: ${S}/modules/area/loose.ts -> ${S}/kernel/k.ts`,
        `no-circular: ${S}/kernel/x.ts -> ${S}/kernel/y.ts`,
        'components-not-features: apps/web/src/components/c.tsx -> apps/web/src/features/f/f.tsx',
        // (the component now imports the feature that imports it: a cycle, reported once like any other)
        'no-circular: apps/web/src/components/c.tsx -> apps/web/src/features/f/f.tsx',
      ].sort(),
    );
  });
});
