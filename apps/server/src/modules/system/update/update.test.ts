import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, type Endpoint } from '@shelfwise/contract';
import SQLite from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { backupDir, pendingRestoreFile } from '../../../kernel/db/sqlite-backup';
import { migrations } from '../../../migrations';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect, type TestApp, useTestApp } from '../../../test/harness';
import { parseChangelog } from './changelog';
import { databaseToolCommands } from './update.service';

const s = api.sysUpdate;
const READS: Endpoint[] = [s.version, s.changelog, s.migrationList, s.health];
const BACKUPS: [Endpoint, unknown][] = [
  [s.list, {}],
  [s.backup, {}],
  [s.downloadBackup, { fileName: 'shelfwise-20260101-000000-000.db' }],
  [s.deleteBackup, { fileName: 'shelfwise-20260101-000000-000.db' }],
  [s.restore, { fileName: 'shelfwise-20260101-000000-000.db', confirm: 'shelfwise-20260101-000000-000.db' }],
];
const ALL: [Endpoint, unknown][] = [...READS.map((e) => [e, {}] as [Endpoint, unknown]), ...BACKUPS];

/** Calls an endpoint; a file endpoint's error is JSON like any other, read here (the harness leaves it unread). */
async function callAny(t: TestApp, endpoint: Endpoint, input: unknown, token?: string, lang?: string) {
  if (endpoint.response !== 'file') return t.call(endpoint, input, { token, lang });
  const res = await t.app.inject({
    method: 'POST',
    url: endpoint.path,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    },
    payload: JSON.stringify(input),
  });
  const body = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
  return { status: res.statusCode, body, result: body.result, headers: res.headers } as Awaited<
    ReturnType<typeof t.call>
  >;
}

/** Updates (`sysUpdate`): version, changelog, migrations, health; backups on SQLite, the tools' advice elsewhere. */
describeEachDialect('sysUpdate', (get) => {
  let root = '';
  let tenantAdmin = '';
  let reader = '';
  let plain = '';
  beforeAll(async () => {
    const t = get();
    root = (await t.login('superadmin')).accessToken;
    tenantAdmin = (await t.createTenant('Beta')).token;
    const r = await t.createUser({ account: 'upd_reader', permissions: ['sysUpdate:version'] });
    reader = (await t.login(r.account, r.password)).accessToken;
    const p = await t.createUser({ account: 'upd_plain', permissions: [] });
    plain = (await t.login(p.account, p.password)).accessToken;
  });

  it('tells the running version, its build and database, and how the database is backed up', async () => {
    const t = get();
    const r = await t.call(s.version, {}, { token: root });
    expect(r.status).toBe(200);
    expect(r.result.product).toBe('Shelfwise');
    expect(r.result.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.result.database).toBe(t.dialect);
    expect(r.result.databaseVersion).toBeTruthy();
    expect(r.result.uptime).toBeGreaterThanOrEqual(0);
    if (t.dialect === 'sqlite') {
      expect(r.result.backupSupported).toBe(true);
      expect(r.result.databaseTools).toBeNull();
      expect(r.result.databaseSize).toBeGreaterThan(0);
    } else {
      expect(r.result.backupSupported).toBe(false);
      const tools = r.result.databaseTools;
      expect(tools?.backup).toContain(t.dialect === 'postgres' ? 'pg_dump' : 'mysqldump');
      expect(tools?.restore).toContain(t.dialect === 'postgres' ? 'pg_restore' : 'mysql ');
      // the password is never shown, even when DATABASE_URL holds one
      expect(JSON.stringify(tools)).not.toMatch(/:[^/@\s]+@/);
    }
  });

  it('serves the changelog kept in the repository, newest release first', async () => {
    const r = await get().call(s.changelog, {}, { token: root });
    expect(r.status).toBe(200);
    expect(r.result.length).toBeGreaterThan(0);
    const first = r.result[0];
    expect(first?.sections.length).toBeGreaterThan(0);
    expect(first?.sections.every((x) => x.items.length > 0)).toBe(true);
  });

  it('lists every migration as applied, none pending', async () => {
    const r = await get().call(s.migrationList, {}, { token: root });
    expect(r.status).toBe(200);
    expect(r.result.total).toBe(Object.keys(migrations).length);
    expect(r.result).toMatchObject({ pending: 0, unknown: 0, applied: Object.keys(migrations).length });
    expect(r.result.items.map((i) => i.name)).toEqual(Object.keys(migrations));
    expect(r.result.items.every((i) => i.executedAt !== null)).toBe(true);
  });

  it('sums up health: database, migrations and disk pass', async () => {
    const r = await get().call(s.health, {}, { token: root });
    expect(r.status).toBe(200);
    expect(r.result.status).toBe('ok');
    expect(r.result.checks.map((c) => c.name)).toEqual(['database', 'migrations', 'disk']);
    expect(r.result.diskFree).toBeGreaterThan(0);
  });

  it('asks for a sign-in (401), refuses without the code (403), refuses another tenant’s administrator (403)', async () => {
    const t = get();
    for (const [endpoint, input] of ALL) {
      expectError(await callAny(t, endpoint, input), 401, 'unauthorized');
      expectError(await callAny(t, endpoint, input, plain), 403, 'forbidden');
      expectError(await callAny(t, endpoint, input, tenantAdmin), 403, 'forbidden');
    }
    // the version code opens the version and changelog, nothing else
    expect((await t.call(s.version, {}, { token: reader })).status).toBe(200);
    expect((await t.call(s.changelog, {}, { token: reader })).status).toBe(200);
    expectError(await t.call(s.backup, {}, { token: reader }), 403, 'forbidden');
  });

  it('checks file names and the restore confirmation', async () => {
    const t = get();
    for (const fileName of ['../shelfwise.db', 'a/b.db', 'x.txt', '.hidden.db', '']) {
      expect400(await callAny(t, s.downloadBackup, { fileName }, root), ['fileName']);
      expect400(await t.call(s.deleteBackup, { fileName }, { token: root }), ['fileName']);
    }
    expect400(await t.call(s.restore, { fileName: 'a.db' }, { token: root }), ['confirm']);
    const zh = await callAny(t, s.downloadBackup, { fileName: '../x.db' }, root, 'zh-CN');
    expect(JSON.stringify(zh.body)).toContain('备份文件名须以 .db 结尾');
  });

  it('on PostgreSQL and MySQL, every backup action says to use the database’s own tools', async () => {
    const t = get();
    if (t.dialect === 'sqlite') return;
    const tool = t.dialect === 'postgres' ? 'pg_dump' : 'mysqldump';
    for (const [endpoint, input] of BACKUPS) {
      const r = await callAny(t, endpoint, input, root);
      expectError(r, 409, 'backupUnsupported');
      expect(r.body.message).toContain(tool);
    }
    const zh = await t.call(s.backup, {}, { token: root, lang: 'zh-TW' });
    expect(zh.body.message).toContain('內建的 SQLite');
    expect(existsSync(backupDir(t.kernel.config.dataDir))).toBe(false);
  });
});

/** Backups of the embedded database (SQLite only; the other dialects' refusals are above). */
describe('sysUpdate backups [sqlite]', () => {
  const get = useTestApp('sqlite');
  let root = '';
  const dir = () => backupDir(get().kernel.config.dataDir);
  beforeAll(async () => {
    root = (await get().login('superadmin')).accessToken;
  });

  it('backs up while serving, lists, downloads an SQLite file, deletes', async () => {
    const t = get();
    const made = await t.call(s.backup, {}, { token: root });
    expect(made.status).toBe(200);
    expect(made.result.fileName).toMatch(/^shelfwise-\d{8}-\d{6}-\d{3}\.db$/);
    expect(made.result.size).toBeGreaterThan(100_000);
    const list = await t.call(s.list, {}, { token: root });
    expect(list.result.map((b) => b.fileName)).toContain(made.result.fileName);
    // one self-contained file (rollback journal), nothing beside it
    expect(readFileSync(join(dir(), made.result.fileName))[18]).toBe(1);
    expect(readdirSync(dir()).filter((f) => f.startsWith(made.result.fileName))).toEqual([made.result.fileName]);

    const res = await t.app.inject({
      method: 'POST',
      url: s.downloadBackup.path,
      headers: { authorization: `Bearer ${root}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ fileName: made.result.fileName }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.sqlite3');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${made.result.fileName}"`);
    expect(res.rawPayload.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    expect(res.rawPayload.length).toBe(made.result.size);

    expect((await t.call(s.deleteBackup, { fileName: made.result.fileName }, { token: root })).status).toBe(200);
    expect(existsSync(join(dir(), made.result.fileName))).toBe(false);
    expectError(await t.call(s.deleteBackup, { fileName: made.result.fileName }, { token: root }), 404, 'notFound');
    expectError(await callAny(t, s.downloadBackup, { fileName: made.result.fileName }, root), 404, 'notFound');
  });

  it('backs up as a scheduled job (sys.dbBackup), keeping the newest files the job took', async () => {
    const t = get();
    const admin = (await t.login('admin')).accessToken;
    const J = api.sysJob;
    const job = await t.call(
      J.addJobDetail,
      { code: 'nightly_backup', name: 'Nightly backup', handler: 'sys.dbBackup', params: { keep: 1 } },
      { token: admin },
    );
    expect(job.status, JSON.stringify(job.body)).toBe(200);
    const files = () => readdirSync(dir()).filter((f) => /^shelfwise-\d{8}-\d{6}-\d{3}\.db$/.test(f));
    const before = new Set(files());
    for (let run = 0; run < 2; run++) {
      const firing = await t.call(J.runJob, { id: job.result }, { token: admin });
      expect(firing.status).toBe(200);
      let state = '';
      for (let i = 0; i < 100 && state !== 'succeeded'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const page = await t.call(J.pageJobTriggerRecord, { page: 1, pageSize: 50 }, { token: admin });
        state = page.result.items.find((r) => r.id === firing.result)?.state ?? '';
        expect(state).not.toBe('failed');
      }
      expect(state).toBe('succeeded');
    }
    // two runs with keep = 1: one file of the job's is left
    expect(files().filter((f) => !before.has(f))).toHaveLength(1);
  });

  it('refuses to restore a file that is not SQLite, a damaged one, another SQLite database, a newer release’s', async () => {
    const t = get();
    const good = (await t.call(s.backup, {}, { token: root })).result.fileName;
    writeFileSync(join(dir(), 'notes.db'), 'these are not the pages of a database\n'.repeat(200));
    const other = new SQLite(join(dir(), 'other-app.db'));
    other.exec("create table customers (id integer primary key, name text); insert into customers values (1, 'x')");
    other.close();
    const bytes = readFileSync(join(dir(), good));
    // pages 3 onwards overwritten: the header is intact, the b-trees are not
    bytes.fill(0xa5, 4096 * 2, Math.min(bytes.length, 4096 * 40));
    writeFileSync(join(dir(), 'damaged.db'), bytes);
    const newer = join(dir(), 'newer.db');
    writeFileSync(newer, readFileSync(join(dir(), good)));
    const db = new SQLite(newer);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
      '29990101000000_from_the_future',
      new Date().toISOString(),
    );
    db.close();

    const expected: [string, string][] = [
      ['notes.db', 'it is not an SQLite database file'],
      ['damaged.db', 'the file is damaged'],
      ['other-app.db', 'it is not a Shelfwise database'],
      ['newer.db', 'it comes from a newer release'],
    ];
    for (const [fileName, reason] of expected) {
      const r = await t.call(s.restore, { fileName, confirm: fileName }, { token: root });
      expectError(r, 400, 'restoreInvalid');
      expect(r.body.message).toContain(reason);
    }
    const zh = await t.call(s.restore, { fileName: 'notes.db', confirm: 'notes.db' }, { token: root, lang: 'zh-CN' });
    expect(zh.body.message).toBe('无法还原“notes.db”：它不是 SQLite 数据库文件');
    expect(existsSync(pendingRestoreFile(t.kernel.config.dataDir))).toBe(false);
    // the typed name must match exactly
    expect400(await t.call(s.restore, { fileName: good, confirm: good.toUpperCase() }, { token: root }), ['confirm']);
    expectError(await t.call(s.restore, { fileName: 'gone.db', confirm: 'gone.db' }, { token: root }), 404, 'notFound');
    expect(existsSync(pendingRestoreFile(t.kernel.config.dataDir))).toBe(false);
  });

  it('stages a good backup for the next start (no restart handler in tests)', async () => {
    const t = get();
    const good = (await t.call(s.backup, {}, { token: root })).result.fileName;
    const r = await t.call(s.restore, { fileName: good, confirm: good }, { token: root });
    expect(r.status).toBe(200);
    expect(r.result).toEqual({ fileName: good, restarting: false });
    // checking the file left nothing beside it
    expect(readdirSync(dir()).filter((f) => f.endsWith('-wal') || f.endsWith('-shm'))).toEqual([]);
    const staged = pendingRestoreFile(t.kernel.config.dataDir);
    expect(readFileSync(staged).equals(readFileSync(join(dir(), good)))).toBe(true);
    rmSync(staged);
  });
});

describe('changelog parser', () => {
  it('reads releases, sections, items and continued lines', () => {
    const parsed = parseChangelog(
      [
        '# Changelog',
        'Intro text.',
        '## [0.2.0] - 2026-12-01',
        '### Added',
        '- one',
        '  continued',
        '- two',
        '### Fixed',
        '* three',
        '## 0.1.0',
        '- loose item',
      ].join('\n'),
    );
    expect(parsed).toEqual([
      {
        version: '0.2.0',
        date: '2026-12-01',
        sections: [
          { title: 'Added', items: ['one continued', 'two'] },
          { title: 'Fixed', items: ['three'] },
        ],
      },
      { version: '0.1.0', date: null, sections: [{ title: '', items: ['loose item'] }] },
    ]);
  });
});

describe('database tool commands', () => {
  it('name host, port, user and database, never the password', () => {
    const pg = databaseToolCommands('postgres', 'postgres://wms:s3cret@db.local:5433/shelf');
    expect(pg?.backup).toBe(
      'pg_dump --host=db.local --port=5433 --username=wms --format=custom --file=shelfwise-$(date +%Y%m%d-%H%M%S).dump shelf',
    );
    expect(pg?.restore).toContain('pg_restore --host=db.local --port=5433 --username=wms --clean --if-exists');
    const my = databaseToolCommands('mysql', 'mariadb://root:pw@127.0.0.1/wms');
    expect(my?.backup).toContain('mysqldump --host=127.0.0.1 --port=3306 --user=root --password --single-transaction');
    expect(my?.restore).toContain('mysql --host=127.0.0.1 --port=3306 --user=root --password');
    expect(JSON.stringify([pg, my])).not.toMatch(/s3cret|:pw@/);
    expect(databaseToolCommands('sqlite', 'sqlite:/x.db')).toBeNull();
  });
});
