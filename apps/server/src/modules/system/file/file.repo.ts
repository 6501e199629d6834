import type { InputOf, sysFile } from '@shelfwise/contract';
import { type Selectable, sql } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

const SORT = { fileName: 'file_name', size: 'size', createTime: 'created_at' };

type FileTable = TenantDatabase['sys_file'];

/** A register row with the name of the account that uploaded it. */
export type FileRow = Selectable<FileTable> & { uploader: string | null };

/** The page filters with the time bounds already read on the tenant's clock (epoch ms, end exclusive). */
export type FilePageFilters = InputOf<typeof sysFile.page> & { from?: number | undefined; to?: number | undefined };

const withUploader = (db: TenantDb) =>
  db
    .selectFrom('sys_file')
    .selectAll('sys_file')
    .select((eb) =>
      eb
        .selectFrom('sys_user as u')
        .whereRef('u.id', '=', 'sys_file.created_by')
        .select(sql<string>`coalesce(u.real_name, u.account)`.as('n'))
        .as('uploader'),
    );

/**
 * Data access of the file register. Every method takes the tenant database first (`kernel.tenantDb(ctx)`), which
 * scopes each query to the caller's tenant (docs/tenancy-and-permissions.md).
 */
export const fileRepo = {
  page(db: TenantDb, f: FilePageFilters) {
    let q = withUploader(db);
    if (f.fileName) q = q.where(ilike('file_name', f.fileName));
    if (f.keyword) q = q.where(ilike('file_name', f.keyword));
    if (f.kind === 'image') q = q.where('content_type', 'like', 'image/%');
    if (f.kind === 'pdf') q = q.where('content_type', '=', 'application/pdf');
    if (f.kind === 'other') {
      q = q.where('content_type', 'not like', 'image/%').where('content_type', '<>', 'application/pdf');
    }
    if (f.sizeMin !== undefined) q = q.where('size', '>=', f.sizeMin);
    if (f.sizeMax !== undefined) q = q.where('size', '<=', f.sizeMax);
    if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('created_at', '<', f.to);
    if (f.bizType) q = q.where('biz_type', '=', f.bizType);
    if (f.bizId) q = q.where('biz_id', '=', f.bizId);
    if (f.uploader) {
      const who = f.uploader;
      q = q.where('created_by', 'in', (eb) =>
        eb
          .selectFrom('sys_user')
          .select('id')
          .where((u) => u.or([ilike('account', who), ilike('real_name', who)])),
      );
    }
    return paginate(q, f, SORT, { column: 'created_at', desc: true }, 'id');
  },
  byId: (db: TenantDb, id: number) => withUploader(db).where('id', '=', id).executeTakeFirst(),
  insert: (db: TenantDb, row: FileTable) => db.insertInto('sys_file').values(row).execute(),
  rename: (db: TenantDb, id: number, set: Pick<FileTable, 'file_name' | 'updated_at' | 'updated_by'>) =>
    db.updateTable('sys_file').set(set).where('id', '=', id).execute(),
  remove: (db: TenantDb, id: number) => db.deleteFrom('sys_file').where('id', '=', id).execute(),
  /** Whether the record a row names still uses its bytes (a register row can outlive a record deleted since). */
  async stillUsed(db: TenantDb, row: Pick<FileRow, 'storage_key' | 'biz_type' | 'biz_id'>) {
    const key = row.storage_key;
    const found = (q: { executeTakeFirst(): Promise<unknown> }) => q.executeTakeFirst().then((r) => r !== undefined);
    switch (row.biz_type) {
      case null:
        return false;
      case 'userAvatar':
        return found(db.selectFrom('sys_user').select('id').where('avatar', '=', key));
      case 'userSignature':
        return found(db.selectFrom('sys_user').select('id').where('signature', '=', key));
      case 'warehouseFloorPlan':
        return found(db.selectFrom('wh_warehouse').select('id').where('floor_plan', '=', key));
      case 'inventoryLinePicture':
        return found(db.selectFrom('inv_item_picture').select('id').where('file_key', '=', key));
      case 'tenantLogo':
        return found(
          db
            .selectFrom('sys_tenant')
            .select('id')
            .where('id', '=', Number(row.biz_id))
            .where('logo', '=', `/api/sysConfig/logo/${key.replace(/^logo\//, '')}`),
        );
      default:
        // a kind this version does not know: kept, to be safe
        return true;
    }
  },
  /** Whether another row of the tenant still points at the same stored bytes. */
  async keyShared(db: TenantDb, key: string, exceptId: number) {
    const row = await db
      .selectFrom('sys_file')
      .select('id')
      .where('storage_key', '=', key)
      .where('id', '<>', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  },
};
