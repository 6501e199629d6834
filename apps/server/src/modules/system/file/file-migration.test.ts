import { api } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { completeFileRegister } from '../../../kernel/files/file-check';
import * as migration from '../../../migrations/20261128142000_create_file_table';
import { JPEG_BYTES, PNG_BYTES } from '../../../test/fixtures';
import { describeEachDialect } from '../../../test/harness';
import { fetchUrl, sha256 } from './file-fixtures';

const { sysFile: f } = api;

/**
 * The migration that creates the file register, run on a database holding uploads made before it: every avatar,
 * e-signature, floor plan, count-line picture and logo is registered with its record, and still downloads,
 * through the register's links and through the endpoints that served it before.
 */
describeEachDialect('sys_file migration of earlier uploads', (get) => {
  let admin = '';
  const ids = { user: 0, warehouse: 0, picture: 0 };
  const keys = {
    avatar: `users/${DEFAULT_TENANT_ID}/1/avatar-1.png`,
    plan: `warehouses/${DEFAULT_TENANT_ID}/2/plan-2.jpg`,
    picture: `inventory/${DEFAULT_TENANT_ID}/3/4/5.png`,
    logo: 'logo/0123456789abcdef0123456789abcdef.png',
  };
  beforeAll(async () => {
    const t = get();
    admin = (await t.login('admin')).accessToken;
    // biome-ignore lint/suspicious/noExplicitAny: the test writes the tables as they were before the register
    const db = t.kernel.db as unknown as Kysely<any>;
    await migration.down(db);
    const user = await db
      .selectFrom('sys_user')
      .select(['id', 'org_id'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    ids.user = Number(user.id);
    await db.updateTable('sys_user').set({ avatar: keys.avatar }).where('id', '=', ids.user).execute();
    ids.warehouse = t.kernel.ids.next();
    await db
      .insertInto('wh_warehouse')
      .values({
        id: ids.warehouse,
        tenant_id: DEFAULT_TENANT_ID,
        org_id: user.org_id ?? 0,
        code: 'WH-MIG',
        name: 'Migrated',
        floor_plan: keys.plan,
        status: 1,
        time_zone: 'UTC',
        created_at: Date.now(),
      })
      .execute();
    ids.picture = t.kernel.ids.next();
    await db
      .insertInto('inv_item_picture')
      .values({
        id: ids.picture,
        tenant_id: DEFAULT_TENANT_ID,
        task_id: 3,
        item_id: 4,
        file_key: keys.picture,
        name: 'shelf 4.png',
        size: PNG_BYTES.length,
        created_at: Date.now(),
        created_by: ids.user,
      })
      .execute();
    await db
      .updateTable('sys_tenant')
      .set({ logo: `/api/sysConfig/logo/${keys.logo.slice(5)}` })
      .where('id', '=', DEFAULT_TENANT_ID)
      .execute();
    await t.kernel.tenants.invalidate(DEFAULT_TENANT_ID);
    await t.kernel.files.put(keys.avatar, PNG_BYTES);
    await t.kernel.files.put(keys.plan, JPEG_BYTES);
    await t.kernel.files.put(keys.picture, PNG_BYTES);
    await t.kernel.files.put(keys.logo, PNG_BYTES);
    await migration.up(db);
  });

  it('registers every earlier upload with the record that uses it', async () => {
    const t = get();
    const page = (await t.call(f.page, { pageSize: 100 }, { token: admin })).result.items;
    const byType = Object.fromEntries(page.map((i) => [i.bizType, i]));
    expect(byType.userAvatar).toMatchObject({ bizId: ids.user, inUse: true, contentType: 'image/png' });
    expect(byType.warehouseFloorPlan).toMatchObject({ bizId: ids.warehouse, contentType: 'image/jpeg' });
    expect(byType.inventoryLinePicture).toMatchObject({ bizId: 4, fileName: 'shelf 4.png', size: PNG_BYTES.length });
    expect(byType.tenantLogo).toMatchObject({ bizId: DEFAULT_TENANT_ID });
    expect(page.every((i) => i.sha256 === null)).toBe(true);
  });

  it('fills size and hash at start-up by reading the store once, and every file still downloads', async () => {
    const t = get();
    const checked = await completeFileRegister(t.kernel.db, t.kernel.files, t.kernel.log);
    expect(checked).toEqual({ done: 4, missing: [] });
    const page = (await t.call(f.page, { pageSize: 100 }, { token: admin })).result.items;
    const plan = page.find((i) => i.bizType === 'warehouseFloorPlan');
    expect(plan).toMatchObject({ size: JPEG_BYTES.length, sha256: sha256(JPEG_BYTES) });
    for (const item of page) {
      const { url } = (await t.call(f.getUrl, { id: item.id }, { token: admin })).result;
      const got = await fetchUrl(t, url);
      expect(got.status, item.bizType ?? '').toBe(200);
      expect(sha256(got.raw)).toBe(item.sha256);
    }
    // the endpoints that served them before still do
    const headers = { authorization: `Bearer ${admin}` };
    const avatar = await t.app.inject({ method: 'GET', url: `/api/sysUser/image/avatar/${ids.user}`, headers });
    expect(avatar.rawPayload.equals(PNG_BYTES)).toBe(true);
    const planImg = await t.app.inject({
      method: 'GET',
      url: `/api/warehouseInfo/floorPlan/${ids.warehouse}`,
      headers,
    });
    expect(planImg.rawPayload.equals(JPEG_BYTES)).toBe(true);
    const logo = await t.app.inject({ method: 'GET', url: `/api/sysConfig/logo/${keys.logo.slice(5)}` });
    expect(logo.rawPayload.equals(PNG_BYTES)).toBe(true);
    // a file in use is not deleted through the register
    const avatarRow = page.find((i) => i.bizType === 'userAvatar');
    expect((await t.call(f.delete, { id: avatarRow?.id }, { token: admin })).status).toBe(409);
  });
});
