import { api, sysTenant } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { errorsOf, expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';

const { sysJob: J } = api;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const base = { code: 'nightly', name: 'Nightly wait', handler: 'sys.noop', params: { sleepMs: 0 } };
const cron = { kind: 'cron', cron: '0 30 2 * * *', timeZone: 'Asia/Shanghai' } as const;

/** The scheduled jobs API: jobs, triggers, preview, actions, history, cluster, permissions and tenant isolation. */
describeEachDialect(
  'sysJob',
  (get) => {
    let admin = '';
    let beta = { tenantId: 0, token: '' };
    /** The super admin acting inside tenant Beta (the job pages are platform menus, docs/jobs.md). */
    let inBeta = '';
    beforeAll(async () => {
      admin = (await get().login('admin')).accessToken;
      beta = await get().createTenant('Beta');
      const sup = (await get().login('superadmin')).accessToken;
      const sw = await get().call(sysTenant.changeTenant, { tenantId: beta.tenantId }, { token: sup });
      inBeta = sw.result.accessToken;
    });
    const ok = async <T>(p: Promise<{ status: number; body: unknown; result: T }>) => {
      const r = await p;
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.result;
    };
    const call = (e: Parameters<ReturnType<typeof get>['call']>[0], body: unknown, token = admin, lang?: string) =>
      get().call(e, body, { token, lang });
    const waitFor = async (firingId: number, state: string, token = admin) => {
      for (let i = 0; i < 50; i++) {
        const page = await ok(get().call(J.pageJobTriggerRecord, { page: 1, pageSize: 50 }, { token }));
        const row = page.items.find((r) => r.id === firingId);
        if (row?.state === state) return row;
        await sleep(100);
      }
      throw new Error(`firing ${firingId} never reached ${state}`);
    };

    it("names the built-in jobs in the reader's language, and an edit in that language keeps the seeded name", async () => {
      const page = await ok(get().call(J.pageJobDetail, { page: 1, pageSize: 50 }, { token: admin, lang: 'zh-tw' }));
      const retention = page.items.find((j) => j.code === 'sys.logRetention');
      expect(retention).toMatchObject({ name: '日誌保留清理', groupName: '系統' });
      if (!retention) return;
      const {
        triggers: _t,
        handlerTitle: _h,
        createTime: _c,
        updateTime: _u,
        createUserId: _cu,
        updateUserId: _uu,
        ...body
      } = retention as typeof retention & Record<string, unknown>;
      await ok(get().call(J.updateJobDetail, { ...body, description: 'kept' }, { token: admin, lang: 'zh-tw' }));
      const en = await ok(get().call(J.pageJobDetail, { page: 1, pageSize: 50 }, { token: admin, lang: 'en' }));
      expect(en.items.find((j) => j.code === 'sys.logRetention')).toMatchObject({
        name: 'Log retention clean-up',
        groupName: 'system',
        description: 'kept',
      });
    });

    it('adds a job and a cron trigger, lists them with the next firing and the cron in words', async () => {
      const id = await ok(get().call(J.addJobDetail, base, { token: admin }));
      const trig = await ok(get().call(J.addJobTrigger, { jobId: id, ...cron, retries: 2 }, { token: admin }));
      const page = await ok(get().call(J.pageJobDetail, { keyword: 'NIGHT', page: 1, pageSize: 10 }, { token: admin }));
      expect(page.total).toBe(1);
      const job = page.items[0];
      expect(job).toMatchObject({
        code: 'nightly',
        handler: 'sys.noop',
        handlerTitle: 'Wait (test job)',
        concurrent: false,
        status: 1,
      });
      expect(job?.triggers).toHaveLength(1);
      expect(job?.triggers[0]).toMatchObject({ id: trig, kind: 'cron', retries: 2, misfire: 'once', runCount: 0 });
      expect(job?.triggers[0]?.cronText).toMatch(/02:30/);
      expect(job?.triggers[0]?.nextFireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);
      const zh = await ok(get().call(J.jobTriggerList, { jobId: id }, { token: admin, lang: 'zh-CN' }));
      expect(zh[0]?.cronText).toMatch(/在 ?02:30/);
      const upd = { id: trig, jobId: id, kind: 'interval', intervalSeconds: 90 } as const;
      await ok(get().call(J.updateJobTrigger, upd, { token: admin }));
      expect((await ok(get().call(J.jobTriggerList, { jobId: id }, { token: admin })))[0]).toMatchObject({
        kind: 'interval',
        intervalSeconds: 90,
        cron: null,
        cronText: null,
      });
      await ok(get().call(J.updateJobDetail, { id, ...base, name: 'Renamed', groupName: 'ops' }, { token: admin }));
      const again = await ok(
        get().call(J.pageJobDetail, { groupName: 'ops', page: 1, pageSize: 10 }, { token: admin }),
      );
      expect(again.items.map((j) => j.name)).toEqual(['Renamed']);
      await ok(get().call(J.deleteJobTrigger, { id: trig }, { token: admin }));
      expect(await ok(get().call(J.jobTriggerList, { jobId: id }, { token: admin }))).toEqual([]);
      await ok(get().call(J.deleteJobDetail, { id }, { token: admin }));
      expect(
        (await ok(get().call(J.pageJobDetail, { code: 'nightly', page: 1, pageSize: 10 }, { token: admin }))).total,
      ).toBe(0);
    });

    it('previews the next five firings and the expression in the caller language', async () => {
      const r = await ok(
        get().call(J.previewJobTrigger, { kind: 'cron', cron: '*/15 * * * * *', timeZone: 'UTC' }, { token: admin }),
      );
      expect(r.nextTimes).toHaveLength(5);
      expect(r.cronText).toBe('Every 15 seconds');
      const tw = await ok(
        get().call(J.previewJobTrigger, { kind: 'cron', cron: '*/15 * * * * *' }, { token: admin, lang: 'zh-TW' }),
      );
      expect(tw.cronText).toMatch(/15 秒/);
      const iv = await ok(
        get().call(
          J.previewJobTrigger,
          { kind: 'interval', intervalSeconds: 60, endTime: '2000-01-01 00:00:00' },
          { token: admin },
        ),
      );
      expect(iv).toEqual({ nextTimes: [], cronText: null });
    });

    it('refuses bad input with field errors in the caller language, and writes nothing', async () => {
      const id = await ok(get().call(J.addJobDetail, { ...base, code: 'checks' }, { token: admin }));
      const bad = await get().call(
        J.addJobTrigger,
        { jobId: id, kind: 'cron', cron: '61 * * * *' },
        { token: admin, lang: 'zh-CN' },
      );
      expect400(bad, ['cron']);
      expect(errorsOf(bad.body).cron?.[0]).toMatch(/Cron 表达式/);
      expect400(await call(J.addJobTrigger, { jobId: id, kind: 'cron', cron: '* * * * *', timeZone: 'Mars/Base' }), [
        'timeZone',
      ]);
      expect400(await call(J.addJobTrigger, { jobId: id, kind: 'interval' }), ['intervalSeconds']);
      const ends = { jobId: id, ...cron, startTime: '2030-01-02 00:00:00', endTime: '2030-01-01 00:00:00' };
      const endErr = await get().call(J.addJobTrigger, ends, { token: admin, lang: 'zh-TW' });
      expect400(endErr, ['endTime']);
      expect(errorsOf(endErr.body).endTime?.[0]).toBe('結束時間必須晚於開始時間');
      expect400(await call(J.addJobTrigger, { jobId: id, ...cron, startTime: 'tomorrow' }), ['startTime']);
      expect400(await call(J.previewJobTrigger, { kind: 'cron', cron: 'every day' }), ['cron']);
      expect400(await call(J.addJobDetail, { ...base, code: 'x1', handler: 'rm -rf' }), ['handler']);
      const typed = await call(J.addJobDetail, { ...base, code: 'x2', params: { sleepMs: 'soon' } });
      expect400(typed, ['params']);
      expect(errorsOf(typed.body).params?.[0]).toMatch(/^do not fit the handler: sleepMs/);
      const local = { ...base, code: 'x3', handler: 'sys.httpCall', params: { url: 'http://127.0.0.1:8080/hook' } };
      const refused = await get().call(J.addJobDetail, local, { token: admin, lang: 'zh-CN' });
      expect400(refused, ['params.url']);
      expect(errorsOf(refused.body).params?.[0] ?? errorsOf(refused.body)['params.url']?.[0]).toMatch(/私有或回环地址/);
      expectError(await call(J.addJobDetail, { ...base, code: 'checks' }), 409, 'duplicateCode');
      // a platform handler is not offered to another tenant
      expect400(await call(J.addJobDetail, { ...base, handler: 'sys.logRetention', params: {} }, inBeta), ['handler']);
      const keys = (await ok(get().call(J.jobHandlerList, {}, { token: inBeta }))).map((h) => h.key);
      // a tenant's own administrator does not reach the platform's job pages
      expectError(await call(J.jobHandlerList, {}, beta.token), 403, 'forbidden');
      expect(keys).toContain('sys.httpCall');
      expect(keys).not.toContain('sys.logRetention');
      expect((await ok(get().call(J.jobHandlerList, {}, { token: admin }))).map((h) => h.key)).toContain(
        'sys.logRetention',
      );
      const page = await ok(get().call(J.pageJobDetail, { keyword: 'x', page: 1, pageSize: 10 }, { token: admin }));
      expect(page.items.filter((j) => j.code.startsWith('x'))).toEqual([]);
    });

    it('runs a job now with parameters, cancels a long run, pauses, starts, clears the history', async () => {
      const id = await ok(get().call(J.addJobDetail, { ...base, code: 'manual' }, { token: admin }));
      const f1 = await ok(get().call(J.runJob, { id, params: { sleepMs: 10 } }, { token: admin }));
      const done = await waitFor(f1, 'succeeded');
      expect(done).toMatchObject({
        jobCode: 'manual',
        kind: 'manual',
        attempt: 1,
        output: 'waited 10 ms',
        triggerId: 0,
      });
      expect(done.params).toBe('{"sleepMs":10}');
      expect400(await call(J.runJob, { id, params: { sleepMs: -1 } }), ['params']);
      const f2 = await ok(get().call(J.runJob, { id, params: { sleepMs: 60_000 } }, { token: admin }));
      await waitFor(f2, 'running');
      await ok(get().call(J.cancelJobFiring, { id: f2 }, { token: admin }));
      expect((await waitFor(f2, 'cancelled')).error).toBe('cancelled');
      expect400(await call(J.cancelJobFiring, { id: f2 }), ['id']);
      const f3 = await ok(get().call(J.runJob, { id, params: { fail: true } }, { token: admin }));
      const failed = await waitFor(f3, 'failed');
      expect(failed.error).toBe('failed as asked');
      expect(failed.stack).toContain('Error: failed as asked');
      const dash = await ok(get().call(J.jobDashboard, { hours: 2 }, { token: admin }));
      expect(dash.failures.map((f) => f.id)).toContain(f3);
      expect(dash.counts.reduce((n, c) => n + c.succeeded, 0)).toBeGreaterThanOrEqual(1);
      expect(dash.slowest.find((s) => s.jobId === id)?.runs).toBeGreaterThanOrEqual(2);
      await ok(get().call(J.pauseJob, { id }, { token: admin }));
      expect(
        (await ok(get().call(J.pageJobDetail, { code: 'manual', page: 1, pageSize: 10 }, { token: admin }))).items[0]
          ?.status,
      ).toBe(2);
      await ok(get().call(J.startJob, { id }, { token: admin }));
      const hist = await ok(
        get().call(J.pageJobTriggerRecord, { jobId: id, state: 'failed', page: 1, pageSize: 10 }, { token: admin }),
      );
      expect(hist.items.map((r) => r.id)).toEqual([f3]);
      expect(await ok(get().call(J.clearJobTriggerRecord, { jobId: id }, { token: admin }))).toBe(3);
      expect(
        (await ok(get().call(J.pageJobTriggerRecord, { jobId: id, page: 1, pageSize: 10 }, { token: admin }))).total,
      ).toBe(0);
    });

    it('lists the cluster nodes with their version and heartbeat', async () => {
      const nodes = await ok(get().call(J.jobClusterList, {}, { token: admin }));
      const self = nodes.find((n) => n.self);
      expect(self).toMatchObject({ up: true, nodeNo: get().kernel.jobs.node });
      expect(self?.version).toMatch(/^\d+\.\d+\.\d+/);
    });

    it('needs a session and the permission; another tenant sees nothing of the job', async () => {
      const t = get();
      const id = await ok(t.call(J.addJobDetail, { ...base, code: 'guarded' }, { token: admin }));
      const trig = await ok(t.call(J.addJobTrigger, { jobId: id, ...cron, status: 2 }, { token: admin }));
      const f = await ok(t.call(J.runJob, { id, params: { sleepMs: 60_000 } }, { token: admin }));
      expect((await t.call(J.pageJobDetail, { page: 1, pageSize: 10 })).status).toBe(401);
      expect((await t.call(J.runJob, { id })).status).toBe(401);
      const u = await t.createUser({ account: 'job_viewer', permissions: ['sysJob:pageJobDetail'] });
      const token = (await t.login(u.account, u.password)).accessToken;
      expect((await t.call(J.pageJobDetail, { page: 1, pageSize: 10 }, { token })).status).toBe(200);
      for (const [e, body] of [
        [J.addJobDetail, { ...base, code: 'y' }],
        [J.updateJobDetail, { id, ...base }],
        [J.deleteJobDetail, { id }],
        [J.jobTriggerList, { jobId: id }],
        [J.addJobTrigger, { jobId: id, ...cron }],
        [J.updateJobTrigger, { id: trig, jobId: id, ...cron }],
        [J.deleteJobTrigger, { id: trig }],
        [J.startJob, { id }],
        [J.pauseJob, { id }],
        [J.runJob, { id }],
        [J.cancelJobFiring, { id: f }],
        [J.pageJobTriggerRecord, { page: 1, pageSize: 10 }],
        [J.clearJobTriggerRecord, {}],
        [J.jobClusterList, {}],
        [J.jobDashboard, {}],
      ] as const) {
        expectError(await t.call(e, body, { token }), 403, 'forbidden');
      }
      const b = inBeta;
      for (const [e, body] of [
        [J.updateJobDetail, { id, ...base }],
        [J.deleteJobDetail, { id }],
        [J.jobTriggerList, { jobId: id }],
        [J.addJobTrigger, { jobId: id, ...cron }],
        [J.updateJobTrigger, { id: trig, jobId: id, ...cron }],
        [J.deleteJobTrigger, { id: trig }],
        [J.startJob, { id }],
        [J.pauseJob, { id }],
        [J.runJob, { id }],
        [J.cancelJobFiring, { id: f }],
        [J.clearJobTriggerRecord, { jobId: id }],
      ] as const) {
        expectError(await t.call(e, body, { token: b }), 404, 'notFound');
      }
      expect((await ok(t.call(J.pageJobDetail, { page: 1, pageSize: 10 }, { token: b }))).total).toBe(0);
      expect((await ok(t.call(J.pageJobTriggerRecord, { page: 1, pageSize: 10 }, { token: b }))).total).toBe(0);
      expect((await ok(t.call(J.jobDashboard, {}, { token: b }))).running).toEqual([]);
      await ok(t.call(J.cancelJobFiring, { id: f }, { token: admin }));
    });
  },
  { jobs: { tickMs: 100, pollMs: 200, leaseMs: 3000 } },
);
