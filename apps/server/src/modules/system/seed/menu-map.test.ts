import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MENU_SEED } from './menu.seed';
import { renderMenuMap } from './menu-map';

function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'docs', 'README.md'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('repository root (with docs/README.md) not found');
    dir = up;
  }
  return dir;
}

describe('docs/menus.md', () => {
  it('is the menu map of the seed (run `npm run docs:menus` after changing the menu seed)', () => {
    const onDisk = readFileSync(join(repoRoot(), 'docs', 'menus.md'), 'utf8');
    expect(onDisk).toBe(renderMenuMap(MENU_SEED));
  });

  it('lists every menu of the seed once, with a page key or a link', () => {
    const rows = renderMenuMap(MENU_SEED)
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| directory'));
    const menus = MENU_SEED.flatMap((m) => (m.type === 1 ? (m.children ?? []) : [m]));
    expect(rows).toHaveLength(menus.length);
    for (const r of rows) expect(r).toMatch(/\| \/\S*( \(link\))? \| (\/\S+)? \|/);
  });
});
