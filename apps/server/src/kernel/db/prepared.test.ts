import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { prepared } from './prepared';

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
});
