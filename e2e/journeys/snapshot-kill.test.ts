import assert from 'node:assert/strict';
import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { type RunningServer, startServer } from '../support/server';

/** Calls the API of a running server as a signed-in user; answers the result or throws with the message. */
function client(server: RunningServer, token = '') {
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const out = (await res.json()) as { code: number; result: T; message: string };
    if (out.code !== 200) throw new Error(`${path}: ${out.code} ${out.message}`);
    return out.result;
  };
}

async function signIn(server: RunningServer) {
  const login = await client(server)<{ accessToken: string }>('/api/sysAuth/login', {
    account: 'admin',
    password: server.password,
  });
  return { token: login.accessToken, call: client(server, login.accessToken) };
}

function upload(server: RunningServer, token: string, path: string, file: string) {
  return openAsBlob(file, { type: 'text/csv' }).then((blob) => {
    const form = new FormData();
    form.append('file', blob, 'stock.csv');
    return fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  });
}

describe('a stock snapshot import killed midway', () => {
  it('leaves nothing half-written and runs again to the same result', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shelfwise-kill-'));
    try {
      let server = await startServer({ DATA_DIR: dataDir });
      let { token, call } = await signIn(server);
      const orgs = await call<{ id: number }[]>('/api/sysOrg/list');
      const warehouseId = await call<number>('/api/warehouseInfo/add', {
        code: 'KILL',
        name: 'Kill test',
        orgId: orgs[0]?.id,
        address1: '1 Test Road',
        contactName: 'Tester',
        contactPhone: '+1 555 0100',
      });
      const areaId = await call<number>('/api/warehouseArea/add', { warehouseId, code: 'K', name: 'K' });
      // 10 aisles x 20 bays x 10 levels = 2,000 locations A-1-1 ... J-20-10
      await call('/api/warehouseLocation/generate', {
        areaId,
        aisles: { from: 'A', to: 'J' },
        bays: { from: '1', to: '20' },
        levels: { from: '1', to: '10' },
        pattern: '{aisle}-{bay}-{level}',
        preview: false,
      });
      const consignorId = await call<number>('/api/warehouseConsignor/add', { code: 'KC', name: 'Kill consignor' });
      const skus = Array.from({ length: 50 }, (_, i) => `K${i}`);
      for (const code of skus) await call('/api/warehouseSku/add', { code, name: code, consignorId });
      // 2,000 locations x 50 SKUs x 2 lots = 200,000 rows
      const csv = join(dataDir, 'stock.csv');
      const out = createWriteStream(csv);
      out.write('Location code,SKU code,Consignor code,Lot,Quantity\n');
      let expectedTotal = 0;
      for (const aisle of 'ABCDEFGHIJ')
        for (let bay = 1; bay <= 20; bay++)
          for (let level = 1; level <= 10; level++) {
            let chunk = '';
            for (const sku of skus)
              for (const lot of ['L1', 'L2']) {
                const qty = (bay + level) % 9;
                expectedTotal += qty;
                chunk += `${aisle}-${bay}-${level},${sku},KC,${lot},${qty}\n`;
              }
            out.write(chunk);
          }
      await new Promise<void>((r) => out.end(r));

      const path = `/api/inventorySnapshot/import?warehouseId=${warehouseId}&title=Month%20end`;
      const db = new Database(join(dataDir, 'shelfwise.db'), { readonly: true, fileMustExist: true });
      const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      const importing = upload(server, token, path, csv).catch((e: Error) => e);
      // kill the server once some batches of lines are written, before the import finishes
      const until = Date.now() + 60_000;
      while (count('inv_snapshot_line') < 5_000 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const written = count('inv_snapshot_line');
      assert.ok(written >= 5_000 && written < 200_000, `lines written when killed: ${written}`);
      await server.kill();
      assert.ok((await importing) instanceof Error, 'the upload was cut off');
      assert.equal(count('inv_snapshot'), 0, 'no snapshot exists after the kill');
      db.close();

      // after a restart nobody sees a snapshot; the same file imports completely
      server = await startServer({ DATA_DIR: dataDir });
      ({ token, call } = await signIn(server));
      const page = await call<{ total: number }>('/api/inventorySnapshot/page', { warehouseId });
      assert.equal(page.total, 0);
      const res = await upload(server, token, path, csv);
      const report = ((await res.json()) as { result: { id: number; succeeded: number; failed: number } }).result;
      assert.deepEqual([report.succeeded, report.failed], [200_000, 0]);
      const detail = await call<{ lineCount: number; totalQuantity: number }>(
        `/api/inventorySnapshot/detail?id=${report.id}`,
      );
      assert.deepEqual([detail.lineCount, detail.totalQuantity], [200_000, expectedTotal]);
      const lines = await call<{ total: number }>('/api/inventorySnapshot/lines', {
        snapshotId: report.id,
        exactTotal: true,
      });
      assert.equal(lines.total, 200_000);
      await server.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
