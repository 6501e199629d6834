// Writes docs/menus.md from the menu seed: `npm run docs:menus`.
import { writeFileSync } from 'node:fs';
import { MENU_SEED, renderMenuMap } from '../apps/server/src/modules/system/seed/index';

writeFileSync(new URL('../docs/menus.md', import.meta.url), renderMenuMap(MENU_SEED));
console.info('docs/menus.md written');
