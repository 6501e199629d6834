import type { Audit } from './schema';

/**
 * A stored file of a tenant (platform/file): where its bytes are (`storage_key` in the file store), what it is by
 * content, and the record that uses it (`biz_type` + `biz_id`; null for a file uploaded on its own).
 */
export interface SysFileTable extends Audit {
  id: number;
  tenant_id: number;
  storage_key: string;
  file_name: string;
  suffix: string;
  content_type: string;
  size: number;
  /** Hex SHA-256 of the bytes; null until the start-up check has read a file registered by the migration. */
  sha256: string | null;
  biz_type: string | null;
  biz_id: number | null;
}
