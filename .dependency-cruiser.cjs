// Import boundaries, checked by `npm run lint` (dependency-cruiser); scripts/boundaries.test.ts checks the rules.
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const MODULES = 'apps/server/src/modules';

/**
 * The server's modules: the outermost folders under modules/ that have an index.ts (a feature such as
 * modules/system/user, or a whole area such as modules/inventory). Read from the tree being checked, so a module
 * added tomorrow is one as soon as it has its index.ts.
 */
function serverModules(root = MODULES) {
  if (!existsSync(root)) return [];
  if (existsSync(join(root, 'index.ts'))) return [root];
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => serverModules(`${root}/${e.name}`));
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Tests and their fixtures may set up data through any module's internals; the rules hold for the code they test. */
const TEST_SUPPORT = [
  '\\.test\\.tsx?$',
  '[-.]fixtures?\\.ts$',
  '/fixtures/',
  '/test-files\\.ts$',
  '^apps/server/src/test/',
];

const modules = serverModules();

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycle that exists at run time: move what both sides need into a file of its own. Cycles made ' +
        'only of `import type` are erased by the compiler and allowed (e.g. the contract typing its route table ' +
        'by its own `api`).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'kernel-not-modules',
      comment: 'The kernel serves the modules and never imports one of them.',
      severity: 'error',
      from: { path: '^apps/server/src/kernel/', pathNot: TEST_SUPPORT },
      to: { path: `^${MODULES}/` },
    },
    {
      name: 'code-in-a-module',
      comment: `Server code under ${MODULES} lives in a module: a folder with an index.ts.`,
      severity: 'error',
      from: {
        path: `^${MODULES}/`,
        pathNot: [...modules.map((m) => `^${escapeRegExp(m)}/`), ...TEST_SUPPORT],
      },
      to: {},
    },
    ...modules.map((m) => ({
      name: 'module-through-index',
      comment: `Another module (and app.ts) reaches ${m} only through its index.ts.`,
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: [`^${escapeRegExp(m)}/`, ...TEST_SUPPORT] },
      to: { path: `^${escapeRegExp(m)}/`, pathNot: `^${escapeRegExp(m)}/index\\.ts$` },
    })),
    {
      name: 'components-not-features',
      comment: 'Shared web components (apps/web/src/components) never import a feature.',
      severity: 'error',
      from: { path: '^apps/web/src/components/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // type-only imports are seen (they cross boundaries too); the cycle rule leaves them out
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
