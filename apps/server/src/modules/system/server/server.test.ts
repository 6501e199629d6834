import { api } from '@shelfwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_SAMPLE_KEYS, WATCH_KEY } from '../../../kernel/monitor/server-monitor';
import { expectError } from '../../../test/assertions';
import { createTestDatabase, type TestDatabase } from '../../../test/databases';
import { describeEachDialect, startTestApp, type TestApp } from '../../../test/harness';

const { sysServer } = api;
const REDIS_URL = process.env.REDIS_URL;

/** The server monitor: this node's facts in Admin.NET's shapes, and every node's background samples. */
describeEachDialect('sysServer', (get) => {
  let superAdmin = '';
  let admin = '';
  let beta = { tenantId: 0, token: '' };

  beforeAll(async () => {
    superAdmin = (await get().login('superadmin')).accessToken;
    admin = (await get().login('admin')).accessToken;
    beta = await get().createTenant('Server Beta');
  });

  it("lists this node's sample: host, OS, CPU, memory, disks, process, database", async () => {
    const t = get();
    // nobody has looked yet: no node samples
    expect(await t.kernel.cache.get(WATCH_KEY)).toBeUndefined();
    expect(await t.kernel.cache.keys(NODE_SAMPLE_KEYS)).toEqual([]);
    const res = await t.call(sysServer.nodeList, {}, { token: superAdmin });
    // a look keeps every node sampling for a while
    expect(await t.kernel.cache.get(WATCH_KEY)).toBe(1);
    expect(res.status).toBe(200);
    const [self] = res.result.nodes;
    expect(self).toMatchObject({ self: true, nodeVersion: process.version, version: expect.any(String) });
    expect(self?.host).not.toBe('');
    expect(self?.cpu.cores).toBeGreaterThan(0);
    expect(self?.cpu.load).toHaveLength(3);
    expect(self?.memory.total).toBeGreaterThan(self?.memory.used ?? Number.POSITIVE_INFINITY);
    expect(self?.process.rss).toBeGreaterThan(0);
    expect(self?.process.loopDelay.p99).toBeGreaterThanOrEqual(0);
    expect(self?.disks.length).toBeGreaterThan(0);
    expect(self?.history.length).toBeGreaterThan(0);
    const kind = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: /^(MySQL|MariaDB)$/ }[t.dialect];
    expect(self?.database.kind).toMatch(kind);
    expect(self?.database.version).not.toBe('');
    expect(self?.database.size).toBeGreaterThan(0);
    // published for the other nodes, served from the sample (no new sample per look)
    expect(await t.kernel.cache.get(`${NODE_SAMPLE_KEYS}${self?.node}`)).toMatchObject({ node: self?.node });
    const again = await t.call(sysServer.nodeList, {}, { token: superAdmin });
    expect(again.result.nodes[0]?.sampledAt).toBe(self?.sampledAt);
  });

  it("answers Admin.NET's reads: serverBase, serverUsed, serverDisk, assemblyList", async () => {
    const t = get();
    const base = await t.call(sysServer.serverBase, {}, { token: admin });
    expect(base.status).toBe(200);
    expect(base.result.frameworkDescription).toBe(`Node.js ${process.version}`);
    expect(base.result.processorCount).toBeGreaterThan(0);
    const used = await t.call(sysServer.serverUsed, {}, { token: admin });
    expect(used.result.totalRam).toBe(used.result.usedRam + used.result.freeRam);
    expect(used.result.ramRate).toBeGreaterThan(0);
    expect(used.result.startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const disks = await t.call(sysServer.serverDisk, {}, { token: admin });
    expect(disks.result[0]).toMatchObject({ diskName: expect.any(String), totalSize: expect.any(Number) });
    const libs = await t.call(sysServer.assemblyList, {}, { token: admin });
    expect(libs.result.map((l) => l.name)).toEqual(expect.arrayContaining(['node', 'fastify', 'kysely', 'zod']));
  });

  it('refuses the signed out (401), users without the code and other tenants (403)', async () => {
    const t = get();
    for (const e of Object.values(sysServer)) expectError(await t.call(e, {}), 401, 'unauthorized');
    const u = await t.createUser({ account: 'server_nobody', permissions: ['sysCache:keyList'] });
    const token = (await t.login('server_nobody', u.password)).accessToken;
    for (const e of Object.values(sysServer)) expectError(await t.call(e, {}, { token }), 403, 'forbidden');
    // a platform page: another tenant's administrator may not read the servers
    for (const e of Object.values(sysServer)) expectError(await t.call(e, {}, { token: beta.token }), 403, 'forbidden');
    const viewer = await t.createUser({ account: 'server_viewer', permissions: ['sysServer:info'] });
    const vt = (await t.login('server_viewer', viewer.password)).accessToken;
    expect((await t.call(sysServer.nodeList, {}, { token: vt })).status).toBe(200);
  });
});

/** Two nodes on one database and one Redis: each publishes its sample, either shows both. */
describe.skipIf(!REDIS_URL)('sysServer with two nodes on SQLite + Redis', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    a = await startTestApp('sqlite', { db, redisUrl: REDIS_URL });
    b = await startTestApp('sqlite', { db, redisUrl: REDIS_URL });
  });
  afterAll(async () => {
    await a?.kernel.cache.delPrefix('');
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it("shows every node's latest sample through Redis, with Redis facts", async () => {
    const fromB = await b.call(sysServer.nodeList, {}, { token: (await b.login('superadmin')).accessToken });
    const nodeB = fromB.result.nodes.find((n) => n.self)?.node;
    const res = await a.call(sysServer.nodeList, {}, { token: (await a.login('superadmin')).accessToken });
    const nodes = res.result.nodes.map((n) => ({ node: n.node, self: n.self }));
    expect(nodes).toHaveLength(2);
    expect(nodes).toContainEqual({ node: nodeB, self: false });
    expect(res.result.unseen).toEqual([]);
    expect(res.result.nodes[0]?.redis?.version).toMatch(/^\d+\./);
    expect(res.result.nodes[0]?.redis?.keys).toBeGreaterThan(0);
  });
});
