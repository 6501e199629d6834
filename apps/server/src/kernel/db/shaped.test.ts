import { describe, expect, it } from 'vitest';
import { openDatabase } from './connect';
import { createShapedQueries, type ShapeValue } from './shaped';

describe('shaped queries', () => {
  it('compiles once per shape, binds every value, and keeps shapes apart', async () => {
    // the kernel's own SQLite connection: rows come back through its array-to-object statements
    const { db: typed, close } = openDatabase(':memory:');
    const db = typed as never as import('kysely').Kysely<{ item: { id: number; tenant_id: number; name: string } }>;
    await db.schema
      .createTable('item')
      .addColumn('id', 'integer')
      .addColumn('tenant_id', 'integer')
      .addColumn('name', 'text')
      .execute();
    await db
      .insertInto('item')
      .values([
        { id: 1, tenant_id: 1, name: 'apple' },
        { id: 2, tenant_id: 2, name: 'banana' },
        { id: 3, tenant_id: 1, name: 'cherry' },
        { id: 4, tenant_id: 1, name: "x' or 1=1 --" },
      ])
      .execute();
    const shaped = createShapedQueries(db as never);
    let builds = 0;
    const find = (args: Record<string, ShapeValue>, desc = false) =>
      shaped('items', args, desc ? 'desc' : 'asc', (p) => {
        builds++;
        let q = db.selectFrom('item').select(['id', 'name']).where('tenant_id', '=', p('tenantId'));
        if ('name' in args) q = q.where('name', '=', p('name'));
        const ids = Object.keys(args).filter((k) => k.startsWith('ids.'));
        if (ids.length)
          q = q.where(
            'id',
            'in',
            ids.map((k) => p(k)),
          );
        return q.orderBy('id', desc ? 'desc' : 'asc');
      });

    expect((await find({ tenantId: 1 })).map((r) => r.id)).toEqual([1, 3, 4]);
    expect((await find({ tenantId: 2 })).map((r) => r.id)).toEqual([2]);
    expect(builds).toBe(1);
    // another filter, another order: other shapes
    expect(await find({ tenantId: 1, name: 'cherry' })).toEqual([{ id: 3, name: 'cherry' }]);
    expect((await find({ tenantId: 1 }, true)).map((r) => r.id)).toEqual([4, 3, 1]);
    expect(builds).toBe(3);
    // a value that looks like SQL is a value
    expect((await find({ tenantId: 1, name: "x' or 1=1 --" })).map((r) => r.id)).toEqual([4]);
    expect((await find({ tenantId: 1, name: 'nothing' })).length).toBe(0);
    // list lengths are part of the shape
    expect((await find({ tenantId: 1, 'ids.0': 3 })).map((r) => r.id)).toEqual([3]);
    expect((await find({ tenantId: 1, 'ids.0': 1, 'ids.1': 4 })).map((r) => r.id)).toEqual([1, 4]);
    expect(builds).toBe(5);
    // a build that binds a name it was not given is a bug, caught at once
    await expect(
      shaped('broken', { tenantId: 1 }, '', (p) => db.selectFrom('item').where('id', '=', p('id'))),
    ).rejects.toThrow(/no argument id/);
    // a value written in rather than bound is refused: it would be reused for every later caller of the shape
    await expect(
      shaped('frozen', { tenantId: 1 }, '', (p) =>
        db.selectFrom('item').select('id').where('tenant_id', '=', p('tenantId')).where('id', '=', 3),
      ),
    ).rejects.toThrow(/not bound/);
    await close();
  });

  it('reads rows of every column kind through the statement cache, including duplicate and odd names', async () => {
    const { db, close } = openDatabase(':memory:');
    const { sql } = await import('kysely');
    const row = await sql<
      Record<string, unknown>
    >`select 1 as a, 'two' as "b c", null as "d""e", 2.5 as a2, x'00ff' as blob`.execute(db);
    expect(row.rows).toEqual([{ a: 1, 'b c': 'two', 'd"e': null, a2: 2.5, blob: Buffer.from([0, 255]) }]);
    // the same column name twice: the last one wins, as with the library's own row objects
    const dup = await sql<Record<string, unknown>>`select 1 as x, 2 as x`.execute(db);
    expect(dup.rows).toEqual([{ x: 2 }]);
    // a __proto__ column does not become the prototype
    const proto = await sql<Record<string, unknown>>`select 1 as "__proto__", 3 as y`.execute(db);
    expect(Object.getPrototypeOf(proto.rows[0])).toBe(Object.prototype);
    expect(proto.rows[0]?.y).toBe(3);
    await close();
  });
});
