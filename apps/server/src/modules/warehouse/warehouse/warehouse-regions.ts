import type { Locale } from '@shelfwise/contract';
import type { SysRegionTable } from '../../../kernel/db/schema';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { regionName } from '../../system/region';

type Region = Pick<SysRegionTable, 'id' | 'pid' | 'code' | 'name_en' | 'name_zh_cn' | 'name_zh_tw'>;

/** The address levels of a warehouse, top down. */
export const ADDRESS_LEVELS = ['country', 'province', 'city'] as const;
/** A warehouse address: one value per level (region codes where the regions know the place, else free text). */
export type Address = Record<(typeof ADDRESS_LEVELS)[number], string | null>;

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The regions as warehouse addresses use them, loaded once per import or export: a warehouse stores region codes
 * (as the region picker gives them), a file shows names and accepts codes or names in any language. Regions are a
 * platform table, which the tenant database reads as it is (no tenant condition applies to it).
 */
export async function loadRegionBook(db: TenantDb) {
  const rows: Region[] = await db
    .selectFrom('sys_region')
    .select(['id', 'pid', 'code', 'name_en', 'name_zh_cn', 'name_zh_tw'])
    .execute();
  const children = new Map<number, Region[]>();
  for (const r of rows) {
    const pid = Number(r.pid);
    const list = children.get(pid) ?? [];
    list.push({ ...r, id: Number(r.id), pid });
    children.set(pid, list);
  }
  const names = (r: Region) => [r.name_en, r.name_zh_cn, r.name_zh_tw].filter((n): n is string => !!n).map(norm);

  /** The region below `pid` with this code or name; a unique name that starts with the text also counts. */
  function find(pid: number, text: string): Region | undefined {
    const list = children.get(pid) ?? [];
    const t = norm(text);
    const found = list.find((r) => r.code.toLowerCase() === t) ?? list.find((r) => names(r).includes(t));
    if (found) return found;
    const prefixed = t.length >= 2 ? list.filter((r) => names(r).some((n) => n.startsWith(t))) : [];
    return prefixed.length === 1 ? prefixed[0] : undefined;
  }

  return {
    /**
     * The address to store for the values of a file: each level is looked up below the level above it and stored
     * as its region code. A province or city the regions do not know (a country without provinces in the data, a
     * name in another spelling, free text saved by the add endpoint) stays as typed, so every export reads back; a
     * country must be one of the regions' (when there are any), else it is returned as unknown.
     */
    resolve(values: Address): { address: Address } | { unknown: keyof Address; value: string } {
      const address: Address = { country: null, province: null, city: null };
      let pid: number | undefined = 0;
      for (const level of ADDRESS_LEVELS) {
        const value = values[level];
        if (!value) {
          pid = undefined;
          continue;
        }
        if (pid === undefined || !children.get(pid)?.length) {
          address[level] = value;
          pid = undefined;
          continue;
        }
        const region = find(pid, value);
        if (!region && level === 'country') return { unknown: level, value };
        address[level] = region?.code ?? value;
        pid = region?.id;
      }
      return { address };
    },
    /** A stored address with each known region code replaced by its name in the language (for files). */
    names(stored: Address, locale: Locale): Address {
      const out: Address = { country: null, province: null, city: null };
      let pid: number | undefined = 0;
      for (const level of ADDRESS_LEVELS) {
        const value = stored[level];
        const region: Region | undefined =
          value && pid !== undefined ? children.get(pid)?.find((r) => r.code === value) : undefined;
        out[level] = region ? regionName(region, locale) : value;
        pid = region?.id;
      }
      return out;
    },
  };
}
