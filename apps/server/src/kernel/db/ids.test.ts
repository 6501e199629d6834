import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './connect';
import { createIdGenerator, idTime, MAX_NODE, seedId } from './ids';
import { migrateToLatest } from './migrate';
import { leaseNodeNumber } from './node-lease';

const EPOCH = Date.UTC(2025, 0, 1);
/** Node number and sequence encoded in an id (5 + 7 low bits). */
const nodeOf = (id: number) => Math.floor(id / 2 ** 7) % 2 ** 5;
const seqOf = (id: number) => id % 2 ** 7;

describe('createIdGenerator', () => {
  it('mints 200,000 unique, strictly increasing, safe integers', () => {
    const gen = createIdGenerator(3);
    const ids = new Array<number>(200_000);
    for (let i = 0; i < ids.length; i++) ids[i] = gen.next();
    for (let i = 1; i < ids.length; i++) {
      if (!(ids[i]! > ids[i - 1]!)) throw new Error(`id ${i} (${ids[i]}) is not above ${ids[i - 1]}`);
    }
    expect(new Set(ids).size).toBe(200_000);
    expect(ids.every((id) => Number.isSafeInteger(id) && id > 0 && id <= Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(ids.every((id) => nodeOf(id) === 3)).toBe(true);
  });

  it('encodes the time, the node and a sequence that restarts each millisecond', () => {
    const t0 = Date.UTC(2026, 10, 21, 10, 11, 12, 345);
    let now = t0;
    const gen = createIdGenerator(17, () => now);
    const a = gen.next();
    const b = gen.next();
    now += 1;
    const c = gen.next();
    expect(a).toBe((t0 - EPOCH) * 4096 + 17 * 128);
    expect(b).toBe(a + 1);
    expect([nodeOf(a), seqOf(a), nodeOf(b), seqOf(b), seqOf(c)]).toEqual([17, 0, 17, 1, 0]);
    expect(idTime(a)).toBe(t0);
    expect(idTime(c)).toBe(t0 + 1);
    expect(gen.node).toBe(17);
  });

  it('round-trips idTime for real and mocked clocks', () => {
    const before = Date.now();
    const id = createIdGenerator(0).next();
    const after = Date.now();
    expect(idTime(id)).toBeGreaterThanOrEqual(before);
    expect(idTime(id)).toBeLessThanOrEqual(after);
    for (const t of [EPOCH, EPOCH + 1, Date.UTC(2030, 5, 1), Date.UTC(2090, 0, 1)]) {
      const gen = createIdGenerator(MAX_NODE, () => t);
      expect(idTime(gen.next())).toBe(t);
    }
  });

  it('stays below 2^53 for the whole life of the epoch (about 69 years)', () => {
    const lastMs = EPOCH + 2 ** 41 - 1;
    const id = createIdGenerator(MAX_NODE, () => lastMs).next();
    expect(Number.isSafeInteger(id)).toBe(true);
    expect(id).toBe(2 ** 53 - 1 - 127);
  });

  it('never collides between two nodes on the same clock', () => {
    let now = Date.UTC(2026, 0, 1);
    const clock = () => now;
    const a = createIdGenerator(1, clock);
    const b = createIdGenerator(2, clock);
    const seen = new Set<number>();
    for (let i = 0; i < 50_000; i++) {
      // several ids per millisecond, including sequence overflow, the clock creeping forward
      if (i % 300 === 0) now += 1;
      const x = a.next();
      const y = b.next();
      expect(seen.has(x) || seen.has(y) || x === y).toBe(false);
      seen.add(x);
      seen.add(y);
    }
    expect(seen.size).toBe(100_000);
  });

  it('never repeats an id when the clock goes backwards', () => {
    const times = [5_000_000, 5_000_000, 5_000_001, 4_990_000, 4_990_000, 4_000_000, 5_000_001, 5_000_002, 1];
    let i = 0;
    const gen = createIdGenerator(9, () => EPOCH + (times[Math.min(i++, times.length - 1)] as number));
    const ids: number[] = [];
    for (let k = 0; k < 1_000; k++) ids.push(gen.next());
    expect(new Set(ids).size).toBe(ids.length);
    for (let k = 1; k < ids.length; k++) expect(ids[k]).toBeGreaterThan(ids[k - 1] as number);
    // the ids minted while the clock was behind stay on the last millisecond seen
    expect(idTime(ids[3] as number)).toBe(EPOCH + 5_000_001);
  });

  it('borrows the next millisecond after 128 ids in one', () => {
    const t = EPOCH + 1_000;
    const gen = createIdGenerator(4, () => t);
    const ids = Array.from({ length: 300 }, () => gen.next());
    expect(idTime(ids[127] as number)).toBe(t);
    expect(seqOf(ids[127] as number)).toBe(127);
    expect(idTime(ids[128] as number)).toBe(t + 1);
    expect(seqOf(ids[128] as number)).toBe(0);
    expect(idTime(ids[299] as number)).toBe(t + 2);
    expect(new Set(ids).size).toBe(300);
  });

  it('refuses node numbers outside 0..31', () => {
    expect(MAX_NODE).toBe(31);
    for (const bad of [-1, 32, 1.5, Number.NaN]) expect(() => createIdGenerator(bad)).toThrow(/node must be 0\.\.31/);
    expect(createIdGenerator(0).node).toBe(0);
    expect(createIdGenerator(31).node).toBe(31);
  });
});

describe('seedId', () => {
  it('is stable: the same key always gives the same id', () => {
    // these ids are stored in every database ever seeded: they may never change
    expect(seedId('tenant.default')).toBe(seedId('tenant.default'));
    expect({
      tenant: seedId('tenant.default'),
      superadmin: seedId('user.superadmin'),
      admin: seedId('user.admin'),
      menu: seedId('menu.platform.config'),
    }).toMatchInlineSnapshot(`
      {
        "admin": 1462353513719,
        "menu": 1145972112257,
        "superadmin": 1441919796854,
        "tenant": 1012814098910,
      }
    `);
  });

  it('is distinct for 1,000 keys, in its reserved range, and below every id minted today', () => {
    const keys = Array.from({ length: 1_000 }, (_, i) => `menu.key.${i}`);
    const ids = keys.map(seedId);
    expect(new Set(ids).size).toBe(1_000);
    const generatedNow = createIdGenerator(0).next();
    for (const id of ids) {
      expect(Number.isSafeInteger(id)).toBe(true);
      expect(id).toBeGreaterThanOrEqual(1_000_000_000_000);
      expect(id).toBeLessThan(1_000_000_000_000 + 2 ** 39);
      expect(id).toBeLessThan(generatedNow);
    }
    // generated ids pass the top of the seed range within five days of the epoch
    expect(createIdGenerator(0, () => EPOCH + 5 * 86_400_000).next()).toBeGreaterThan(1_000_000_000_000 + 2 ** 39);
  });
});

describe('leaseNodeNumber (SQLite)', () => {
  let dir: string;
  let handle: ReturnType<typeof openDatabase>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shelfwise-lease-'));
    handle = openDatabase(`sqlite:${join(dir, 'lease.db')}`);
    await migrateToLatest(handle.db);
  });
  beforeEach(async () => {
    await handle.db.deleteFrom('sys_node').execute();
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives two leases on one database different numbers, and reuses a released one', async () => {
    const a = await leaseNodeNumber(handle.db);
    const b = await leaseNodeNumber(handle.db);
    expect(a.node).not.toBe(b.node);
    expect([a.node, b.node]).toEqual([0, 1]);
    const rows = await handle.db.selectFrom('sys_node').select(['node_no', 'instance_id']).orderBy('node_no').execute();
    expect(rows.map((r) => r.node_no)).toEqual([0, 1]);
    expect(rows[0]?.instance_id).not.toBe(rows[1]?.instance_id);

    await a.release();
    const c = await leaseNodeNumber(handle.db);
    expect(c.node).toBe(a.node);
    const d = await leaseNodeNumber(handle.db);
    expect(d.node).toBe(2);
    for (const l of [b, c, d]) await l.release();
    expect(await handle.db.selectFrom('sys_node').select('node_no').execute()).toEqual([]);
  });

  it('takes over a lease whose heartbeat is older than a minute, never a live one', async () => {
    const a = await leaseNodeNumber(handle.db);
    const b = await leaseNodeNumber(handle.db);
    expect([a.node, b.node]).toEqual([0, 1]);
    // node 0's process died two minutes ago; node 1 is alive
    await handle.db
      .updateTable('sys_node')
      .set({ heartbeat_at: Date.now() - 120_000 })
      .where('node_no', '=', 0)
      .execute();
    const t0 = Date.now();
    const c = await leaseNodeNumber(handle.db, () => t0);
    expect(c.node).toBe(0);
    const row = await handle.db
      .selectFrom('sys_node')
      .select(['heartbeat_at', 'instance_id'])
      .where('node_no', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(row.heartbeat_at)).toBe(t0);
    const d = await leaseNodeNumber(handle.db);
    expect(d.node).toBe(2);
    // the process that lost its lease cannot delete the new holder's row
    await a.release();
    const left = await handle.db.selectFrom('sys_node').select(['node_no', 'instance_id']).orderBy('node_no').execute();
    expect(left.map((r) => r.node_no)).toEqual([0, 1, 2]);
    expect(left[0]?.instance_id).toBe(row.instance_id);
    for (const l of [b, c, d]) await l.release();
  });

  it('fails clearly when all 32 numbers are held by live processes', async () => {
    const leases = [];
    for (let i = 0; i <= MAX_NODE; i++) leases.push(await leaseNodeNumber(handle.db));
    expect(new Set(leases.map((l) => l.node)).size).toBe(32);
    await expect(leaseNodeNumber(handle.db)).rejects.toThrow(/All 32 node numbers are leased/);
    for (const l of leases) await l.release();
  });
});
