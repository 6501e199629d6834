import type { Audit, Millis } from './schema';

// Tables of the workbench; see the migration 20261123100000_create_home_tables.

/** A user's workbench layout: the widgets as JSON text (`[{ key, span }, ...]` in order). */
export interface SysUserLayoutTable {
  tenant_id: number;
  user_id: number;
  widgets: string;
  updated_at: Millis;
}

/** A personal calendar item; `all_day` 1 yes / 0 no. */
export interface SysScheduleTable extends Audit {
  id: number;
  tenant_id: number;
  user_id: number;
  title: string;
  start_at: Millis;
  end_at: Millis;
  all_day: number;
  color: string;
  remark: string | null;
}
