import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Param, prepared, preparedInsert, preparedStatement } from './prepared';

interface Db {
  item: { id: number; tenant_id: number; name: string };
}

describe('prepared queries', () => {
  it('compiles once and binds new values on every call', async () => {
    const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await db.schema
      .createTable('item')
      .addColumn('id', 'integer')
      .addColumn('tenant_id', 'integer')
      .addColumn('name', 'text')
      .execute();
    await db
      .insertInto('item')
      .values([
        { id: 1, tenant_id: 1, name: 'a' },
        { id: 2, tenant_id: 2, name: 'b' },
        { id: 3, tenant_id: 1, name: 'c' },
      ])
      .execute();
    let builds = 0;
    const byTenant = prepared<{ tenantId: number; minId: number }, { id: number }>(db as Kysely<unknown>, (p) => {
      builds++;
      return db
        .selectFrom('item')
        .select('id')
        .where('tenant_id', '=', p('tenantId'))
        .where('id', '>=', p('minId'))
        .orderBy('id');
    });
    expect((await byTenant({ tenantId: 1, minId: 0 })).map((r) => r.id)).toEqual([1, 3]);
    expect((await byTenant({ tenantId: 2, minId: 0 })).map((r) => r.id)).toEqual([2]);
    expect((await byTenant({ tenantId: 1, minId: 2 })).map((r) => r.id)).toEqual([3]);
    // values that look like SQL stay values
    expect(await byTenant({ tenantId: '1 OR 1=1' as unknown as number, minId: 0 })).toEqual([]);
    expect(builds).toBe(1);
    await expect(byTenant({ tenantId: 1 } as never)).rejects.toThrow(/missing parameter minId/);
    await db.destroy();
  });

  it('inserts rows given as flat values, in the caller’s transaction, compiled once per row count', async () => {
    const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await db.schema
      .createTable('item')
      .addColumn('id', 'integer')
      .addColumn('tenant_id', 'integer')
      .addColumn('name', 'text')
      .execute();
    const insert = preparedInsert(db, 'item', ['id', 'tenant_id', 'name']);
    await insert([1, 1, 'a', 2, 1, 'b']);
    await insert([3, 2, "c'); drop table item; --"]);
    await expect(
      db.transaction().execute(async (trx) => {
        await insert([4, 1, 'd'], trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await insert([]);
    await expect(insert([5, 1])).rejects.toThrow(/not rows of 3/);
    const rows = await db.selectFrom('item').selectAll().orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, tenant_id: 1, name: 'a' },
      { id: 2, tenant_id: 1, name: 'b' },
      { id: 3, tenant_id: 2, name: "c'); drop table item; --" },
    ]);
    await db.destroy();
  });

  it('runs statements on the database or a transaction given per call; refuses values not bound', async () => {
    const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await db.schema
      .createTable('item')
      .addColumn('id', 'integer')
      .addColumn('tenant_id', 'integer')
      .addColumn('name', 'text')
      .execute();
    await db
      .insertInto('item')
      .values([{ id: 1, tenant_id: 1, name: 'a' }])
      .execute();
    let builds = 0;
    const rename = preparedStatement((d, p: Param<{ tenantId: number; id: number; name: string }>) => {
      builds++;
      return (d as Kysely<Db>)
        .updateTable('item')
        .set({ name: p('name') })
        .where('tenant_id', '=', p('tenantId'))
        .where('id', '=', p('id'))
        .where('name', '<>', sql.lit('frozen'));
    });
    expect(Number((await rename(db, { tenantId: 1, id: 1, name: 'b' })).numAffectedRows)).toBe(1);
    await db.transaction().execute((trx) => rename(trx, { tenantId: 1, id: 1, name: 'c' }));
    expect(Number((await rename(db, { tenantId: 2, id: 1, name: 'x' })).numAffectedRows)).toBe(0);
    expect(builds).toBe(1);
    expect((await db.selectFrom('item').select('name').executeTakeFirstOrThrow()).name).toBe('c');
    await expect(rename(db, { tenantId: 1, id: 1 } as never)).rejects.toThrow(/missing parameter name/);
    const frozen = preparedStatement((d, p: Param<{ id: number }>) =>
      (d as Kysely<Db>).selectFrom('item').select('id').where('id', '=', p('id')).where('tenant_id', '=', 1),
    );
    await expect(frozen(db, { id: 1 })).rejects.toThrow(/not bound through param/);
    await db.destroy();
  });
});
