import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../../test/databases';
import { type Db, openDatabase } from './connect';
import { migrateToLatest } from './migrate';
import { createTenantDatabases, type TenantDb } from './tenant-db';
import { TenantColumnWritten } from './tenant-plugin';
import {
  createTenantShapedQueries,
  type Param,
  tenantPrepared,
  tenantPreparedInsert,
  tenantStatement,
} from './tenant-prepared';

const A = 101;
const B = 202;
const audit = { created_at: 1, created_by: null, updated_at: null, updated_by: null };
const consignor = (id: number, tenant: number, code: string) => ({
  id,
  tenant_id: tenant,
  code,
  name: `${code} name`,
  contact_name: null,
  contact_phone: null,
  email: null,
  address: null,
  status: 1,
  remark: null,
  ...audit,
});
const sku = (id: number, tenant: number, consignorId: number, code: string) => ({
  id,
  tenant_id: tenant,
  consignor_id: consignorId,
  code,
  name: `${code} name`,
  unit: null,
  box_gauge: null,
  unit_weight: null,
  unit_volume: null,
  unit_value: null,
  status: 1,
  remark: null,
  ...audit,
});

/**
 * The tenant scope on a real database of each dialect: two tenants' rows side by side, and every kind of statement a
 * repository writes (joins, subqueries, CTEs, unions, updates, deletes, inserts, INSERT ... SELECT, transactions) sees
 * and changes only the caller's.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`tenant database [${dialect}]`, () => {
    let test: TestDatabase;
    let opened: Db;
    let a: TenantDb;
    let b: TenantDb;
    beforeAll(async () => {
      test = await createTestDatabase(dialect);
      opened = openDatabase(test.url);
      await migrateToLatest(opened.db);
      const tenantDb = createTenantDatabases(opened.db);
      a = tenantDb({ tenantId: A });
      b = tenantDb({ tenantId: B });
    });
    beforeAll(async () => {
      const db = opened.db;
      await db
        .insertInto('wh_consignor')
        .values([consignor(1, A, 'ACME'), consignor(2, B, 'ACME'), consignor(3, B, 'BOLT')])
        .execute();
      await db
        .insertInto('wh_sku')
        .values([sku(11, A, 1, 'S1'), sku(12, A, 1, 'S2'), sku(21, B, 2, 'S1'), sku(22, B, 3, 'S9')])
        .execute();
      // a row of B that names A's consignor: a join must still not reach across tenants
      await db
        .insertInto('wh_sku')
        .values(sku(23, B, 1, 'X1'))
        .execute();
    });
    afterAll(async () => {
      await opened?.close();
      await test?.drop();
    });

    it('selects only the tenant rows, with aliases, joins and left joins', async () => {
      expect((await a.selectFrom('wh_consignor').select('code').execute()).map((r) => r.code)).toEqual(['ACME']);
      expect(
        (await b.selectFrom('wh_consignor as c').select('c.code').orderBy('c.code').execute()).map((r) => r.code),
      ).toEqual(['ACME', 'BOLT']);
      const joined = await b
        .selectFrom('wh_sku as s')
        .innerJoin('wh_consignor as c', 'c.id', 's.consignor_id')
        .select(['s.code as sku', 'c.code as consignor'])
        .orderBy('s.code')
        .execute();
      expect(joined).toEqual([
        { sku: 'S1', consignor: 'ACME' },
        { sku: 'S9', consignor: 'BOLT' },
      ]);
      const left = await b
        .selectFrom('wh_sku')
        .leftJoin('wh_consignor', 'wh_consignor.id', 'wh_sku.consignor_id')
        .select(['wh_sku.code', 'wh_consignor.code as consignor'])
        .orderBy('wh_sku.code')
        .execute();
      // X1 names A's consignor: the left join keeps the SKU and finds no consignor
      expect(left).toEqual([
        { code: 'S1', consignor: 'ACME' },
        { code: 'S9', consignor: 'BOLT' },
        { code: 'X1', consignor: null },
      ]);
    });

    it('scopes subqueries, CTEs and unions', async () => {
      const counted = await a
        .selectFrom('wh_consignor as c')
        .select((eb) => [
          'c.code',
          eb.selectFrom('wh_sku as s').whereRef('s.consignor_id', '=', 'c.id').select(eb.fn.countAll().as('n')).as('n'),
        ])
        .execute();
      expect(counted.map((r) => [r.code, Number(r.n)])).toEqual([['ACME', 2]]);
      const inSub = await b
        .selectFrom('wh_sku')
        .select('code')
        .where('consignor_id', 'in', (eb) => eb.selectFrom('wh_consignor').select('id'))
        .orderBy('code')
        .execute();
      expect(inSub.map((r) => r.code)).toEqual(['S1', 'S9']);
      const cte = await a
        .with('mine', (qb) => qb.selectFrom('wh_sku').select(['id', 'code']))
        .selectFrom('mine')
        .select('code')
        .orderBy('code')
        .execute();
      expect(cte.map((r) => r.code)).toEqual(['S1', 'S2']);
      const union = await a
        .selectFrom('wh_sku')
        .select('code')
        .union((eb) => eb.selectFrom('wh_consignor').select('code'))
        .execute();
      expect(union.map((r) => r.code).sort()).toEqual(['ACME', 'S1', 'S2']);
    });

    it('updates and deletes only the tenant rows', async () => {
      const r = await a.updateTable('wh_sku').set({ remark: 'seen' }).executeTakeFirst();
      expect(Number(r.numUpdatedRows)).toBe(2);
      expect(
        await opened.db.selectFrom('wh_sku').select('id').where('remark', '=', 'seen').orderBy('id').execute(),
      ).toEqual([{ id: 11 }, { id: 12 }]);
      const d = await b.deleteFrom('wh_sku').where('code', '=', 'S1').executeTakeFirst();
      expect(Number(d.numDeletedRows)).toBe(1);
      expect(
        await opened.db.selectFrom('wh_sku').select(['id']).where('code', '=', 'S1').orderBy('id').execute(),
      ).toEqual([{ id: 11 }]);
    });

    it('sets the tenant on inserts, also INSERT ... SELECT and in transactions', async () => {
      await a.insertInto('wh_consignor').values(consignorOf(4, 'CORE')).execute();
      await b.transaction().execute(async (trx) => {
        await trx.insertInto('wh_consignor').values(consignorOf(5, 'CORE')).execute();
        expect((await trx.selectFrom('wh_consignor').select('id').where('code', '=', 'CORE').execute()).length).toBe(1);
      });
      // copies of A's SKUs under new ids: the select is scoped and the rows land in A
      await a
        .insertInto('wh_sku')
        .columns(['id', 'consignor_id', 'code', 'name', 'status', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('wh_sku')
            .select([
              sql<number>`wh_sku.id + 1000`.as('id'),
              'consignor_id',
              sql<string>`${sql.lit('C')} || wh_sku.code`.as('code'),
              'name',
              'status',
              'created_at',
            ]),
        )
        .execute()
        .catch(async (e) => {
          // MySQL has no `||` for strings; the statement shape is what is under test
          if (dialect !== 'mysql') throw e;
          await a
            .insertInto('wh_sku')
            .columns(['id', 'consignor_id', 'code', 'name', 'status', 'created_at'])
            .expression((eb) =>
              eb
                .selectFrom('wh_sku')
                .select([
                  sql<number>`wh_sku.id + 1000`.as('id'),
                  'consignor_id',
                  sql<string>`concat('C', wh_sku.code)`.as('code'),
                  'name',
                  'status',
                  'created_at',
                ]),
            )
            .execute();
        });
      const rows = await opened.db
        .selectFrom('wh_consignor')
        .select(['id', 'tenant_id'])
        .where('code', '=', 'CORE')
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 4, tenant_id: A },
        { id: 5, tenant_id: B },
      ]);
      const copies = await opened.db
        .selectFrom('wh_sku')
        .select(['id', 'tenant_id', 'code'])
        .where('id', '>', 1000)
        .orderBy('id')
        .execute();
      expect(copies).toEqual([
        { id: 1011, tenant_id: A, code: 'CS1' },
        { id: 1012, tenant_id: A, code: 'CS2' },
      ]);
    });

    it('refuses a query that writes the tenant column itself', async () => {
      const raw = a as unknown as typeof opened.db;
      expect(() =>
        raw
          .insertInto('wh_consignor')
          .values(consignor(6, B, 'EVIL'))
          .compile(),
      ).toThrow(TenantColumnWritten);
      expect(() => raw.updateTable('wh_consignor').set({ tenant_id: B }).compile()).toThrow(TenantColumnWritten);
      expect(await opened.db.selectFrom('wh_consignor').select('id').where('code', '=', 'EVIL').execute()).toEqual([]);
    });

    it('puts a joined table condition in the ON clause and binds the tenant as a parameter', () => {
      const q = a
        .selectFrom('wh_sku as s')
        .leftJoin('wh_consignor as c', 'c.id', 's.consignor_id')
        .select('s.id')
        .compile();
      expect(q.sql.replace(/[`"]/g, '')).toMatch(
        /left join wh_consignor as c on c\.id = s\.consignor_id and c\.tenant_id = /,
      );
      expect(q.sql.replace(/[`"]/g, '')).toMatch(/where s\.tenant_id = /);
      expect(q.parameters).toEqual([A, A]);
    });

    it('runs statements compiled once for all tenants with the tenant of the handle they run on', async () => {
      let builds = 0;
      const byCode = tenantPrepared((db, p: Param<{ code: string }>) => {
        builds++;
        return db
          .selectFrom('wh_sku as s')
          .innerJoin('wh_consignor as c', 'c.id', 's.consignor_id')
          .select(['s.id', 'c.code as consignor'])
          .where('s.code', '=', p('code'));
      });
      expect(await byCode(a, { code: 'S1' })).toEqual([{ id: 11, consignor: 'ACME' }]);
      expect(await byCode(b, { code: 'S9' })).toEqual([{ id: 22, consignor: 'BOLT' }]);
      expect(await byCode(a, { code: 'S9' })).toEqual([]);
      // X1 is B's row naming A's consignor: the join's tenant condition is bound too
      expect(await byCode(b, { code: 'X1' })).toEqual([]);
      expect(builds).toBe(1);

      // in a transaction of the tenant database, on its connection
      const rename = tenantStatement((db, p: Param<{ code: string; name: string }>) =>
        db
          .updateTable('wh_consignor')
          .set({ name: p('name') })
          .where('code', '=', p('code')),
      );
      await b.transaction().execute(async (trx) => {
        await rename(trx, { code: 'ACME', name: 'renamed by B' });
      });
      const names = await opened.db
        .selectFrom('wh_consignor')
        .select(['id', 'name'])
        .where('code', '=', 'ACME')
        .orderBy('id')
        .execute();
      expect(names).toEqual([
        { id: 1, name: 'ACME name' },
        { id: 2, name: 'renamed by B' },
      ]);

      // shaped: one compiled statement per set of arguments, lists bound element by element
      const shaped = createTenantShapedQueries();
      const page = (tdb: TenantDb, args: Record<string, string | number>) =>
        shaped(tdb, 'skus', args, '', (db, param) => {
          let q = db.selectFrom('wh_sku').select('id').orderBy('id');
          if ('code' in args) q = q.where('code', '=', param('code'));
          const ids = Object.keys(args).filter((k) => k.startsWith('ids.'));
          if (ids.length)
            q = q.where(
              'id',
              'in',
              ids.map((k) => param(k)),
            );
          return q;
        });
      // A's two rows and the two INSERT ... SELECT copied above; B's S1 was deleted above
      expect((await page(a, {})).map((r) => r.id)).toEqual([11, 12, 1011, 1012]);
      expect((await page(b, {})).map((r) => r.id)).toEqual([22, 23]);
      expect((await page(b, { 'ids.0': 11, 'ids.1': 22 })).map((r) => r.id)).toEqual([22]);
      expect((await page(a, { code: 'S2' })).map((r) => r.id)).toEqual([12]);

      // a value written into the statement instead of bound would be frozen for every tenant: refused
      const frozen = tenantPrepared((db) => db.selectFrom('wh_sku').select('id').where('code', '=', 'S1'));
      await expect(frozen(a, {})).rejects.toThrow(/not bound through param/);
      // a handle that is not tenant-bound is refused before anything runs
      await expect(byCode(opened.db, { code: 'S1' })).rejects.toThrow(/not a tenant database/);
    });

    it('bulk-inserts rows compiled once per row count with the tenant of the handle', async () => {
      const insert = tenantPreparedInsert('wh_consignor', ['id', 'code', 'name', 'status', 'created_at']);
      await insert(a, [301, 'BULK1', 'bulk one', 1, 5, 302, 'BULK2', 'bulk two', 1, 5]);
      await b.transaction().execute(async (trx) => insert(trx, [303, 'BULK3', 'bulk three', 1, 5]));
      const rows = await opened.db
        .selectFrom('wh_consignor')
        .select(['id', 'tenant_id'])
        .where('id', 'in', [301, 302, 303])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 301, tenant_id: A },
        { id: 302, tenant_id: A },
        { id: 303, tenant_id: B },
      ]);
      await expect(insert(a, [304, 'ODD'])).rejects.toThrow(/not rows of 5/);
    });
  });
}

function consignorOf(id: number, code: string) {
  const { tenant_id: _ignored, ...row } = consignor(id, 0, code);
  return row;
}
