import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from './scan-batch';

interface Db {
  t: { id: number };
}

describe('write batcher', () => {
  it('runs work sent together in one transaction; a piece that fails is rolled back alone', async () => {
    let transactions = 0;
    const db = new Kysely<Db>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
      log: (e) => {
        if (e.level === 'query' && e.query.sql === 'begin') transactions++;
      },
    });
    await db.schema
      .createTable('t')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
    const batch = createWriteBatcher(db);
    const insert = (id: number, fail = false) =>
      batch(async (trx) => {
        await trx.insertInto('t').values({ id }).execute();
        if (fail) throw new Error(`refused ${id}`);
        return id;
      });
    const results = await Promise.allSettled([insert(1), insert(1), insert(2), insert(3, true), insert(4)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[3] as PromiseRejectedResult).reason.message).toBe('refused 3');
    expect(transactions).toBe(1);
    const ids = (await db.selectFrom('t').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual([1, 2, 4]);
    // work sent later gets a transaction of its own
    expect(await insert(5)).toBe(5);
    expect(transactions).toBe(2);
    await db.destroy();
  });

  it('a commit that fails fails every piece of its transaction, and none of them is written', async () => {
    const sqlite = new SQLite(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Db & { child: { id: number; parent: number } }>({
      dialect: new SqliteDialect({ database: sqlite }),
    });
    await db.schema
      .createTable('t')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
    // checked when the transaction commits, not when the row is written
    sqlite.exec(
      'create table child (id integer primary key, parent integer references t (id) deferrable initially deferred)',
    );
    const batch = createWriteBatcher(db);
    const results = await Promise.allSettled([
      batch(async (trx) => {
        await trx.insertInto('t').values({ id: 1 }).execute();
        return 1;
      }),
      batch(async (trx) => {
        await trx.insertInto('child').values({ id: 1, parent: 99 }).execute();
        return 2;
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await db.selectFrom('t').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('child').select('id').execute()).toEqual([]);
    await db.destroy();
  });
});
