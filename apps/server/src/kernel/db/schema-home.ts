import type { Generated } from 'kysely';
import type { Audit, Millis } from './schema';

// Tables of the workbench; see the migration 20261123100000_create_home_tables.

/**
 * A user's workbench layout: the widgets as JSON text (`[{ key, span }, ...]` in order; empty: never arranged, the
 * default), and the home variant they chose (`HOME_VARIANTS`).
 */
export interface SysUserLayoutTable {
  tenant_id: number;
  user_id: number;
  widgets: string;
  variant: Generated<string>;
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
