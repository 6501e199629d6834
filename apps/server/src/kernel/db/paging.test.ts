import SQLite from 'better-sqlite3';
import { Kysely, type SelectQueryBuilder, SqliteDialect } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { COUNT_CAP, OFFSET_MAX, type Page, type PageRequest, paginate, paginateShaped } from './paging';
import type { TenantDb } from './tenant-db';
import { TenantScopePlugin } from './tenant-plugin';
import { createTenantShapedQueries } from './tenant-prepared';

interface Db {
  item: { id: number; code: string; grp: number; created_at: number };
}

type Row = { id: number; code: string };

const ROWS = 2 * COUNT_CAP + 37;
const SORT = { code: 'item.code', createTime: 'item.created_at' };
const BY_CODE = { column: 'item.code', desc: false };

/** Paging of a list bigger than the count cap, by number and by cursor, plain and shaped. */
describe('paging', () => {
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  const plain = (req: PageRequest, grp?: number): Promise<Page<Row>> => {
    let q = db.selectFrom('item').select(['id', 'code']);
    if (grp !== undefined) q = q.where('grp', '=', grp);
    return paginate(q, req, SORT, BY_CODE, 'item.id');
  };
  // shaped statements run on a tenant database; the test table is not tenant-owned, so the scope adds nothing to it
  const tdb = db.withPlugin(new TenantScopePlugin(1, new Set())) as unknown as TenantDb;
  const shaped = createTenantShapedQueries();
  const viaShapes = (req: PageRequest, grp?: number): Promise<Page<Row>> => {
    const args: Record<string, number> = grp === undefined ? {} : { grp };
    const matching = (sdb: TenantDb, p: (k: string) => never) => {
      const q = (sdb as unknown as Kysely<Db>).selectFrom('item');
      return 'grp' in args ? q.where('grp', '=', p('grp')) : q;
    };
    return paginateShaped(
      shaped,
      tdb,
      'items',
      args,
      req,
      SORT,
      BY_CODE,
      'item.id',
      matching,
      (sdb, p) => matching(sdb, p).select(['id', 'code']) as SelectQueryBuilder<Db, 'item', Row>,
    );
  };

  beforeAll(async () => {
    await db.schema
      .createTable('item')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('grp', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    // codes repeat in pairs so the id must break ties; ids are not in code order
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      id: ((i * 7919) % ROWS) + 1,
      code: `C${String(Math.floor(i / 2)).padStart(5, '0')}`,
      grp: i % 100 === 0 ? 1 : 2,
      created_at: i,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('item')
        .values(rows.slice(i, i + 500))
        .execute();
  });

  for (const [name, page] of [
    ['built on every call', plain],
    ['shaped', viaShapes],
  ] as const) {
    describe(name, () => {
      it('counts a small list exactly and a big one up to the cap, exactly on request', async () => {
        const small = await page({ page: 1, pageSize: 20 }, 1);
        expect(small).toMatchObject({ total: Math.ceil(ROWS / 100), totalExact: true, hasNextPage: true });
        const big = await page({ page: 1, pageSize: 20 });
        expect(big).toMatchObject({ total: COUNT_CAP + 1, totalExact: false, hasPrevPage: false, hasNextPage: true });
        expect(big.items).toHaveLength(20);
        const exact = await page({ page: 1, pageSize: 20, exactTotal: true });
        expect(exact).toMatchObject({ total: ROWS, totalExact: true, totalPages: Math.ceil(ROWS / 20) });
      });

      it('walks every row by cursor, forwards and back, exactly as pages by number show them', async () => {
        const size = 250;
        const seen: number[] = [];
        let req: PageRequest = { page: 1, pageSize: size };
        const cursors: (string | undefined)[] = [];
        for (let n = 1; ; n++) {
          const p = await page(req);
          expect(p.page).toBe(n);
          seen.push(...p.items.map((r) => r.id));
          if (!p.hasNextPage) break;
          expect(p.nextCursor).toBeTruthy();
          cursors.push(p.nextCursor ?? undefined);
          req = { page: 1, pageSize: size, cursor: p.nextCursor ?? undefined };
        }
        expect(seen).toHaveLength(ROWS);
        expect(new Set(seen).size).toBe(ROWS);
        const ordered = await db.selectFrom('item').select('id').orderBy('code').orderBy('id').execute();
        expect(seen).toEqual(ordered.map((r) => r.id));
        // by number, where the offset is allowed, the same pages
        const third = await page({ page: 3, pageSize: size });
        expect(third.items.map((r) => r.id)).toEqual(seen.slice(2 * size, 3 * size));
        // back from the last page to the first
        const last = await page({ page: 1, pageSize: size, cursor: cursors[cursors.length - 1] });
        let back = last;
        const backwards: number[][] = [last.items.map((r) => r.id)];
        while (back.hasPrevPage) {
          back = await page({ page: 1, pageSize: size, cursor: back.prevCursor ?? undefined });
          backwards.unshift(back.items.map((r) => r.id));
        }
        expect(back.page).toBe(1);
        expect(backwards.flat()).toEqual(seen);
      });

      it('refuses a page number deeper than the offset limit and pages another sort by number', async () => {
        const deep = OFFSET_MAX / 20 + 2;
        await expect(page({ page: deep, pageSize: 20 })).rejects.toThrow(AppError);
        await expect(page({ page: deep, pageSize: 20 })).rejects.toThrow('pageTooDeep');
        const byTime = await page({ page: 2, pageSize: 20, field: 'createTime', order: 'descending' });
        expect(byTime.nextCursor ?? null).toBeNull();
        expect(byTime.hasNextPage).toBe(true);
        // a cursor made for another order, or damaged, pages by number instead
        const first = await page({ page: 1, pageSize: 20 });
        const other = await page({
          page: 2,
          pageSize: 20,
          field: 'createTime',
          order: 'descending',
          cursor: first.nextCursor ?? undefined,
        });
        expect(other.items).toEqual(byTime.items);
        const damaged = await page({ page: 2, pageSize: 20, cursor: 'not a cursor' });
        expect(damaged.items.map((r) => r.id)).toEqual((await page({ page: 2, pageSize: 20 })).items.map((r) => r.id));
      });
    });
  }
});
