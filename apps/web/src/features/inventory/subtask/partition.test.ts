import { inventoryCheckSubTask, SubTaskStatus } from '@shelfwise/contract';
import { InventoryStatus } from '@shelfwise/contract/enums';
import { describe, expect, it } from 'vitest';
import { parseLocationCodes, subTaskFormToInput, toPartition } from './partition';
import type { SubTaskRow } from './subtask.api';
import { lccEditable, subTaskActionsFor } from './subtask-status';

describe('sub-task partition', () => {
  it('reads pasted location codes one per line (and spreadsheet separators), trimmed and unique', () => {
    expect(parseLocationCodes(' A-01-01 \r\nA-01-02\n\nA-01-01\tB-02-01;C-1, C-2 ')).toEqual([
      'A-01-01',
      'A-01-02',
      'B-02-01',
      'C-1',
      'C-2',
    ]);
    expect(parseLocationCodes(undefined)).toEqual([]);
  });

  it('maps each kind to the request and refuses what is incomplete', () => {
    expect(toPartition({ kind: 'area', areaIds: [1, 2] })).toEqual({ kind: 'area', areaIds: [1, 2] });
    expect(toPartition({ kind: 'area', areaIds: [] })).toBeNull();
    expect(toPartition({ kind: 'aisle', areaId: 3, aisleFrom: ' 01 ', aisleTo: '04' })).toEqual({
      kind: 'aisle',
      areaId: 3,
      aisleFrom: '01',
      aisleTo: '04',
    });
    expect(toPartition({ kind: 'aisle', areaId: 3, aisleFrom: '01' })).toBeNull();
    expect(toPartition({ kind: 'locations', locationText: 'A1\nA2' })).toEqual({
      kind: 'locations',
      locationIds: [],
      locationCodes: ['A1', 'A2'],
    });
  });

  it('builds an add body the contract accepts', () => {
    const body = subTaskFormToInput(
      { name: ' Aisles 1-4 ', kind: 'aisle', areaId: 3, aisleFrom: '01', aisleTo: '04', counterIds: [5, 5, 6] },
      12,
    );
    expect(body).toEqual({
      taskId: 12,
      name: 'Aisles 1-4',
      counterIds: [5, 6],
      remark: null,
      partition: { kind: 'aisle', areaId: 3, aisleFrom: '01', aisleTo: '04' },
    });
    expect(inventoryCheckSubTask.add.input.safeParse(body).success).toBe(true);
  });

  it('sends the partition of an edit only when the locations are chosen again', () => {
    const row = { id: 4, version: 2 } as SubTaskRow;
    const same = subTaskFormToInput({ name: 'A', kind: 'area', areaIds: [1], repartition: false }, 12, row);
    expect(same).toEqual({ id: 4, version: 2, name: 'A', counterIds: [], remark: null });
    const again = subTaskFormToInput({ name: 'A', kind: 'locations', locationText: 'X-1', repartition: true }, 12, row);
    expect(again).toMatchObject({ partition: { kind: 'locations', locationCodes: ['X-1'] } });
    expect(inventoryCheckSubTask.update.input.safeParse(again).success).toBe(true);
  });
});

describe('sub-task actions', () => {
  it('follows the sub-task and its task', () => {
    const counting = InventoryStatus.counting;
    expect(subTaskActionsFor({ status: SubTaskStatus.pending, taskInventoryStatus: counting })).toMatchObject({
      delete: true,
      complete: false,
    });
    expect(subTaskActionsFor({ status: SubTaskStatus.inProgress, taskInventoryStatus: counting })).toMatchObject({
      complete: true,
      reopen: false,
    });
    expect(
      subTaskActionsFor({ status: SubTaskStatus.completed, taskInventoryStatus: InventoryStatus.counted }),
    ).toMatchObject({
      reopen: true,
      edit: false,
    });
    expect(
      subTaskActionsFor({ status: SubTaskStatus.completed, taskInventoryStatus: InventoryStatus.submitted }),
    ).toMatchObject({ reopen: false, folderUpload: false });
    expect(lccEditable({ status: SubTaskStatus.inProgress, taskInventoryStatus: counting })).toBe(true);
    expect(lccEditable({ status: SubTaskStatus.completed, taskInventoryStatus: counting })).toBe(false);
  });
});
