import type { MenuSeed } from './seed-types';

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The services whose actions make a menu's permission codes, in the order its buttons name them. */
function servicesOf(menu: MenuSeed): string[] {
  const out: string[] = [];
  for (const b of menu.children ?? []) {
    const service = (b.permission ?? '').split(':')[0];
    if (service && !out.includes(service)) out.push(service);
  }
  return out;
}

function row(directory: string, menu: MenuSeed): string {
  const hidden = menu.isHide ? '(hidden) ' : '';
  const path = menu.outLink ? `${menu.outLink} (link)` : (menu.path ?? '');
  const titles = [menu.title.en, menu.title['zh-cn'], menu.title['zh-tw']].map((t) => cell(`${hidden}${t}`));
  return `| ${cell(directory)} | ${titles.join(' | ')} | ${cell(path)} | ${cell(menu.component ?? '')} | ${servicesOf(menu).join(', ')} |`;
}

/**
 * docs/menus.md: every seeded menu with its directory, titles, route, page key and API services, rendered from the
 * seed so the map and the seed cannot drift (a test compares them; `npm run docs:menus` rewrites the file).
 */
export function renderMenuMap(seed: readonly MenuSeed[]): string {
  const lines = [
    '# The menu map',
    '',
    '<!-- Generated from apps/server/src/modules/system/seed/menu.seed.ts by `npm run docs:menus`; do not edit. -->',
    '',
    'Every menu the seed creates: its directory, its title in the three languages, its route path, the page key the',
    "web app's page registry resolves (`apps/web/src/app/page-registry.ts`; a key without a page shows not-found) and",
    'the API services whose actions are its buttons (permission codes `<service>:<action>`). Directories use the',
    'component `Layout`. Keys and paths are never renamed once shipped.',
    '',
    '| directory | menu | 菜单 | 選單 | path | page key | API services |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const top of seed) {
    if (top.type === 1) for (const m of top.children ?? []) lines.push(row(top.title.en, m));
    else lines.push(row('(top)', top));
  }
  return `${lines.join('\n')}\n`;
}
