/** Epoch milliseconds (UTC); formatted in the tenant's time zone at the API edge. */
export type Millis = number;
/** Who created and last changed a row, and when. */
export type Audit = {
  created_at: Millis;
  created_by: number | null;
  updated_at: Millis | null;
  updated_by: number | null;
};

export interface SysTenantTable extends Audit {
  id: number;
  name: string;
  host: string | null;
  status: number;
  time_zone: string;
  logo: string | null;
  title: string | null;
  vice_title: string | null;
  vice_desc: string | null;
  icp: string | null;
  icp_url: string | null;
  watermark: string | null;
  copyright: string | null;
  enable_reg: number;
  reg_way_id: number | null;
  order_no: number;
  remark: string | null;
}

export interface SysOrgTable extends Audit {
  id: number;
  tenant_id: number;
  pid: number;
  code: string;
  name: string;
  type: number | null;
  director_id: number | null;
  order_no: number;
  status: number;
  remark: string | null;
}

export interface SysPosTable extends Audit {
  id: number;
  tenant_id: number;
  code: string;
  name: string;
  order_no: number;
  status: number;
  remark: string | null;
}

/** A named text template of a tenant (platform/template). */
export interface SysTemplateTable extends Audit {
  id: number;
  tenant_id: number;
  code: string;
  name: string;
  group_name: string | null;
  content: string;
  content_zh_cn: string | null;
  content_zh_tw: string | null;
  sample_data: string | null;
  order_no: number;
  status: number;
  remark: string | null;
}

export interface SysUserTable extends Audit {
  id: number;
  tenant_id: number;
  account: string;
  password_hash: string;
  real_name: string | null;
  nick_name: string | null;
  phone: string | null;
  id_card_num: string | null;
  email: string | null;
  account_type: number;
  avatar: string | null;
  address: string | null;
  signature: string | null;
  org_id: number | null;
  pos_id: number | null;
  status: number;
  failed_count: number;
  locked_until: Millis | null;
  last_login_at: Millis | null;
  last_login_ip: string | null;
  order_no: number;
  remark: string | null;
}

export interface SysRoleTable extends Audit {
  id: number;
  tenant_id: number;
  code: string;
  name: string;
  data_scope: number;
  order_no: number;
  status: number;
  remark: string | null;
}

export interface SysUserRoleTable {
  tenant_id: number;
  user_id: number;
  role_id: number;
}

export interface SysRoleMenuTable {
  tenant_id: number;
  role_id: number;
  menu_id: number;
}

export interface SysTenantMenuTable {
  tenant_id: number;
  menu_id: number;
}

export interface SysMenuTable extends Audit {
  id: number;
  pid: number;
  type: number;
  name: string | null;
  path: string | null;
  component: string | null;
  redirect: string | null;
  permission: string | null;
  title: string;
  title_zh_cn: string | null;
  title_zh_tw: string | null;
  icon: string | null;
  is_iframe: number;
  out_link: string | null;
  is_hide: number;
  is_keep_alive: number;
  is_affix: number;
  order_no: number;
  status: number;
  remark: string | null;
}

export interface SysConfigTable extends Audit {
  id: number;
  name: string;
  code: string;
  value: string | null;
  sys_flag: number;
  group_code: string | null;
  order_no: number;
  remark: string | null;
}

export interface SysDictTypeTable extends Audit {
  id: number;
  tenant_id: number;
  name: string;
  code: string;
  order_no: number;
  remark: string | null;
  status: number;
  sys_flag: number;
  is_tenant: number;
}

export interface SysDictDataTable extends Audit {
  id: number;
  tenant_id: number;
  dict_type_id: number;
  value: string;
  label: string;
  code: string | null;
  tag_type: string;
  style_setting: string | null;
  class_setting: string | null;
  order_no: number;
  status: number;
  remark: string | null;
  ext_data: string | null;
}

export interface SysUserRegWayTable extends Audit {
  id: number;
  tenant_id: number;
  name: string;
  account_type: number;
  role_id: number;
  org_id: number;
  pos_id: number;
  order_no: number;
  remark: string | null;
}

export interface SysSessionTable {
  id: number;
  tenant_id: number;
  user_id: number;
  access_jti: string;
  refresh_jti: string;
  prev_refresh_jti: string | null;
  rotated_at: Millis | null;
  expires_at: Millis;
  revoked_at: Millis | null;
  revoke_reason: string | null;
  ip: string | null;
  user_agent: string | null;
  login_way: number;
  created_at: Millis;
  last_seen_at: Millis | null;
}

export interface SysRoleOrgTable {
  tenant_id: number;
  role_id: number;
  org_id: number;
}

export interface SysTenantConfigTable extends Audit {
  id: number;
  tenant_id: number;
  name: string;
  code: string;
  value: string | null;
  sys_flag: number;
  group_code: string | null;
  order_no: number;
  remark: string | null;
}

export interface SysUserMenuTable {
  tenant_id: number;
  user_id: number;
  menu_id: number;
  order_no: number;
  created_at: Millis;
}

export interface SysNodeTable {
  node_no: number;
  instance_id: string;
  host: string | null;
  started_at: Millis;
  heartbeat_at: Millis;
}

export interface SysNoticeTable extends Audit {
  id: number;
  tenant_id: number;
  title: string;
  content: string;
  type: number;
  status: number;
  publisher_id: number | null;
  publisher_name: string | null;
  published_at: Millis | null;
  withdrawn_at: Millis | null;
}

export interface SysNoticeUserTable {
  tenant_id: number;
  notice_id: number;
  user_id: number;
  read_at: Millis | null;
}

/** Platform-wide region (no tenant): country, province / state, city, district. */
export interface SysRegionTable extends Audit {
  id: number;
  pid: number;
  code: string;
  name_en: string;
  name_zh_cn: string | null;
  name_zh_tw: string | null;
  level: number;
  order_no: number;
  remark: string | null;
}

export interface SysMessageTable extends Audit {
  id: number;
  tenant_id: number;
  sender_id: number | null;
  sender_name: string | null;
  receiver_id: number;
  title: string;
  content: string;
  read_at: Millis | null;
}

/** Who acted, in every log row. */
type LogActor = {
  id: number;
  tenant_id: number;
  user_id: number | null;
  account: string | null;
  real_name: string | null;
  request_id: string | null;
  created_at: Millis;
};
/** Where a logged request came from. */
type LogClient = { ip: string | null; browser: string | null; os: string | null };

export interface SysLogVisTable extends LogActor, LogClient {
  action: number;
  success: number;
  message: string | null;
  login_way: number | null;
}

export interface SysLogOpTable extends LogActor, LogClient {
  service: string;
  action: string;
  method: string;
  path: string;
  permission: string | null;
  input: string | null;
  status: number;
  error_code: string | null;
  elapsed: number;
}

export interface SysLogExTable extends LogActor, LogClient {
  method: string;
  path: string;
  status: number;
  error_name: string;
  message: string | null;
  stack: string | null;
  input: string | null;
}

export interface SysLogDiffTable extends LogActor {
  table_name: string;
  record_id: string;
  op: string;
  changed_fields: string;
  before_data: string | null;
  after_data: string | null;
}

import type { SysScheduleTable, SysUserLayoutTable } from './schema-home';
import type {
  InvAuditRecordTable,
  InvItemPictureTable,
  InvItemTable,
  InvReviewItemTable,
  InvReviewTaskTable,
  InvScanEventTable,
  InvSubTaskCounterTable,
  InvSubTaskTable,
  InvTaskLocationTable,
  InvTaskScopeTable,
  InvTaskTable,
} from './schema-inventory';
import type {
  InvPickRecordTable,
  InvSnapshotLineTable,
  InvSnapshotTable,
  WhAreaTable,
  WhConsignorTable,
  WhLiveStreamTable,
  WhLocationTable,
  WhSkuBarcodeTable,
  WhSkuTable,
  WhWarehouseTable,
} from './schema-warehouse';

export * from './schema-home';
export * from './schema-inventory';
export * from './schema-warehouse';

export interface Database {
  sys_tenant: SysTenantTable;
  sys_org: SysOrgTable;
  sys_pos: SysPosTable;
  sys_template: SysTemplateTable;
  sys_user: SysUserTable;
  sys_role: SysRoleTable;
  sys_user_role: SysUserRoleTable;
  sys_role_menu: SysRoleMenuTable;
  sys_tenant_menu: SysTenantMenuTable;
  sys_menu: SysMenuTable;
  sys_config: SysConfigTable;
  sys_dict_type: SysDictTypeTable;
  sys_dict_data: SysDictDataTable;
  sys_user_reg_way: SysUserRegWayTable;
  sys_session: SysSessionTable;
  sys_node: SysNodeTable;
  sys_role_org: SysRoleOrgTable;
  sys_tenant_config: SysTenantConfigTable;
  sys_user_menu: SysUserMenuTable;
  sys_user_layout: SysUserLayoutTable;
  sys_schedule: SysScheduleTable;
  wh_warehouse: WhWarehouseTable;
  wh_area: WhAreaTable;
  wh_location: WhLocationTable;
  wh_live_stream: WhLiveStreamTable;
  wh_consignor: WhConsignorTable;
  wh_sku: WhSkuTable;
  wh_sku_barcode: WhSkuBarcodeTable;
  inv_snapshot: InvSnapshotTable;
  inv_snapshot_line: InvSnapshotLineTable;
  inv_pick_record: InvPickRecordTable;
  inv_task: InvTaskTable;
  inv_task_scope: InvTaskScopeTable;
  inv_sub_task: InvSubTaskTable;
  inv_sub_task_counter: InvSubTaskCounterTable;
  inv_task_location: InvTaskLocationTable;
  inv_item: InvItemTable;
  inv_item_picture: InvItemPictureTable;
  inv_scan_event: InvScanEventTable;
  inv_review_task: InvReviewTaskTable;
  inv_review_item: InvReviewItemTable;
  inv_audit_record: InvAuditRecordTable;
  sys_log_vis: SysLogVisTable;
  sys_log_op: SysLogOpTable;
  sys_log_ex: SysLogExTable;
  sys_log_diff: SysLogDiffTable;
  sys_notice: SysNoticeTable;
  sys_notice_user: SysNoticeUserTable;
  sys_message: SysMessageTable;
  sys_region: SysRegionTable;
}

/** Tables that belong to one tenant: every query on them goes through a tenant database (`tenant-db.ts`). */
export type TenantTable = {
  [K in keyof Database]: Database[K] extends { tenant_id: number } ? K : never;
}[keyof Database];
