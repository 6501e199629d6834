import type { InputOf, warehouseArea } from '@shelfwise/contract';
import { updated, withAudit } from '../../../kernel/db/tenant-scope';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { type AreaRow, createAreaRepo } from './area.repo';

type Input<K extends keyof typeof warehouseArea> = InputOf<(typeof warehouseArea)[K]>;

function areaDto(row: AreaRow, time: TimeFormatter) {
  return {
    id: row.id,
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    code: row.code,
    name: row.name,
    shelfType: row.shelf_type,
    status: row.status,
    posX: row.pos_x,
    posY: row.pos_y,
    width: row.width,
    length: row.length,
    locationCount: Number(row.location_count),
    remark: row.remark,
    ...auditDto(row, time),
  };
}

/** Storage areas of the warehouses the caller may see. */
export function createAreaService(kernel: Kernel) {
  const repo = createAreaRepo(kernel.db);
  async function areaOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(ctx, id);
    if (!row) throw notFound();
    return row;
  }
  const columns = (input: Input<'add'>) => ({
    code: input.code,
    name: input.name,
    shelf_type: input.shelfType,
    status: input.status,
    pos_x: input.posX,
    pos_y: input.posY,
    width: input.width,
    length: input.length,
    remark: input.remark,
  });
  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(ctx, input);
      return { ...page, items: page.items.map((r) => areaDto(r, time)) };
    },
    list: async (ctx: UserContext, warehouseId: number, time: TimeFormatter) =>
      (await repo.list(ctx, warehouseId)).map((r) => areaDto(r, time)),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) => areaDto(await areaOr404(ctx, id), time),
    async add(ctx: UserContext, input: Input<'add'>) {
      if (!(await repo.warehouseVisible(ctx, input.warehouseId))) throw notFound('warehouse');
      if (await repo.codeTaken(ctx, input.warehouseId, input.code))
        throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      await repo.insert(ctx, withAudit(ctx, id, { warehouse_id: input.warehouseId, ...columns(input) }, Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const before = await areaOr404(ctx, input.id);
      // an area stays in its warehouse: its locations' codes are unique per warehouse
      if (before.warehouse_id !== input.warehouseId)
        throw new AppError('validation', { count: 1 }, { warehouseId: ['area_moves'] });
      if (await repo.codeTaken(ctx, input.warehouseId, input.code, input.id)) {
        throw new AppError('duplicateCode', { value: input.code });
      }
      const changes = { ...columns(input), ...updated(ctx, Date.now()) };
      await repo.update(ctx, input.id, changes);
      kernel.logs.diff(ctx, { table: 'wh_area', id: input.id, op: 'update', before, after: { ...before, ...changes } });
    },
    async delete(ctx: UserContext, id: number) {
      const row = await areaOr404(ctx, id);
      if (Number(row.location_count) > 0) throw new AppError('hasChildren');
      await repo.remove(ctx, id);
      kernel.logs.diff(ctx, { table: 'wh_area', id, op: 'delete', before: row });
    },
    async setStatus(ctx: UserContext, id: number, status: number) {
      const before = await areaOr404(ctx, id);
      await repo.update(ctx, id, { status, ...updated(ctx, Date.now()) });
      kernel.logs.diff(ctx, { table: 'wh_area', id, op: 'update', before, after: { ...before, status } });
    },
  };
}
