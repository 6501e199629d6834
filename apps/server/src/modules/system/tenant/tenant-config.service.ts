import { type InputOf, type sysTenantConfig, YesNo } from '@shelfwise/contract';
import { audited, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { tenantConfigRepo as repo, type TenantConfigRow } from './tenant-config.repo';

type Input<K extends keyof typeof sysTenantConfig> = InputOf<(typeof sysTenantConfig)[K]>;
type Row = TenantConfigRow;

function configDto(row: Row, time: TimeFormatter) {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    value: row.value,
    sysFlag: row.sys_flag,
    groupCode: row.group_code,
    orderNo: row.order_no,
    remark: row.remark,
    ...auditDto(row, time),
  };
}

/** Tenant configuration: key/value rows owned by the caller's tenant, the same rules as the platform parameters. */
export function createTenantConfigService(kernel: Kernel) {
  const tdb = (ctx: UserContext) => kernel.tenantDb(ctx);
  async function rowOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(tdb(ctx), id);
    if (!row) throw notFound();
    return row;
  }
  const columns = (input: Input<'add'>) => ({
    name: input.name,
    code: input.code,
    value: input.value ?? null,
    group_code: input.groupCode ?? null,
    order_no: input.orderNo,
    remark: input.remark ?? null,
  });
  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), input);
      return { ...page, items: page.items.map((r) => configDto(r, time)) };
    },
    list: async (ctx: UserContext, groupCode: string | undefined, time: TimeFormatter) =>
      (await repo.list(tdb(ctx), groupCode)).map((r) => configDto(r, time)),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) => configDto(await rowOr404(ctx, id), time),
    async add(ctx: UserContext, input: Input<'add'>) {
      if (await repo.codeTaken(tdb(ctx), input.code)) throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      await repo.insert(tdb(ctx), audited(ctx, id, { ...columns(input), sys_flag: YesNo.no }, Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const row = await rowOr404(ctx, input.id);
      if (row.sys_flag === YesNo.yes && row.code !== input.code) throw new AppError('sysFlagProtected');
      if (await repo.codeTaken(tdb(ctx), input.code, input.id))
        throw new AppError('duplicateCode', { value: input.code });
      const changes = { ...columns(input), ...updatedBy(ctx, Date.now()) };
      await repo.update(tdb(ctx), input.id, changes);
      kernel.logs.diff(ctx, {
        table: 'sys_tenant_config',
        id: input.id,
        op: 'update',
        before: row,
        after: { ...row, ...changes },
      });
    },
    async delete(ctx: UserContext, id: number) {
      const row = await rowOr404(ctx, id);
      if (row.sys_flag === YesNo.yes) throw new AppError('sysFlagProtected');
      await repo.remove(tdb(ctx), [id]);
      kernel.logs.diff(ctx, { table: 'sys_tenant_config', id, op: 'delete', before: row });
    },
    batchDelete: (ctx: UserContext, ids: number[]) => repo.remove(tdb(ctx), ids),
    batchUpdate: (ctx: UserContext, values: Input<'batchUpdate'>) =>
      repo.setValues(tdb(ctx), values, updatedBy(ctx, Date.now())),
    groups: (ctx: UserContext) => repo.groups(tdb(ctx)),
  };
}
