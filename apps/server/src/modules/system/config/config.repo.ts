import type { InputOf, sysConfig } from '@shelfwise/contract';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database } from '../../../kernel/db/schema';

type Filter = { name?: string; code?: string; groupCode?: string };

const SORT = { name: 'name', code: 'code', groupCode: 'group_code', orderNo: 'order_no', createTime: 'created_at' };

function applyFilter<O>(q: SelectQueryBuilder<Database, 'sys_config', O>, f: Filter & { keyword?: string }) {
  let out = q;
  if (f.name) out = out.where(ilike('name', f.name));
  if (f.code) out = out.where(ilike('code', f.code));
  if (f.groupCode) out = out.where('group_code', '=', f.groupCode);
  if (f.keyword) {
    const k = f.keyword;
    out = out.where((eb) => eb.or([ilike('name', k), ilike('code', k), ilike('value', k)]));
  }
  return out;
}

/**
 * Data access of platform parameters. `sys_config` is platform-wide (not tenant-owned): the Parameters menu
 * belongs to the platform administration; per-tenant settings are the tenant configuration feature.
 */
export function createConfigRepo(db: Kysely<Database>) {
  const base = () => db.selectFrom('sys_config').selectAll();
  return {
    page: (input: InputOf<typeof sysConfig.page>) =>
      paginate(applyFilter(base(), input), input, SORT, { column: 'created_at', desc: true }, 'id'),
    list: (f: Filter) => applyFilter(base(), f).orderBy('order_no').orderBy('id').execute(),
    byId: (id: number) => base().where('id', '=', id).executeTakeFirst(),
    byCode: (code: string) => base().where('code', '=', code).executeTakeFirst(),
    groups: async () =>
      (
        await db
          .selectFrom('sys_config')
          .select('group_code')
          .distinct()
          .where('group_code', 'is not', null)
          .orderBy('group_code')
          .execute()
      ).map((r) => r.group_code as string),
  };
}
