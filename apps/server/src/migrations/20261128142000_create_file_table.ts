import type { Kysely } from 'kysely';
import { seedId } from '../kernel/db/ids';
import { tableOptions } from '../kernel/db/migrator';

/**
 * The file register (platform/file): one row per stored file of a tenant, with the record that uses it. The uploads
 * that existed before it (avatars and e-signatures, warehouse floor plans, count-line pictures, tenant logos) are
 * registered here with their business reference; their bytes stay where they are under the same storage key, so
 * no file moves and none is lost. A migration cannot reach the file store (it is given the database only, and the
 * store may be S3), so sizes of files it does not know and every SHA-256 are filled by the start-up check
 * (`kernel/files/file-check.ts`), which reads each registered file once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableOptions(db, db.schema.createTable('sys_file'))
    .addColumn('id', 'bigint', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(512)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('suffix', 'varchar(16)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(128)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)')
    .addColumn('biz_type', 'varchar(64)')
    .addColumn('biz_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint')
    .execute();
  await db.schema.createIndex('ix_sys_file_created').on('sys_file').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('ix_sys_file_key').on('sys_file').columns(['tenant_id', 'storage_key']).execute();
  await db.schema.createIndex('ix_sys_file_biz').on('sys_file').columns(['tenant_id', 'biz_type', 'biz_id']).execute();
  await registerExisting(db as Kysely<Legacy>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_file').ifExists().execute();
}

/** The columns of the tables that held uploads before the register, as this migration reads them. */
interface Legacy {
  sys_user: { id: number; tenant_id: number; avatar: string | null; signature: string | null };
  wh_warehouse: { id: number; tenant_id: number; floor_plan: string | null };
  inv_item_picture: {
    id: number;
    tenant_id: number;
    item_id: number;
    file_key: string;
    name: string;
    size: number;
    created_at: number;
    created_by: number | null;
  };
  sys_tenant: { id: number; logo: string | null };
  sys_file: {
    id: number;
    tenant_id: number;
    storage_key: string;
    file_name: string;
    suffix: string;
    content_type: string;
    size: number;
    sha256: string | null;
    biz_type: string | null;
    biz_id: number | null;
    created_at: number;
    created_by: number | null;
    updated_at: number | null;
    updated_by: number | null;
  };
}

const LOGO_PREFIX = '/api/sysConfig/logo/';

async function registerExisting(db: Kysely<Legacy>) {
  const now = Date.now();
  const rows: Legacy['sys_file'][] = [];
  const add = (
    tenantId: number,
    key: string,
    bizType: string,
    bizId: number,
    extra: { name?: string; size?: number; at?: number; by?: number | null } = {},
  ) => {
    const suffix = (/\.([a-z0-9]{1,8})$/i.exec(key)?.[1] ?? '').toLowerCase();
    rows.push({
      id: seedId(`file:${tenantId}:${key}`),
      tenant_id: Number(tenantId),
      storage_key: key,
      file_name: (extra.name ?? key.split('/').pop() ?? key).slice(0, 255),
      suffix,
      content_type: suffix === 'png' ? 'image/png' : suffix === 'jpg' ? 'image/jpeg' : 'application/octet-stream',
      size: Number(extra.size ?? 0),
      sha256: null,
      biz_type: bizType,
      biz_id: Number(bizId),
      created_at: Number(extra.at ?? now),
      created_by: extra.by ?? null,
      updated_at: null,
      updated_by: null,
    });
  };
  for (const u of await db.selectFrom('sys_user').select(['id', 'tenant_id', 'avatar', 'signature']).execute()) {
    if (u.avatar) add(u.tenant_id, u.avatar, 'userAvatar', u.id);
    if (u.signature) add(u.tenant_id, u.signature, 'userSignature', u.id);
  }
  const plans = await db.selectFrom('wh_warehouse').select(['id', 'tenant_id', 'floor_plan']).execute();
  for (const w of plans) if (w.floor_plan) add(w.tenant_id, w.floor_plan, 'warehouseFloorPlan', w.id);
  for (const p of await db.selectFrom('inv_item_picture').selectAll().execute()) {
    add(p.tenant_id, p.file_key, 'inventoryLinePicture', p.item_id, {
      name: p.name,
      size: p.size,
      at: p.created_at,
      by: p.created_by,
    });
  }
  for (const t of await db.selectFrom('sys_tenant').select(['id', 'logo']).execute()) {
    if (t.logo?.startsWith(LOGO_PREFIX)) add(t.id, `logo/${t.logo.slice(LOGO_PREFIX.length)}`, 'tenantLogo', t.id);
  }
  // one row per tenant and key: a key used twice by a tenant (an avatar also set as a signature) is registered once
  const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
  for (let i = 0; i < unique.length; i += 200) {
    await db
      .insertInto('sys_file')
      .values(unique.slice(i, i + 200))
      .execute();
  }
}
