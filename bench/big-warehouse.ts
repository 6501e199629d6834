// The large warehouse the counting and overview benchmarks count in, made through the API of a bench server:
// a warehouse with 200,000 generated locations (20 aisles x 50 bays x 5 levels x 40 slots, codes like A-1-1-1, in
// one area or split by aisle into several), a consignor with 2,000 SKUs, and the stock snapshot CSV they import.
import { createWriteStream, openAsBlob } from 'node:fs';

type Call = <T>(path: string, body?: unknown, token?: string) => Promise<T>;

/** The size of the warehouse; the default is the benchmarks' 200,000 locations in one area. */
export interface WarehouseShape {
  /** Aisles A, B, ... (at most 26). */
  aisles: number;
  bays: number;
  levels: number;
  slots: number;
  /** Areas Z1, Z2, ... taking the aisles in turn (contiguous groups). */
  areas: number;
  skus: number;
}

export const DEFAULT_SHAPE: WarehouseShape = { aisles: 20, bays: 50, levels: 5, slots: 40, areas: 1, skus: 2000 };

export interface BigWarehouse {
  warehouseId: number;
  /** Area ids, Z1 first. */
  areaIds: number[];
  consignorId: number;
  /** Every location code, aisle by aisle, bay by bay, level by level, slot by slot. */
  locationCodes: string[];
  skuCodes: string[];
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Creates the warehouse, its areas and generated locations, the consignor BC1 and its SKUs (barcode BC + code). */
export async function createBigWarehouse(
  call: Call,
  token: string,
  shape: WarehouseShape = DEFAULT_SHAPE,
): Promise<BigWarehouse> {
  const orgs = await call<{ id: number }[]>('/api/sysOrg/list', undefined, token);
  const warehouseId = await call<number>(
    '/api/warehouseInfo/add',
    {
      code: 'BENCH',
      name: 'Benchmark warehouse',
      orgId: orgs[0]?.id,
      address1: '1 Bench Road',
      contactName: 'Bench',
      contactPhone: '+1 555 0100',
    },
    token,
  );
  const aisles = LETTERS.slice(0, shape.aisles).split('');
  const areas = Math.max(1, Math.min(shape.areas, aisles.length));
  const perArea = Math.ceil(aisles.length / areas);
  const areaIds: number[] = [];
  for (let a = 0; a < areas; a++) {
    const own = aisles.slice(a * perArea, (a + 1) * perArea);
    if (!own.length) break;
    const areaId = await call<number>(
      '/api/warehouseArea/add',
      { warehouseId, code: `Z${a + 1}`, name: `Zone ${a + 1}` },
      token,
    );
    areaIds.push(areaId);
    await call(
      '/api/warehouseLocation/generate',
      {
        areaId,
        aisles: { from: own[0], to: own[own.length - 1] },
        bays: { from: '1', to: String(shape.bays) },
        levels: { from: '1', to: String(shape.levels) },
        slots: { from: '1', to: String(shape.slots) },
        pattern: '{aisle}-{bay}-{level}-{slot}',
        preview: false,
      },
      token,
    );
  }
  const locationCodes: string[] = [];
  for (const aisle of aisles) {
    for (let bay = 1; bay <= shape.bays; bay++)
      for (let level = 1; level <= shape.levels; level++)
        for (let slot = 1; slot <= shape.slots; slot++) locationCodes.push(`${aisle}-${bay}-${level}-${slot}`);
  }
  const check = await call<{ total: number }>(
    '/api/warehouseLocation/page',
    { warehouseId, code: 'A-1-1-1', pageSize: 1 },
    token,
  );
  if (check.total < 1) throw new Error('the generated location codes are not of the form A-1-1-1');
  const consignorId = await call<number>(
    '/api/warehouseConsignor/add',
    { code: 'BC1', name: 'Bench consignor' },
    token,
  );
  const skuCodes = Array.from({ length: shape.skus }, (_, i) => `SKU${String(i).padStart(5, '0')}`);
  for (let i = 0; i < skuCodes.length; i += 20) {
    await Promise.all(
      skuCodes.slice(i, i + 20).map((code, j) =>
        call(
          '/api/warehouseSku/add',
          {
            code,
            name: `Bench item ${i + j}`,
            consignorId,
            boxGauge: 12,
            unitValue: 2.5,
            barcodes: [`BC${code}`],
          },
          token,
        ),
      ),
    );
  }
  return { warehouseId, areaIds, consignorId, locationCodes, skuCodes };
}

/** Line `i` of a snapshot written by `writeSnapshotCsv`: location, SKU, lot and quantity. */
export function snapshotLine(i: number, locations: readonly string[], skus: readonly string[]) {
  return {
    location: locations[Math.floor(i / 5) % locations.length] as string,
    sku: skus[(i * 7 + Math.floor(i / (5 * locations.length))) % skus.length] as string,
    lot: i % 11 === 0 ? `L${i % 97}` : '',
    quantity: (i % 40) + 1,
  };
}

/** Writes a snapshot CSV: `rows` lines over the locations (code list) and SKUs, 5 SKUs per location, cycling. */
export async function writeSnapshotCsv(path: string, rows: number, locations: string[], skus: string[]) {
  const out = createWriteStream(path);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write('Location code,SKU code,Consignor code,Lot,Quantity\n');
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const l = snapshotLine(i, locations, skus);
    chunk += `${l.location},${l.sku},BC1,${l.lot},${l.quantity}\n`;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  await new Promise<void>((r) => out.end(r));
}

/** Uploads a CSV file to an import endpoint as a multipart form; answers the result or throws with the message. */
export async function uploadCsv<T>(base: string, path: string, file: string, token: string): Promise<T> {
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'stock.csv');
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const out = (await res.json()) as { code: number; result: T; message: string };
  if (out.code !== 200) throw new Error(`${path}: ${out.code} ${out.message}`);
  return out.result;
}
