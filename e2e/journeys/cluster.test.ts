import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { type RunningServer, startServer } from '../support/server';

const pgUrl = process.env.PG_URL;
const redisUrl = process.env.REDIS_URL;

type Wrapped<T> = { code: number; result: T; extras?: { errorCode?: string } };

async function api<T>(
  server: RunningServer,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Wrapped<T> }> {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Wrapped<T> };
}

/**
 * Two separate server processes on one PostgreSQL database and one Redis behave as one: tokens, revocation,
 * force offline through Socket.IO, and rate limits hold across both.
 */
describe('two server processes on PostgreSQL + Redis', {
  skip: !pgUrl || !redisUrl ? 'PG_URL and REDIS_URL are not set' : false,
}, () => {
  const dbName = `sw_cluster_${process.pid}_${Date.now().toString(36)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'shelfwise-cluster-'));
  let a: RunningServer;
  let b: RunningServer;

  const login = async (server: RunningServer) => {
    const r = await api<{ accessToken: string }>(server, '/api/sysAuth/login', {
      account: 'admin',
      password: server.password,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result.accessToken;
  };

  before(async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(pgUrl as string);
    url.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: `${dbName}:`,
      DATA_DIR: dataDir,
    };
    // one after the other: the first creates the schema, the seed and the shared secret
    a = await startServer(env);
    b = await startServer(env);
  });
  after(async () => {
    await a?.stop();
    await b?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('serves a token issued by one process on the other, and refuses it on both right after logout', async () => {
    const token = await login(a);
    assert.equal((await api(b, '/api/sysAuth/userInfo', undefined, token)).status, 200);
    assert.equal((await api(a, '/api/sysAuth/logout', {}, token)).status, 200);
    const refused = await api(b, '/api/sysAuth/userInfo', undefined, token);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.extras?.errorCode, 'sessionRevoked');
  });

  it('forces offline, from one process, a browser socket connected to the other', async () => {
    const victim = await login(a);
    const socket: Socket = io(b.url, { path: '/socket.io', auth: { token: victim }, transports: ['websocket'] });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const told = new Promise<{ reason: string }>((resolve) => socket.once('forceOffline', resolve));
    const operator = await login(a);
    const online = await api<{ items: { id: number; account: string }[] }>(
      a,
      '/api/sysOnlineUser/page',
      { page: 1, pageSize: 50 },
      operator,
    );
    assert.equal(online.status, 200);
    const victimSession = online.body.result.items.find((s) => s.account === 'admin');
    assert.ok(victimSession, 'process a lists the socket connected to process b');
    assert.equal((await api(a, '/api/sysOnlineUser/forceOffline', { id: victimSession.id }, operator)).status, 200);
    const event = await Promise.race([told, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
    assert.ok(event, 'the socket on process b was told');
    socket.close();
    assert.equal((await api(b, '/api/sysAuth/userInfo', undefined, victim)).status, 401);
    assert.equal((await api(b, '/api/sysAuth/userInfo', undefined, operator)).status, 200);
  });

  it('counts a rate limit across both processes', async () => {
    // 60 captcha images a minute per address (config default), whichever process receives them
    const statuses: { node: string; status: number }[] = [];
    for (let i = 0; i < 70; i++) {
      const node = i % 2 ? b : a;
      const r = await api(node, '/api/sysAuth/captcha');
      statuses.push({ node: node === a ? 'a' : 'b', status: r.status });
    }
    const passed = statuses.filter((s) => s.status !== 429).length;
    assert.equal(passed, 60, JSON.stringify(statuses));
    assert.ok(statuses.some((s) => s.node === 'a' && s.status === 429));
    assert.ok(statuses.some((s) => s.node === 'b' && s.status === 429));
  });

  it('counts wrong passwords of one address across both processes', async () => {
    // the login guard refuses an address after 5 wrong passwords (the default limit), on whichever process
    const statuses: { node: string; status: number; code?: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const node = i % 2 ? b : a;
      const r = await api(node, '/api/sysAuth/login', { account: 'admin', password: 'Wrong-pass-1' });
      statuses.push({ node: node === a ? 'a' : 'b', status: r.status, code: r.body.extras?.errorCode });
    }
    const shown = JSON.stringify(statuses);
    assert.deepEqual(
      statuses.slice(0, 5).map((s) => s.status),
      [400, 400, 400, 400, 400],
      shown,
    );
    assert.ok(
      statuses.slice(5).every((s) => s.status === 429 && s.code === 'loginThrottled'),
      shown,
    );
    assert.ok(statuses.slice(5).some((s) => s.node === 'a') && statuses.slice(5).some((s) => s.node === 'b'), shown);
  });
});
