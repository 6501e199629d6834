import { api } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/harness';
import { buildCountWorld, type CountWorld, ok } from './task/task-fixtures';

const { sysJob: J, inventoryCheckTask, warehouseLocation } = api;

/** Scheduled cycle counts: a task from the latest snapshot, by ABC class or by uncounted locations, assigned. */
describeEachDialect('inventory.cycleCount job', (get) => {
  let w: CountWorld;
  beforeAll(async () => {
    w = await buildCountWorld(get(), 'CC');
  });
  const waitFor = async (firingId: number) => {
    for (let i = 0; i < 100; i++) {
      const page = await ok(get(), J.pageJobTriggerRecord, { page: 1, pageSize: 50 }, w.admin);
      const row = (
        page as { items: { id: number; state: string; output: string | null; error: string | null }[] }
      ).items.find((r) => r.id === firingId);
      if (row && row.state !== 'running' && row.state !== 'pending') return row;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the firing did not end');
  };

  it('creates a cycle count task of the A-class locations, with its sub-task assigned to the counters', async () => {
    const t = get();
    for (const code of ['A-01-01', 'B-01-01']) {
      const loc = w.loc[code] as number;
      const d = (await ok(t, warehouseLocation.detail, { id: loc }, w.admin)) as Record<string, unknown>;
      await ok(t, warehouseLocation.update, { ...d, id: loc, abcClass: 1 }, w.admin);
    }
    const params = { warehouseId: w.wh, scope: 'abc', abcClasses: [1], counterIds: [w.adminId], name: 'A items' };
    const jobId = (await ok(
      t,
      J.addJobDetail,
      { code: 'cc.a', name: 'A items', handler: 'inventory.cycleCount', params },
      w.admin,
    )) as number;
    const firing = await waitFor((await ok(t, J.runJob, { id: jobId }, w.admin)) as number);
    expect(firing.state, firing.error ?? '').toBe('succeeded');
    const out = JSON.parse(firing.output ?? '{}');
    expect(out.locations).toBe(2);
    const task = (await ok(t, inventoryCheckTask.detail, { id: out.taskId }, w.admin)) as Record<string, unknown>;
    expect(task).toMatchObject({ warehouseId: w.wh, snapshotId: w.snapshot, type: 2 });
    expect([...(task.scopeLocationIds as number[])].sort()).toEqual([w.loc['A-01-01'], w.loc['B-01-01']].sort());
    expect(out.subTaskId).toBeGreaterThan(0);
  });

  it('scopes by locations not counted for N days, and refuses parameters of the wrong type', async () => {
    const t = get();
    const params = { warehouseId: w.wh, scope: 'stale', staleDays: 30, maxLocations: 3 };
    const jobId = (await ok(
      t,
      J.addJobDetail,
      { code: 'cc.stale', name: 'Stale', handler: 'inventory.cycleCount', params },
      w.admin,
    )) as number;
    const firing = await waitFor((await ok(t, J.runJob, { id: jobId }, w.admin)) as number);
    expect(firing.state, firing.error ?? '').toBe('succeeded');
    expect(JSON.parse(firing.output ?? '{}')).toMatchObject({ locations: 3 });
    const bad = await t.call(
      J.addJobDetail,
      { code: 'cc.bad', name: 'Bad', handler: 'inventory.cycleCount', params: { warehouseId: 'main', scope: 'abc' } },
      { token: w.admin },
    );
    expect(bad.status).toBe(400);
  });
});
