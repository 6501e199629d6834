import { createHash } from 'node:crypto';
import type { TenantDb } from '../db/tenant-db';
import { suffixOf } from './content-type';

/** What kind of record uses a file: the business types the register knows. */
export type FileBizType = 'userAvatar' | 'userSignature' | 'warehouseFloorPlan' | 'inventoryLinePicture' | 'tenantLogo';

/** A file just written to the store, to be entered in the register with the record that uses it. */
export interface StoredFile {
  id: number;
  key: string;
  name: string;
  contentType: string;
  data: Buffer;
  bizType: FileBizType | null;
  bizId: number | null;
  userId: number | null;
}

/**
 * The file register (`sys_file`) as the uploads of every module write it: each stored file gets a row with its
 * business reference, and the row goes when the record stops using the file. A module calls `record` after
 * `kernel.files.put`, and `release` where it removes the bytes (docs/api-contract.md#paging-export-import-upload).
 */
export const fileRegister = {
  async record(db: TenantDb, f: StoredFile) {
    await db
      .insertInto('sys_file')
      .values({
        id: f.id,
        storage_key: f.key,
        file_name: f.name.slice(0, 255),
        suffix: suffixOf(f.name) || suffixOf(f.key),
        content_type: f.contentType,
        size: f.data.length,
        sha256: createHash('sha256').update(f.data).digest('hex'),
        biz_type: f.bizType,
        biz_id: f.bizId,
        created_at: Date.now(),
        created_by: f.userId,
        updated_at: null,
        updated_by: null,
      })
      .execute();
  },
  /**
   * The record that used the file under `key` is gone but the bytes stay: the file is kept in the register as used by
   * nothing, so an administrator sees it and may delete it on the Files page.
   */
  async detach(db: TenantDb, key: string) {
    await db.updateTable('sys_file').set({ biz_type: null, biz_id: null }).where('storage_key', '=', key).execute();
  },
  /** The record no longer uses the file under `key`: its register rows go (the caller removes the bytes). */
  async release(db: TenantDb, key: string) {
    await db.deleteFrom('sys_file').where('storage_key', '=', key).execute();
  },
};

/** The content type of a picture suffix the uploads store (`png` / `jpg`). */
export const imageContentType = (type: 'png' | 'jpg') => (type === 'png' ? 'image/png' : 'image/jpeg');
