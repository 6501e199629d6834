import type { Audit, Millis } from './schema';

// Tables of the warehouse master data and of counting (the rest of `Database` is in schema.ts).

export interface WhWarehouseTable extends Audit {
  id: number;
  tenant_id: number;
  org_id: number;
  code: string;
  name: string;
  status: number;
  country: string | null;
  province: string | null;
  city: string | null;
  postal_code: string | null;
  address1: string | null;
  address2: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  time_zone: string;
  floor_width: number | null;
  floor_length: number | null;
  floor_plan: string | null;
  remark: string | null;
}

export interface WhAreaTable extends Audit {
  id: number;
  tenant_id: number;
  warehouse_id: number;
  code: string;
  name: string;
  shelf_type: number;
  status: number;
  pos_x: number | null;
  pos_y: number | null;
  width: number | null;
  length: number | null;
  remark: string | null;
}

/** A camera stream of a storage area (`warehouse_id` copied from the area for the data scope). */
export interface WhLiveStreamTable extends Audit {
  id: number;
  tenant_id: number;
  warehouse_id: number;
  area_id: number;
  name: string;
  /** `LIVE_PROTOCOLS`: hls, mjpeg. */
  protocol: string;
  url: string;
  status: number;
  order_no: number;
  remark: string | null;
}

export interface WhLocationTable extends Audit {
  id: number;
  tenant_id: number;
  warehouse_id: number;
  area_id: number;
  code: string;
  aisle: string | null;
  bay: string | null;
  level: string | null;
  slot: string | null;
  length: number | null;
  width: number | null;
  height: number | null;
  max_load: number | null;
  max_capacity: number | null;
  status: number;
  x: number | null;
  y: number | null;
  z: number | null;
  abc_class: number | null;
  last_counted_at: Millis | null;
  remark: string | null;
}

export interface WhConsignorTable extends Audit {
  id: number;
  tenant_id: number;
  code: string;
  name: string;
  contact_name: string | null;
  contact_phone: string | null;
  email: string | null;
  address: string | null;
  status: number;
  remark: string | null;
}

export interface WhSkuTable extends Audit {
  id: number;
  tenant_id: number;
  consignor_id: number;
  code: string;
  name: string;
  unit: string | null;
  box_gauge: number | null;
  /** kg */
  unit_weight: number | null;
  /** m³ */
  unit_volume: number | null;
  unit_value: number | null;
  status: number;
  remark: string | null;
}

export interface WhSkuBarcodeTable {
  tenant_id: number;
  barcode: string;
  sku_id: number;
}

/** A stock snapshot: the WMS book stock of one warehouse at one moment. */
export interface InvSnapshotTable extends Audit {
  id: number;
  tenant_id: number;
  warehouse_id: number;
  title: string;
  taken_at: Millis;
  source_file: string | null;
  line_count: number;
  total_quantity: number;
  remark: string | null;
}

/** A line of a stock snapshot (codes kept as imported). */
export interface InvSnapshotLineTable {
  id: number;
  tenant_id: number;
  snapshot_id: number;
  location_id: number;
  sku_id: number;
  consignor_id: number;
  location_code: string;
  sku_code: string;
  consignor_code: string;
  lot: string | null;
  quantity: number;
}

/** An imported pick (codes kept as imported). */
export interface InvPickRecordTable extends Audit {
  id: number;
  tenant_id: number;
  warehouse_id: number;
  location_id: number;
  sku_id: number;
  consignor_id: number;
  location_code: string;
  sku_code: string;
  consignor_code: string;
  quantity: number;
  picked_at: Millis;
  order_ref: string | null;
}

/** Every table of the database, for Kysely's types. */
