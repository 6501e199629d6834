import { type InputOf, type LiveProtocol, Status, type warehouseLiveView } from '@shelfwise/contract';
import { audited, updatedBy } from '../../../kernel/db/tenant-db';
import { notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { type LiveStreamRow, liveStreamRepo as repo } from './live-view.repo';

type Input<K extends keyof typeof warehouseLiveView> = InputOf<(typeof warehouseLiveView)[K]>;

function streamDto(row: LiveStreamRow, time: TimeFormatter) {
  return {
    id: row.id,
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    areaId: row.area_id,
    areaCode: row.area_code,
    areaName: row.area_name,
    name: row.name,
    protocol: row.protocol as LiveProtocol,
    url: row.url,
    status: row.status,
    orderNo: row.order_no,
    remark: row.remark,
    ...auditDto(row, time),
  };
}

/**
 * Camera streams of the storage areas of the warehouses the caller may see. Only addresses are kept: the browser
 * plays them from the warehouse's own network, the server never connects to them (so intranet addresses are fine
 * and no request of ours can be pointed anywhere).
 */
export function createLiveViewService(kernel: Kernel) {
  const tdb = kernel.tenantDb;
  async function streamOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), ctx, id);
    if (!row) throw notFound();
    return row;
  }
  async function areaOr404(ctx: UserContext, areaId: number) {
    const area = await repo.visibleArea(tdb(ctx), ctx, areaId);
    if (!area) throw notFound('area');
    return area;
  }
  const columns = (input: Input<'add'>, warehouseId: number) => ({
    warehouse_id: warehouseId,
    area_id: input.areaId,
    name: input.name,
    protocol: input.protocol,
    url: input.url,
    status: input.status,
    order_no: input.orderNo,
    remark: input.remark,
  });
  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), ctx, input);
      return { ...page, items: page.items.map((r) => streamDto(r, time)) };
    },
    list: async (ctx: UserContext, input: Input<'list'>, time: TimeFormatter) =>
      (await repo.watchList(tdb(ctx), ctx, input, Status.enabled)).map((r) => streamDto(r, time)),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) => streamDto(await streamOr404(ctx, id), time),
    async add(ctx: UserContext, input: Input<'add'>) {
      const area = await areaOr404(ctx, input.areaId);
      const id = kernel.ids.next();
      await repo.insert(tdb(ctx), audited(ctx, id, columns(input, area.warehouse_id), Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const before = await streamOr404(ctx, input.id);
      const area = await areaOr404(ctx, input.areaId);
      const changes = { ...columns(input, area.warehouse_id), ...updatedBy(ctx, Date.now()) };
      await repo.update(tdb(ctx), input.id, changes);
      kernel.logs.diff(ctx, {
        table: 'wh_live_stream',
        id: input.id,
        op: 'update',
        before,
        after: { ...before, ...changes },
      });
    },
    async delete(ctx: UserContext, id: number) {
      const row = await streamOr404(ctx, id);
      await repo.remove(tdb(ctx), id);
      kernel.logs.diff(ctx, { table: 'wh_live_stream', id, op: 'delete', before: row });
    },
    async setStatus(ctx: UserContext, id: number, status: number) {
      const before = await streamOr404(ctx, id);
      await repo.update(tdb(ctx), id, { status, ...updatedBy(ctx, Date.now()) });
      kernel.logs.diff(ctx, { table: 'wh_live_stream', id, op: 'update', before, after: { ...before, status } });
    },
  };
}
