import { inventoryCheckTask } from '@shelfwise/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { TaskRow } from './task.api';
import { proposed3dLink, taskFormDefaults, taskFormToInput } from './task-form-values';

const row = {
  id: 9,
  version: 4,
  code: 'IC20261122001',
  name: 'Month end',
  warehouseId: 2,
  type: 1,
  countMode: 1,
  snapshotId: 5,
  startDate: '2026-11-22',
  endDate: null,
  toleranceQty: 1,
  tolerancePct: 2,
  requiredPasses: 1,
  uncountedRule: 2,
  link3d: '/overview/3d?warehouseId=2&taskId=9',
  scopeAreaIds: [3],
  scopeLocationIds: [],
  scopeConsignorIds: [7, 8],
  remark: null,
} as unknown as TaskRow;

describe('task dialog values', () => {
  it('starts a new task blind, one pass, blocking submission, with the proposed 3D link', () => {
    const d = taskFormDefaults(undefined, 2);
    expect(d).toMatchObject({
      warehouseId: 2,
      countMode: 1,
      requiredPasses: 1,
      uncountedRule: 1,
      link3d: proposed3dLink(2),
    });
  });

  it('leaves the proposed 3D link of a new task to the server (which focuses it on the task)', () => {
    const input = taskFormToInput(
      {
        ...taskFormDefaults(undefined, 2),
        name: 'Cycle A',
        snapshotId: 5,
        code: '',
        startDate: dayjs('2026-11-23'),
        endDate: dayjs('2026-11-25'),
      } as never,
      undefined,
    );
    expect(input).toMatchObject({ startDate: '2026-11-23', endDate: '2026-11-25', link3d: undefined, code: undefined });
    expect(input.id).toBeUndefined();
    expect(inventoryCheckTask.add.input.safeParse(input).success).toBe(true);
  });

  it('keeps a typed 3D link and sends id and version when editing', () => {
    const values = { ...taskFormDefaults(row), link3d: ' https://example.com/3d/9 ' };
    const input = taskFormToInput(values as never, row);
    expect(input).toMatchObject({
      id: 9,
      version: 4,
      link3d: 'https://example.com/3d/9',
      startDate: '2026-11-22',
      endDate: null,
    });
    expect(input.scopeConsignorIds).toEqual([7, 8]);
    expect(inventoryCheckTask.update.input.safeParse(input).success).toBe(true);
  });
});
