export * from './barcode/code128';
export * from './barcode/gs1';
export * from './common';
export * from './endpoint';
export * from './enum-types';
export * from './enums';
export * from './errors';
export * from './i18n';
export * from './insight/location-overview';
export * from './insight/overview';
export * from './insight/pick-count';
export * from './insight/planner';
export * from './insight/scan-summary';
export * from './insight/stats-common';
export * from './inventory/audit';
export * from './inventory/item';
export * from './inventory/rules';
export * from './inventory/snapshot';
export * from './inventory/subtask';
export * from './inventory/task';
export * from './patterns';
export * from './route';
export { routes } from './routes.gen';
export * from './system/auth';
export * from './system/cache';
export * from './system/config';
export * from './system/const';
export * from './system/dict';
export * from './system/file';
export * from './system/home';
export * from './system/job';
export * from './system/log';
export * from './system/menu';
export * from './system/notice';
export * from './system/online-user';
export * from './system/org';
export * from './system/pos';
export * from './system/region';
export * from './system/role';
export * from './system/server';
export * from './system/template';
export * from './system/tenant';
export * from './system/update';
export * from './system/user';
export * from './url';
export * from './warehouse/area';
export * from './warehouse/consignor';
export * from './warehouse/live-view';
export * from './warehouse/location';
export * from './warehouse/sku';
export * from './warehouse/warehouse';

import type { Endpoint } from './endpoint';
import { locationOverview } from './insight/location-overview';
import { warehouseOverview } from './insight/overview';
import { pickCount } from './insight/pick-count';
import { consolidationPlanner } from './insight/planner';
import { scanSummary } from './insight/scan-summary';
import { inventoryCheckAudit, inventoryReviewTask } from './inventory/audit';
import { inventoryCheckItem, inventoryScan } from './inventory/item';
import { inventoryPickRecord, inventorySnapshot } from './inventory/snapshot';
import { inventoryCheckSubTask } from './inventory/subtask';
import { inventoryCheckTask } from './inventory/task';
import { swagger, sysAuth, sysSms } from './system/auth';
import { sysCache } from './system/cache';
import { sysConfig } from './system/config';
import { sysConst } from './system/const';
import { sysDictData, sysDictType } from './system/dict';
import { sysFile } from './system/file';
import { sysHome, sysSchedule } from './system/home';
import { sysJob } from './system/job';
import { sysLogDiff, sysLogEx, sysLogOp, sysLogVis } from './system/log';
import { sysMenu } from './system/menu';
import { sysMessage, sysNotice } from './system/notice';
import { sysOnlineUser } from './system/online-user';
import { sysOrg } from './system/org';
import { sysPos } from './system/pos';
import { sysRegion } from './system/region';
import { sysRole } from './system/role';
import { sysServer } from './system/server';
import { sysTemplate } from './system/template';
import { sysTenant, sysTenantConfig, sysUserRegWay } from './system/tenant';
import { sysUpdate } from './system/update';
import { sysUser, sysUserMenu } from './system/user';
import { warehouseArea } from './warehouse/area';
import { warehouseConsignor } from './warehouse/consignor';
import { warehouseLiveView } from './warehouse/live-view';
import { warehouseLocation } from './warehouse/location';
import { warehouseSku } from './warehouse/sku';
import { warehouseInfo } from './warehouse/warehouse';

/** Every API service, by name. */
export const api = {
  sysAuth,
  sysSms,
  swagger,
  sysConfig,
  sysConst,
  sysDictType,
  sysDictData,
  sysMenu,
  sysTenant,
  sysTenantConfig,
  sysUserRegWay,
  sysUser,
  sysUserMenu,
  sysHome,
  sysSchedule,
  sysRole,
  sysOrg,
  sysPos,
  sysRegion,
  sysTemplate,
  sysNotice,
  sysMessage,
  sysOnlineUser,
  sysLogVis,
  sysLogOp,
  sysLogEx,
  sysLogDiff,
  warehouseInfo,
  warehouseArea,
  warehouseLocation,
  warehouseConsignor,
  warehouseSku,
  warehouseLiveView,
  inventorySnapshot,
  inventoryPickRecord,
  inventoryCheckTask,
  inventoryCheckSubTask,
  inventoryCheckItem,
  inventoryScan,
  inventoryReviewTask,
  inventoryCheckAudit,
  warehouseOverview,
  scanSummary,
  pickCount,
  locationOverview,
  consolidationPlanner,
  sysServer,
  sysCache,
  sysJob,
  sysFile,
  sysUpdate,
};

/** Every endpoint of the API, flat. */
export const allEndpoints: readonly Endpoint[] = Object.values(api).flatMap((s) => Object.values(s) as Endpoint[]);
