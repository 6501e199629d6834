import type { TimeFormatter } from './context';

/** The audit fields every entity sends, from a row's audit columns. */
export function auditDto(
  row: { created_at: number; created_by: number | null; updated_at: number | null; updated_by: number | null },
  time: TimeFormatter,
) {
  return {
    createTime: time(row.created_at),
    updateTime: time(row.updated_at),
    createUserId: row.created_by,
    updateUserId: row.updated_by,
  };
}
