import type { InputOf, sysRegion } from '@shelfwise/contract';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { SysRegionTable } from '../../../kernel/db/schema';
import type { TenantDb } from '../../../kernel/db/tenant-db';

const SORT = {
  code: 'r.code',
  nameEn: 'r.name_en',
  level: 'r.level',
  orderNo: 'r.order_no',
  createTime: 'r.created_at',
};

/** A region row with the codes of its ancestors and whether it has children. */
export type RegionRow = SysRegionTable & {
  p1_code: string | null;
  p2_code: string | null;
  p3_code: string | null;
  has_children: unknown;
};

/** Filters of the page and the export. */
export type RegionFilters = Omit<InputOf<typeof sysRegion.page>, 'page' | 'pageSize' | 'field' | 'order'>;

const baseQuery = (db: TenantDb) =>
  db
    .selectFrom('sys_region as r')
    .leftJoin('sys_region as p1', 'p1.id', 'r.pid')
    .leftJoin('sys_region as p2', 'p2.id', 'p1.pid')
    .leftJoin('sys_region as p3', 'p3.id', 'p2.pid')
    .selectAll('r')
    .select(['p1.code as p1_code', 'p2.code as p2_code', 'p3.code as p3_code'])
    .select((eb) =>
      eb.exists(eb.selectFrom('sys_region as c').select('c.id').whereRef('c.pid', '=', 'r.id')).as('has_children'),
    );
type Base = ReturnType<typeof baseQuery>;

function applyFilter(q: Base, f: RegionFilters): Base {
  let out = q;
  if (f.name) {
    const k = f.name;
    out = out.where((eb) => eb.or([ilike('r.name_en', k), ilike('r.name_zh_cn', k), ilike('r.name_zh_tw', k)]));
  }
  if (f.code) out = out.where(ilike('r.code', f.code));
  if (f.level) out = out.where('r.level', '=', f.level);
  if (f.pid !== undefined) out = out.where('r.pid', '=', f.pid);
  if (f.keyword) {
    const k = f.keyword;
    out = out.where((eb) =>
      eb.or([ilike('r.code', k), ilike('r.name_en', k), ilike('r.name_zh_cn', k), ilike('r.name_zh_tw', k)]),
    );
  }
  return out;
}

/** The path of codes of a row (`CN/440000/440100`). */
export function pathOf(row: Pick<RegionRow, 'code' | 'p1_code' | 'p2_code' | 'p3_code'>): string {
  return [row.p3_code, row.p2_code, row.p1_code, row.code].filter((c) => c).join('/');
}

/** Each region's path of codes (`CN/440000/440100`) by id, from the plain rows. */
export function regionPathMap(rows: readonly Pick<SysRegionTable, 'id' | 'pid' | 'code'>[]): Map<number, string> {
  const byId = new Map(rows.map((r) => [Number(r.id), { pid: Number(r.pid), code: r.code }]));
  const paths = new Map<number, string>();
  const pathAt = (id: number, depth = 0): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row || depth > 8) return '';
    const parent = row.pid ? pathAt(row.pid, depth + 1) : '';
    const path = parent ? `${parent}/${row.code}` : row.code;
    paths.set(id, path);
    return path;
  };
  for (const id of byId.keys()) pathAt(id);
  return paths;
}

/**
 * Data access of regions. `sys_region` is platform-wide (not tenant-owned): every signed-in user reads it, through
 * their tenant database, which leaves a platform table as it is (no tenant condition applies to it). Every method
 * takes that database first.
 */
export const regionRepo = {
  page: (db: TenantDb, input: InputOf<typeof sysRegion.page>) =>
    paginate(applyFilter(baseQuery(db), input), input, SORT, { column: 'r.level', desc: false }, 'r.id'),
  /** Every region of the filters, parents before children (the export). */
  all: (db: TenantDb, f: RegionFilters): Promise<RegionRow[]> =>
    applyFilter(baseQuery(db), f).orderBy('r.level').orderBy('r.order_no').orderBy('r.code').orderBy('r.id').execute(),
  children: (db: TenantDb, pid: number): Promise<RegionRow[]> =>
    baseQuery(db).where('r.pid', '=', pid).orderBy('r.order_no').orderBy('r.code').orderBy('r.id').execute(),
  byId: (db: TenantDb, id: number): Promise<RegionRow | undefined> =>
    baseQuery(db).where('r.id', '=', id).executeTakeFirst(),
  /** Every row, plain (the import matches against them). */
  plain: (db: TenantDb) => db.selectFrom('sys_region').selectAll().execute(),
  codeTaken: async (db: TenantDb, pid: number, code: string, exceptId?: number) => {
    let q = db.selectFrom('sys_region').select('id').where('pid', '=', pid).where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  hasChildren: async (db: TenantDb, id: number) =>
    (await db.selectFrom('sys_region').select('id').where('pid', '=', id).executeTakeFirst()) !== undefined,
  insert: (db: TenantDb, rows: (SysRegionTable & { id: number })[]) =>
    db.insertInto('sys_region').values(rows).execute(),
  update: (db: TenantDb, id: number, set: Partial<SysRegionTable>) =>
    db.updateTable('sys_region').set(set).where('id', '=', id).execute(),
  remove: (db: TenantDb, id: number) => db.deleteFrom('sys_region').where('id', '=', id).execute(),
  /** Writes the rows of an import in one transaction: inserts in batches, then updates. */
  importRows: (
    db: TenantDb,
    inserts: (SysRegionTable & { id: number })[],
    updates: { id: number; set: Partial<SysRegionTable> }[],
  ) =>
    db.transaction().execute(async (trx) => {
      for (let i = 0; i < inserts.length; i += 200) {
        await trx
          .insertInto('sys_region')
          .values(inserts.slice(i, i + 200))
          .execute();
      }
      for (const u of updates) await trx.updateTable('sys_region').set(u.set).where('id', '=', u.id).execute();
    }),
};
