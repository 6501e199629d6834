import { api, type Endpoint } from '@shelfwise/contract';
import { beforeAll, expect, it } from 'vitest';
import type { DataScopeGrant } from '../../kernel/access/data-scope';
import { seedId } from '../../kernel/db/ids';
import { DEFAULT_TENANT, describeEachDialect } from '../../test/harness';
import { warehouseBody } from '../warehouse/test-files';
import { AREA_GAP, type FloorPlan, floorPlanOf } from './geometry';

const { warehouseInfo, warehouseArea, warehouseLocation } = api;

/**
 * The floor geometry the overview and the heat map share: stored rectangles and positions kept, the rest laid out
 * by aisle / bay / level / slot and by area code; one warehouse of the caller's tenant and data scope only.
 */
describeEachDialect('insight geometry', (get) => {
  let warehouseId = 0;
  let placedArea = 0;
  let freeArea = 0;
  let emptyArea = 0;
  const all = { tenantId: DEFAULT_TENANT, userId: null, dataScope: { all: true } as const };

  beforeAll(async () => {
    const t = get();
    const { accessToken: token } = await t.login('admin');
    const ok = async (e: Endpoint, input: unknown) => {
      const r = await t.call(e, input, { token });
      if (r.status !== 200) throw new Error(`${e.path}: ${JSON.stringify(r.body)}`);
      return r.result as number;
    };
    warehouseId = await ok(warehouseInfo.add, { ...warehouseBody('GEO'), floorWidth: null, floorLength: null });
    placedArea = await ok(warehouseArea.add, {
      warehouseId,
      code: 'P',
      name: 'Placed',
      posX: 10,
      posY: 5,
      width: 20,
      length: 10,
    });
    freeArea = await ok(warehouseArea.add, { warehouseId, code: 'Q', name: 'Free' });
    emptyArea = await ok(warehouseArea.add, { warehouseId, code: 'R', name: 'Empty' });
    // in P: two positioned locations, and a generated-like block without positions (2 aisles x 2 bays x 2 levels)
    await ok(warehouseLocation.add, { areaId: placedArea, code: 'P-FIX1', x: 0, y: 0, z: 0, width: 2, length: 1.5 });
    await ok(warehouseLocation.add, { areaId: placedArea, code: 'P-FIX2', x: 4, y: 0, z: 1 });
    for (const aisle of ['A', 'B'])
      for (const bay of ['1', '2'])
        for (const level of ['1', '2'])
          await ok(warehouseLocation.add, { areaId: placedArea, code: `P-${aisle}${bay}${level}`, aisle, bay, level });
    // in Q: five locations with nothing but a code
    for (let i = 1; i <= 5; i++) await ok(warehouseLocation.add, { areaId: freeArea, code: `Q-${i}` });
  });

  type Caller = { tenantId: number; userId: null; dataScope: DataScopeGrant };
  const loadFloorPlan = (ctx: Caller, query: Parameters<typeof floorPlanOf>[2]) =>
    floorPlanOf(get().kernel.tenantDb(ctx), ctx, query);
  const load = async (query: Parameters<typeof floorPlanOf>[2], ctx: Caller = all) =>
    (await loadFloorPlan(ctx, query)) as FloorPlan;
  const at = (plan: FloorPlan, code: string) => plan.locations.find((l) => l.code === code);

  it('keeps stored rectangles and positions and lays out the rest', async () => {
    const plan = await load({ warehouseId });
    expect(plan.areas.map((a) => [a.code, a.posX, a.posY, a.width, a.length, a.placed, a.locationCount])).toEqual([
      ['P', 10, 5, 20, 10, true, 10],
      // below the placed area, 2 m apart, in code order: Q is 3 x 3 (3 columns, 2 rows a walkway apart)
      ['Q', 0, 15 + AREA_GAP, 3, 3, false, 5],
      ['R', 3 + AREA_GAP, 15 + AREA_GAP, 1, 1, false, 0],
    ]);
    expect(at(plan, 'P-FIX1')).toMatchObject({ x: 10, y: 5, z: 0, width: 2, length: 1.5, height: 1, placed: true });
    expect(at(plan, 'P-FIX2')).toMatchObject({ x: 14, y: 5, z: 1, placed: true });
    // the grid starts a cell below the positioned ones (their extent is 1.5 m deep): aisle -> row, bay -> column
    const grid = (code: string) => {
      const l = at(plan, code);
      return [l?.x, l?.y, l?.z, l?.placed];
    };
    expect(grid('P-A11')).toEqual([10, 5 + 2.5, 0, false]);
    expect(grid('P-A12')).toEqual([10, 5 + 2.5, 1, false]);
    expect(grid('P-A21')).toEqual([11, 5 + 2.5, 0, false]);
    expect(grid('P-B11')).toEqual([10, 5 + 2.5 + 2, 0, false]);
    expect(grid('P-B22')).toEqual([11, 5 + 2.5 + 2, 1, false]);
    expect(plan.locations.filter((l) => l.areaId === freeArea).map((l) => [l.x, l.y])).toEqual([
      [0, 17],
      [1, 17],
      [2, 17],
      [0, 19],
      [1, 19],
    ]);
    expect(plan.warehouse).toMatchObject({ floorWidth: 30, floorLength: 20, timeZone: expect.any(String) });
    expect(plan).toMatchObject({ total: 15, truncated: false });
  });

  it('reads the same floor in chunks (all locations) as with a limit, for one area too', async () => {
    const chunked = await load({ warehouseId, limit: Number.POSITIVE_INFINITY });
    expect(chunked.locations).toEqual((await load({ warehouseId })).locations);
    const oneArea = await load({ warehouseId, areaId: freeArea, limit: Number.POSITIVE_INFINITY });
    expect(oneArea.areas.map((a) => a.code)).toEqual(['Q']);
    expect(oneArea.locations).toEqual(chunked.locations.filter((l) => l.areaId === freeArea));
    expect(await load({ warehouseId, areaId: freeArea })).toEqual(oneArea);
  });

  it('cuts at the limit: nothing, or the first locations when partial; areas and totals always', async () => {
    const cut = await load({ warehouseId, limit: 4 });
    expect(cut).toMatchObject({ total: 15, truncated: true, locations: [] });
    expect(cut.areas).toHaveLength(3);
    const partial = await load({ warehouseId, limit: 4, partial: true });
    expect(partial.locations.map((l) => l.code)).toEqual(['P-A11', 'P-A12', 'P-A21', 'P-A22']);
    // the positions do not depend on how much was read
    const full = await load({ warehouseId });
    for (const l of partial.locations) expect(at(full, l.code)).toEqual(l);
    expect((await load({ warehouseId, limit: 0 })).locations).toEqual([]);
    expect((await load({ warehouseId, areaId: emptyArea })).locations).toEqual([]);
  });

  it('sees only warehouses of the caller’s tenant and data scope', async () => {
    expect(await loadFloorPlan({ ...all, tenantId: DEFAULT_TENANT + 1 }, { warehouseId })).toBeUndefined();
    const orgOnly = { ...all, dataScope: { all: false, orgIds: [seedId('org.root') + 12345], self: false } };
    expect(await loadFloorPlan(orgOnly, { warehouseId })).toBeUndefined();
    const rootOrg = { ...all, dataScope: { all: false, orgIds: [seedId('org.root')], self: false } };
    expect((await loadFloorPlan(rootOrg, { warehouseId }))?.warehouse.id).toBe(warehouseId);
    // an area of another warehouse
    expect(await loadFloorPlan(all, { warehouseId, areaId: warehouseId })).toBeUndefined();
  });
});
