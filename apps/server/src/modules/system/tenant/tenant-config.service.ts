import { type InputOf, type sysTenantConfig, YesNo } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, SysTenantConfigTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped, updated, withAudit } from '../../../kernel/db/tenant-scope';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';

type Input<K extends keyof typeof sysTenantConfig> = InputOf<(typeof sysTenantConfig)[K]>;
type Row = SysTenantConfigTable & { id: number };

const SORT = { name: 'name', code: 'code', groupCode: 'group_code', orderNo: 'order_no', createTime: 'created_at' };

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

function createTenantConfigRepo(db: Kysely<Database>) {
  const rows = (ctx: TenantContext) => tenantScoped(db, ctx, 'sys_tenant_config');
  return {
    page(ctx: TenantContext, input: Input<'page'>) {
      let q = rows(ctx).selectFrom().selectAll();
      if (input.name) q = q.where(ilike('name', input.name));
      if (input.code) q = q.where(ilike('code', input.code));
      if (input.groupCode) q = q.where('group_code', '=', input.groupCode);
      if (input.keyword) {
        const k = input.keyword;
        q = q.where((eb) => eb.or([ilike('name', k), ilike('code', k), ilike('value', k)]));
      }
      return paginate(q, input, SORT, { column: 'order_no', desc: false }, 'id');
    },
    list(ctx: TenantContext, groupCode?: string) {
      let q = rows(ctx).selectFrom().selectAll();
      if (groupCode) q = q.where('group_code', '=', groupCode);
      return q.orderBy('group_code').orderBy('order_no').orderBy('id').execute();
    },
    byId: (ctx: TenantContext, id: number) =>
      rows(ctx).selectFrom().selectAll().where('id', '=', id).executeTakeFirst(),
    codeTaken: async (ctx: TenantContext, code: string, exceptId?: number) => {
      let q = rows(ctx).selectFrom().select('id').where('code', '=', code);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    insert: (ctx: TenantContext, row: Row) => rows(ctx).insertInto().values(row).execute(),
    update: (ctx: TenantContext, id: number, set: Partial<SysTenantConfigTable>) =>
      rows(ctx).updateTable().set(set).where('id', '=', id).execute(),
    /** Deletes rows that are not built in; returns how many went. */
    remove: async (ctx: TenantContext, ids: readonly number[]) =>
      Number(
        (
          await rows(ctx)
            .deleteFrom()
            .where('id', 'in', [...ids])
            .where('sys_flag', '<>', YesNo.yes)
            .executeTakeFirst()
        ).numDeletedRows,
      ),
    setValues: (ctx: TenantContext, values: readonly { code: string; value: string | null }[], audit: object) =>
      db.transaction().execute(async (trx) => {
        let n = 0;
        for (const v of values) {
          const r = await tenantScoped(trx, ctx, 'sys_tenant_config')
            .updateTable()
            .set({ value: v.value, ...audit })
            .where('code', '=', v.code)
            .executeTakeFirst();
          n += Number(r.numUpdatedRows);
        }
        return n;
      }),
    groups: async (ctx: TenantContext) =>
      (
        await rows(ctx)
          .selectFrom()
          .select('group_code')
          .distinct()
          .where('group_code', 'is not', null)
          .orderBy('group_code')
          .execute()
      ).map((r) => r.group_code as string),
  };
}

/** Tenant configuration: key/value rows owned by the caller's tenant, the same rules as the platform parameters. */
export function createTenantConfigService(kernel: Kernel) {
  const repo = createTenantConfigRepo(kernel.db);
  async function rowOr404(ctx: UserContext, id: number) {
    const row = await repo.byId(ctx, id);
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
      const page = await repo.page(ctx, input);
      return { ...page, items: page.items.map((r) => configDto(r, time)) };
    },
    list: async (ctx: UserContext, groupCode: string | undefined, time: TimeFormatter) =>
      (await repo.list(ctx, groupCode)).map((r) => configDto(r, time)),
    detail: async (ctx: UserContext, id: number, time: TimeFormatter) => configDto(await rowOr404(ctx, id), time),
    async add(ctx: UserContext, input: Input<'add'>) {
      if (await repo.codeTaken(ctx, input.code)) throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      await repo.insert(ctx, withAudit(ctx, id, { ...columns(input), sys_flag: YesNo.no }, Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const row = await rowOr404(ctx, input.id);
      if (row.sys_flag === YesNo.yes && row.code !== input.code) throw new AppError('sysFlagProtected');
      if (await repo.codeTaken(ctx, input.code, input.id)) throw new AppError('duplicateCode', { value: input.code });
      const changes = { ...columns(input), ...updated(ctx, Date.now()) };
      await repo.update(ctx, input.id, changes);
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
      await repo.remove(ctx, [id]);
      kernel.logs.diff(ctx, { table: 'sys_tenant_config', id, op: 'delete', before: row });
    },
    batchDelete: (ctx: UserContext, ids: number[]) => repo.remove(ctx, ids),
    batchUpdate: (ctx: UserContext, values: Input<'batchUpdate'>) =>
      repo.setValues(ctx, values, updated(ctx, Date.now())),
    groups: (ctx: UserContext) => repo.groups(ctx),
  };
}
