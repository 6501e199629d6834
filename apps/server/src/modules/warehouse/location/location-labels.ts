import { MAX_LABELS, type OutputOf, type warehouseLocation } from '@shelfwise/contract';
import type { TenantDb } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { type ScopedContext, visibleWarehouses } from '../warehouse';
import { type LabelLayout, renderLabelsPdf } from './location-labels-pdf';

/** What one printed label shows. */
export type LocationLabel = OutputOf<typeof warehouseLocation.labels>[number];

// ids per `in (...)` list: well under every dialect's bound-parameter limit
const ID_CHUNK = 1000;

/** Label rows of the locations the caller may see (a location is visible when its warehouse is). */
const labelRepo = {
  labels: (db: TenantDb, scope: ScopedContext) =>
    db
      .selectFrom('wh_location')
      .innerJoin('wh_area as a', 'a.id', 'wh_location.area_id')
      .innerJoin('wh_warehouse as w', 'w.id', 'wh_location.warehouse_id')
      .where('wh_location.warehouse_id', 'in', visibleWarehouses(db, scope).select('wh_warehouse.id'))
      .select([
        'wh_location.id',
        'wh_location.code',
        'w.code as warehouseCode',
        'w.name as warehouseName',
        'a.code as areaCode',
        'wh_location.aisle',
        'wh_location.bay',
        'wh_location.level',
        'wh_location.slot',
      ]),
  /** Visible labels among `ids`, in no particular order. */
  async byIds(db: TenantDb, scope: ScopedContext, ids: readonly number[]): Promise<LocationLabel[]> {
    const out: LocationLabel[] = [];
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      out.push(
        ...(await labelRepo
          .labels(db, scope)
          .where('wh_location.id', 'in', ids.slice(i, i + ID_CHUNK))
          .execute()),
      );
    }
    return out;
  },
  /** Labels of an area in code order, at most `limit`. */
  byArea: (db: TenantDb, scope: ScopedContext, areaId: number, limit: number): Promise<LocationLabel[]> =>
    labelRepo
      .labels(db, scope)
      .where('wh_location.area_id', '=', areaId)
      .orderBy('wh_location.code')
      .orderBy('wh_location.id')
      .limit(limit)
      .execute(),
  countInArea: async (db: TenantDb, areaId: number) =>
    Number(
      (
        await db
          .selectFrom('wh_location')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('wh_location.area_id', '=', areaId)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
  /** An area the caller may see. */
  areaVisible: async (db: TenantDb, scope: ScopedContext, id: number) =>
    (await db
      .selectFrom('wh_area')
      .select('wh_area.id')
      .where('wh_area.id', '=', id)
      .where('wh_area.warehouse_id', 'in', visibleWarehouses(db, scope).select('wh_warehouse.id'))
      .executeTakeFirst()) !== undefined,
};

type Selection = { ids?: number[] | undefined; areaId?: number | undefined };

/** Location labels: what they show (browser printing) and the PDF, within the caller's data scope. */
export function createLocationLabelService(kernel: Kernel) {
  const repo = labelRepo;

  /**
   * The labels of a selection: an area's locations in code order, or the given ids in their order. An area or an
   * id the caller cannot see is a 404 (never silently left out); more than `MAX_LABELS` is refused.
   */
  async function labels(ctx: UserContext, input: Selection): Promise<LocationLabel[]> {
    if (input.areaId) {
      if (!(await repo.areaVisible(kernel.tenantDb(ctx), ctx, input.areaId))) throw notFound('storage area');
      const rows = await repo.byArea(kernel.tenantDb(ctx), ctx, input.areaId, MAX_LABELS + 1);
      if (rows.length > MAX_LABELS) {
        throw new AppError('labelsTooMany', {
          count: await repo.countInArea(kernel.tenantDb(ctx), input.areaId),
          max: MAX_LABELS,
        });
      }
      return rows;
    }
    const ids = input.ids ?? [];
    if (ids.length > MAX_LABELS) throw new AppError('labelsTooMany', { count: ids.length, max: MAX_LABELS });
    const found = new Map((await repo.byIds(kernel.tenantDb(ctx), ctx, [...new Set(ids)])).map((r) => [r.id, r]));
    return ids.map((id) => {
      const row = found.get(id);
      if (!row) throw notFound('storage location');
      return row;
    });
  }

  return {
    labels,
    /** The labels as a PDF stream in the layout. */
    async pdf(ctx: UserContext, input: Selection & { layout: LabelLayout }) {
      return renderLabelsPdf(await labels(ctx, input), input.layout);
    },
  };
}
