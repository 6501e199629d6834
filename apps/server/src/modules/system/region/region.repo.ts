import type { InputOf, sysRegion } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, SysRegionTable } from '../../../kernel/db/schema';

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

const baseQuery = (db: Kysely<Database>) =>
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

/** Data access of regions. `sys_region` is platform-wide (not tenant-owned): every signed-in user reads it. */
export function createRegionRepo(db: Kysely<Database>) {
  const base = () => baseQuery(db);

  return {
    page: (input: InputOf<typeof sysRegion.page>) =>
      paginate(applyFilter(base(), input), input, SORT, { column: 'r.level', desc: false }, 'r.id'),
    /** Every region of the filters, parents before children (the export). */
    all: (f: RegionFilters): Promise<RegionRow[]> =>
      applyFilter(base(), f).orderBy('r.level').orderBy('r.order_no').orderBy('r.code').orderBy('r.id').execute(),
    children: (pid: number): Promise<RegionRow[]> =>
      base().where('r.pid', '=', pid).orderBy('r.order_no').orderBy('r.code').orderBy('r.id').execute(),
    byId: (id: number): Promise<RegionRow | undefined> => base().where('r.id', '=', id).executeTakeFirst(),
    /** Every row, plain (the import matches against them). */
    plain: () => db.selectFrom('sys_region').selectAll().execute(),
    codeTaken: async (pid: number, code: string, exceptId?: number) => {
      let q = db.selectFrom('sys_region').select('id').where('pid', '=', pid).where('code', '=', code);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    hasChildren: async (id: number) =>
      (await db.selectFrom('sys_region').select('id').where('pid', '=', id).executeTakeFirst()) !== undefined,
    insert: (rows: (SysRegionTable & { id: number })[]) => db.insertInto('sys_region').values(rows).execute(),
    update: (id: number, set: Partial<SysRegionTable>) =>
      db.updateTable('sys_region').set(set).where('id', '=', id).execute(),
    remove: (id: number) => db.deleteFrom('sys_region').where('id', '=', id).execute(),
  };
}
