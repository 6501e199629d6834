import type { Migration } from 'kysely';
import * as createSystemTables from './20261121000000_create_system_tables';
import * as createLogTables from './20261121010000_create_log_tables';
import * as createNoticeTables from './20261121020000_create_notice_tables';
import * as createIdentityTables from './20261121030000_create_identity_tables';
import * as createRegionTable from './20261121040000_create_region_table';
import * as createConsignorSkuTables from './20261121050000_create_consignor_sku_tables';
import * as createWarehouseTables from './20261121060000_create_warehouse_tables';
import * as createInventorySnapshotTables from './20261122090000_create_inventory_snapshot_tables';
import * as createInventoryCountTables from './20261122120000_create_inventory_count_tables';
import * as createHomeTables from './20261123100000_create_home_tables';
import * as addOverviewCounters from './20261124100000_add_overview_counters';
import * as indexTaskLocationByLocation from './20261124300000_index_task_location_by_location';
import * as createLiveStreamTable from './20261127143817_create_live_stream_table';
import * as addHomeVariant from './20261127144552_add_home_variant';
import * as createTemplateTable from './20261128110000_create_template_table';
import * as indexListOrders from './20261128144000_index_list_orders';

/** Every migration, by name; names sort in the order they run. Never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '20261121000000_create_system_tables': createSystemTables,
  '20261121010000_create_log_tables': createLogTables,
  '20261121020000_create_notice_tables': createNoticeTables,
  '20261121030000_create_identity_tables': createIdentityTables,
  '20261121040000_create_region_table': createRegionTable,
  '20261121050000_create_consignor_sku_tables': createConsignorSkuTables,
  '20261121060000_create_warehouse_tables': createWarehouseTables,
  '20261122090000_create_inventory_snapshot_tables': createInventorySnapshotTables,
  '20261122120000_create_inventory_count_tables': createInventoryCountTables,
  '20261123100000_create_home_tables': createHomeTables,
  '20261124100000_add_overview_counters': addOverviewCounters,
  '20261124300000_index_task_location_by_location': indexTaskLocationByLocation,
  '20261127143817_create_live_stream_table': createLiveStreamTable,
  '20261127144552_add_home_variant': addHomeVariant,
  '20261128110000_create_template_table': createTemplateTable,
  '20261128144000_index_list_orders': indexListOrders,
};
