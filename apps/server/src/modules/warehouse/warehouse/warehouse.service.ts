import type { InputOf, warehouseInfo } from '@shelfwise/contract';
import { scopeCoversOrg } from '../../../kernel/access/data-scope';
import { updated, withAudit } from '../../../kernel/db/tenant-scope';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { detectImageType, MAX_UPLOAD_BYTES } from '../../../kernel/files/file-store';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { createWarehouseRepo, type WarehouseRow } from './warehouse.repo';

type Input<K extends keyof typeof warehouseInfo> = InputOf<(typeof warehouseInfo)[K]>;

const planUrl = (row: { id: number; floor_plan: string | null }) =>
  row.floor_plan ? `/api/warehouseInfo/floorPlan/${row.id}?v=${row.floor_plan.split('/').pop()}` : null;

function warehouseDto(row: WarehouseRow, time: TimeFormatter) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    status: row.status,
    orgId: row.org_id,
    orgName: row.org_name,
    country: row.country,
    province: row.province,
    city: row.city,
    postalCode: row.postal_code,
    address1: row.address1,
    address2: row.address2,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    timeZone: row.time_zone,
    floorWidth: row.floor_width,
    floorLength: row.floor_length,
    floorPlan: planUrl(row),
    areaCount: Number(row.area_count),
    locationCount: Number(row.location_count),
    remark: row.remark,
    ...auditDto(row, time),
  };
}

/** Warehouses: owned by an organisation; reads and writes stay within the caller's data scope. */
export function createWarehouseService(kernel: Kernel) {
  const repo = createWarehouseRepo(kernel.db);

  async function warehouseOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(ctx, id);
    if (!row) throw notFound();
    return row;
  }

  async function checkOwner(ctx: UserContext, orgId: number) {
    if (!(await repo.orgExists(ctx, orgId))) throw notFound('organisation');
    if (!scopeCoversOrg(ctx, orgId)) throw new AppError('outsideDataScope');
  }

  const columns = (input: Input<'add'>) => ({
    org_id: input.orgId,
    code: input.code,
    name: input.name,
    status: input.status,
    country: input.country,
    province: input.province,
    city: input.city,
    postal_code: input.postalCode,
    address1: input.address1,
    address2: input.address2,
    contact_name: input.contactName,
    contact_phone: input.contactPhone,
    time_zone: input.timeZone,
    floor_width: input.floorWidth,
    floor_length: input.floorLength,
    remark: input.remark,
  });

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(ctx, input);
      return { ...page, items: page.items.map((r) => warehouseDto(r, time)) };
    },
    list: (ctx: UserContext) => repo.list(ctx),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) =>
      warehouseDto(await warehouseOr404(ctx, id), time),
    async add(ctx: UserContext, input: Input<'add'>) {
      await checkOwner(ctx, input.orgId);
      if (await repo.codeTaken(ctx, input.code)) throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      await repo.insert(ctx, withAudit(ctx, id, { ...columns(input), floor_plan: null }, Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const before = await warehouseOr404(ctx, input.id);
      await checkOwner(ctx, input.orgId);
      if (await repo.codeTaken(ctx, input.code, input.id)) throw new AppError('duplicateCode', { value: input.code });
      const changes = { ...columns(input), ...updated(ctx, Date.now()) };
      await repo.update(ctx, input.id, changes);
      kernel.logs.diff(ctx, {
        table: 'wh_warehouse',
        id: input.id,
        op: 'update',
        before,
        after: { ...before, ...changes },
      });
    },
    async delete(ctx: UserContext, id: number) {
      const row = await warehouseOr404(ctx, id);
      if (Number(row.area_count) > 0) throw new AppError('hasChildren');
      await repo.remove(ctx, id);
      if (row.floor_plan) await kernel.files.remove(row.floor_plan).catch(() => undefined);
      kernel.logs.diff(ctx, { table: 'wh_warehouse', id, op: 'delete', before: row });
    },
    async setStatus(ctx: UserContext, id: number, status: number) {
      const before = await warehouseOr404(ctx, id);
      await repo.update(ctx, id, { status, ...updated(ctx, Date.now()) });
      kernel.logs.diff(ctx, { table: 'wh_warehouse', id, op: 'update', before, after: { ...before, status } });
    },
    /** Stores a floor plan picture (checked by content) and replaces the previous one. */
    async uploadFloorPlan(ctx: UserContext, id: number, data: Buffer) {
      const row = await warehouseOr404(ctx, id);
      const type = detectImageType(data);
      if (!type || data.length > MAX_UPLOAD_BYTES) throw new AppError('imageInvalid');
      const key = `warehouses/${ctx.tenantId}/${id}/plan-${kernel.ids.next()}.${type}`;
      await kernel.files.put(key, data);
      await repo.update(ctx, id, { floor_plan: key, ...updated(ctx, Date.now()) });
      if (row.floor_plan) await kernel.files.remove(row.floor_plan).catch(() => undefined);
      return { url: planUrl({ id, floor_plan: key }) as string };
    },
    async floorPlan(ctx: UserContext, id: number) {
      const row = await warehouseOr404(ctx, id);
      const file = row.floor_plan ? await kernel.files.open(row.floor_plan) : null;
      if (!row.floor_plan || !file) throw notFound('floor plan');
      return { ...file, type: row.floor_plan.endsWith('.png') ? 'image/png' : 'image/jpeg' };
    },
  };
}
