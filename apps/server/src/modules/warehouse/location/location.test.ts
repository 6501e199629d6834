import { api } from '@shelfwise/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expect400, expectError } from '../../../test/assertions';
import { describeEachDialect } from '../../../test/harness';
import { warehouseBody } from '../warehouse/warehouse.test';
import { combinations, expandRange, missingTokens, renderCode } from './location-generator';

const { warehouseInfo, warehouseArea, warehouseLocation } = api;

describe('location generator arithmetic', () => {
  it('expands number and letter ranges, both ways', () => {
    expect(expandRange({ from: '1', to: '4' })).toEqual(['1', '2', '3', '4']);
    expect(expandRange({ from: 'C', to: 'A' })).toEqual(['C', 'B', 'A']);
    expect(expandRange({ from: 'Y', to: 'AB' })).toEqual(['Y', 'Z', 'AA', 'AB']);
    expect(() => expandRange({ from: '1', to: '1000' })).toThrow(RangeError);
  });
  it('fills and pads the pattern, and names the ranges it misses', () => {
    expect(
      renderCode('{area}-{aisle}-{bay:2}-{level:2}', { area: 'A', aisle: 'B', bay: '7', level: '1', slot: '' }),
    ).toBe('A-B-07-01');
    expect(missingTokens('{aisle}-{bay}', { aisle: 3, bay: 40, level: 5, slot: 1 })).toEqual(['level']);
  });
  it('derives positions from the indices', () => {
    const all = [
      ...combinations(
        { aisles: ['A', 'B'], bays: ['1', '2'], levels: ['1', '2'], slots: null },
        '{aisle}{bay}{level}',
        'Z',
        { length: 1.2, width: 2.5, height: 1.5 },
      ),
    ];
    expect(all).toHaveLength(8);
    expect(all[7]).toMatchObject({ code: 'B22', x: 2.5, y: 2.4, z: 1.5, slot: null });
  });
});

/** Locations: CRUD, code prefix search, the generator's preview and write. */
describeEachDialect('warehouseLocation', (get) => {
  let admin = '';
  let beta = { tenantId: 0, token: '' };
  let warehouseId = 0;
  let areaId = 0;
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    beta = await t.createTenant('Beta');
    warehouseId = (await t.call(warehouseInfo.add, warehouseBody('LOC'), { token: admin })).result;
    areaId = (
      await t.call(warehouseArea.add, { warehouseId, code: 'A', name: 'Heavy racks', shelfType: 1 }, { token: admin })
    ).result;
  });

  it('previews, then writes, a range of locations; a second run is refused', async () => {
    const t = get();
    const body = {
      areaId,
      aisles: { from: 'A', to: 'C' },
      bays: { from: '1', to: '40' },
      levels: { from: '1', to: '5' },
      slots: { from: '1', to: '4' },
      width: 1.2,
      length: 1,
      height: 1.5,
      maxCapacity: 100,
    };
    const preview = await t.call(warehouseLocation.generate, body, { token: admin });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.result).toMatchObject({ count: 2400, created: 0, conflicts: 0 });
    expect(preview.result.sample.slice(0, 3)).toEqual(['A-01-01-01', 'A-01-01-02', 'A-01-01-03']);
    const write = await t.call(warehouseLocation.generate, { ...body, preview: false }, { token: admin });
    expect(write.result.created).toBe(2400);
    expect((await t.call(warehouseInfo.detail, { id: warehouseId }, { token: admin })).result.locationCount).toBe(2400);
    const again = await t.call(warehouseLocation.generate, { ...body, preview: false }, { token: admin });
    expectError(again, 409, 'locationCodesTaken');
    expect((await t.call(warehouseLocation.generate, body, { token: admin })).result.conflicts).toBe(2400);
    const found = await t.call(
      warehouseLocation.page,
      { warehouseId, code: 'B-17-03', page: 1, pageSize: 10 },
      { token: admin },
    );
    expect(found.result.total).toBe(4);
    expect(found.result.items[0]).toMatchObject({
      code: 'B-17-03-01',
      aisle: 'B',
      bay: '17',
      level: '3',
      slot: '1',
      areaCode: 'A',
      maxCapacity: 100,
    });
    // the area with locations cannot go
    expectError(await t.call(warehouseArea.delete, { id: areaId }, { token: admin }), 409, 'hasChildren');
  });

  it('refuses bad generator input with clear reasons', async () => {
    const t = get();
    const base = {
      areaId,
      aisles: { from: 'A', to: 'B' },
      bays: { from: '1', to: '2' },
      levels: { from: '1', to: '1' },
    };
    expect400(await t.call(warehouseLocation.generate, { ...base, pattern: '{aisle}-{level}' }, { token: admin }), [
      'pattern',
    ]);
    expect400(await t.call(warehouseLocation.generate, { ...base, bays: { from: '1', to: 'B' } }, { token: admin }), [
      'bays',
    ]);
    expect400(
      await t.call(
        warehouseLocation.generate,
        { ...base, aisles: { from: '1', to: '11' }, bays: { from: '1', to: '11' }, pattern: '{aisle}{bay}' },
        { token: admin },
      ),
      ['pattern'],
    );
    expectError(
      await t.call(
        warehouseLocation.generate,
        { ...base, aisles: { from: '1', to: '999' }, bays: { from: '1', to: '999' } },
        { token: admin },
      ),
      400,
      'generateTooMany',
    );
    expectError(await t.call(warehouseLocation.generate, base, { token: beta.token }), 404, 'notFound');
  });

  it('adds, edits, disables and deletes single locations within the warehouse', async () => {
    const t = get();
    const add = await t.call(
      warehouseLocation.add,
      { areaId, code: 'SPARE-1', aisle: 'Z', maxLoad: 500 },
      { token: admin },
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.result;
    expectError(
      await t.call(warehouseLocation.add, { areaId, code: 'SPARE-1' }, { token: admin }),
      409,
      'duplicateCode',
    );
    expect400(await t.call(warehouseLocation.add, { areaId, code: '', maxLoad: -5, status: 9 }, { token: admin }), [
      'code',
      'maxLoad',
      'status',
    ]);
    expect(
      (
        await t.call(
          warehouseLocation.update,
          { id, areaId, code: 'SPARE-1', aisle: 'Z', abcClass: 1 },
          { token: admin },
        )
      ).status,
    ).toBe(200);
    expect((await t.call(warehouseLocation.setStatus, { id, status: 2 }, { token: admin })).status).toBe(200);
    expect((await t.call(warehouseLocation.detail, { id }, { token: admin })).result).toMatchObject({
      status: 2,
      abcClass: 1,
      maxLoad: null,
    });
    expectError(await t.call(warehouseLocation.detail, { id }, { token: beta.token }), 404, 'notFound');
    expectError(await t.call(warehouseLocation.delete, { id }, { token: beta.token }), 404, 'notFound');
    expect((await t.call(warehouseLocation.batchDelete, [id], { token: beta.token })).result).toBe(0);
    expect((await t.call(warehouseLocation.delete, { id }, { token: admin })).status).toBe(200);
    expect((await t.call(warehouseLocation.page, { page: 1, pageSize: 5 })).status).toBe(401);
  });
});
