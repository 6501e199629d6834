import type { Generated } from 'kysely';
import type { Audit, Millis } from './schema';

// Tables of counting (tasks, sub-tasks, checklist, items, scan events, reviews, audit); see the migration
// 20261122120000_create_inventory_count_tables for what each column means.

/** Progress counters kept on tasks and sub-tasks. */
export interface ProgressColumns {
  location_count: Generated<number>;
  confirmed_location_count: Generated<number>;
  line_count: Generated<number>;
  counted_line_count: Generated<number>;
  diff_line_count: Generated<number>;
}

export interface InvTaskTable extends Audit, ProgressColumns {
  id: number;
  tenant_id: number;
  warehouse_id: number;
  code: string;
  name: string;
  type: number;
  count_mode: number;
  snapshot_id: number;
  start_date: string | null;
  end_date: string | null;
  tolerance_qty: Generated<number>;
  tolerance_pct: Generated<number>;
  required_passes: number;
  uncounted_rule: number;
  link_3d: string | null;
  inventory_status: number;
  audit_status: number;
  submitted_at: Millis | null;
  submitted_by: number | null;
  audited_at: Millis | null;
  audited_by: number | null;
  sub_task_count: Generated<number>;
  remark: string | null;
  version: Generated<number>;
}

/** Scope kinds of `inv_task_scope`. */
export const ScopeKind = { area: 1, location: 2, consignor: 3 } as const;

export interface InvTaskScopeTable {
  id: number;
  tenant_id: number;
  task_id: number;
  kind: number;
  ref_id: number;
}

export interface InvSubTaskTable extends Audit, ProgressColumns {
  id: number;
  tenant_id: number;
  task_id: number;
  warehouse_id: number;
  code: string;
  name: string;
  partition_kind: 'area' | 'aisle' | 'locations';
  partition_text: string;
  status: number;
  started_at: Millis | null;
  completed_at: Millis | null;
  remark: string | null;
  version: Generated<number>;
}

export interface InvSubTaskCounterTable {
  id: number;
  tenant_id: number;
  task_id: number;
  sub_task_id: number;
  user_id: number;
}

/** A location of a task's checklist (lcc): its sub-task once partitioned, its count state. */
export interface InvTaskLocationTable {
  id: number;
  tenant_id: number;
  task_id: number;
  sub_task_id: number | null;
  location_id: number;
  location_code: string;
  area_id: number;
  aisle: string | null;
  state: number;
  line_count: Generated<number>;
  counted_line_count: Generated<number>;
  /** Lines counted with a difference from the book (pass 1), kept by the ledger. */
  diff_line_count: Generated<number>;
  /** When the count of the location last moved on (first count of a line, a difference changing, confirmed). */
  counted_at: Generated<Millis | null>;
  confirmed_by: number | null;
  confirmed_at: Millis | null;
}

/** A count line. `lot` is '' for none. */
export interface InvItemTable {
  id: number;
  tenant_id: number;
  task_id: number;
  sub_task_id: number | null;
  location_id: number;
  location_code: string;
  area_id: number;
  sku_id: number;
  sku_code: string;
  consignor_id: number;
  consignor_code: string;
  lot: Generated<string>;
  book_qty: number;
  counted_qty: number | null;
  cartons: number | null;
  loose: number | null;
  diff_qty: number | null;
  result: number | null;
  counter_id: number | null;
  counted_at: Millis | null;
  abnormal_cause: string | null;
  picture_count: Generated<number>;
  review_qty: number | null;
  final_qty: number | null;
  unit_value: number | null;
  status: number;
  version: Generated<number>;
  remark: string | null;
  updated_at: Millis | null;
}

export interface InvItemPictureTable {
  id: number;
  tenant_id: number;
  task_id: number;
  item_id: number;
  file_key: string;
  name: string;
  size: number;
  created_at: Millis;
  created_by: number | null;
}

/** Kinds of scan events: device scans (unit, carton, empty, undo) and entries (set by hand, review). */
export type ScanEventKind = 'unit' | 'carton' | 'empty' | 'undo' | 'set' | 'review';

export interface InvScanEventTable {
  id: number;
  tenant_id: number;
  client_id: string;
  task_id: number;
  sub_task_id: number | null;
  location_id: number;
  item_id: number | null;
  user_id: number;
  kind: ScanEventKind;
  pass: number;
  code: string | null;
  raw_code: string | null;
  sku_id: number | null;
  lot: string | null;
  /** The quantity delta this event adds to its line's count of its pass (an undo is negative). */
  quantity: Generated<number>;
  /** The line's count of that pass right after this event. */
  quantity_after: number | null;
  undo_of: string | null;
  source: number;
  device_id: string | null;
  device_time: string | null;
  offline: Generated<number>;
  server_at: Millis;
  note: string | null;
}

export interface InvReviewTaskTable extends Audit {
  id: number;
  tenant_id: number;
  task_id: number;
  warehouse_id: number;
  code: string;
  source: 'auto' | 'auditor';
  assignee_id: number | null;
  deadline: string | null;
  blind: number;
  status: number;
  item_count: Generated<number>;
  reviewed_count: Generated<number>;
  reason: string | null;
  completed_at: Millis | null;
  version: Generated<number>;
}

export interface InvReviewItemTable {
  id: number;
  tenant_id: number;
  task_id: number;
  review_task_id: number;
  item_id: number;
  review_qty: number | null;
  outcome: 'confirmed' | 'corrected' | 'escalated' | null;
  reviewed_by: number | null;
  reviewed_at: Millis | null;
}

export interface InvAuditRecordTable {
  id: number;
  tenant_id: number;
  task_id: number;
  decision: number;
  reason: string | null;
  auditor_id: number;
  audited_at: Millis;
  review_task_id: number | null;
}
