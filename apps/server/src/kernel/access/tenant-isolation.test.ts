import { AuditStatus, api, type Endpoint, InventoryStatus } from '@shelfwise/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedCountTask } from '../../modules/inventory/count-fixture';
import { setCount } from '../../modules/inventory/ledger';
import { multipartFile, PNG_BYTES } from '../../test/fixtures';
import { describeEachDialect, startTestApp, type TestApp } from '../../test/harness';
import { tenantKey } from '../cache/tenant-keys';
import { seedId } from '../db/ids';
import type { UserContext } from '../http/context';
import { defineRoute, registeredRoutes } from '../http/define-route';
import { DEFAULT_TENANT_ID } from './tenants';

/**
 * The matrix calls every registered route (over 300) twice per tenant: about 10 s on an idle machine, but several
 * times that when the journeys share the two cores, so it has its own limit rather than the suite's 30 s.
 */
const MATRIX_TIMEOUT = 300_000;

/** Text put into every record of tenant A: it must never appear in an answer to tenant B. */
const MARK = 'ALPHASECRET';

/** A key of tenant A in the cache (the cache monitor must neither show nor delete it for tenant B). */
const ALPHA_CACHE_KEY = tenantKey(DEFAULT_TENANT_ID, `zz:${MARK}`);

/** Ids of tenant A's records, by the service that manages them. */
type AlphaIds = Record<string, number>;

/** A scan of tenant B aimed at tenant A's sub-task and location. */
const scanBy = (a: AlphaIds, kind: string) => ({
  clientId: `6f1c1f2e-0000-4000-8000-${String(kind.length).padStart(12, '0')}`,
  subTaskId: a.inventoryCheckSubTask,
  locationId: a.countLocation,
  kind,
  code: 'x',
});

/** Routes whose input cannot be derived from their schema, with the input tenant B sends (A's ids where they fit). */
const MANUAL: Record<string, (a: AlphaIds) => unknown> = {
  // signing in to tenant A with a wrong password is open to anyone; it takes no record id
  'POST /api/sysAuth/login': () => ({
    account: 'no_such_account',
    password: 'wrong-Pass-1',
    tenantId: DEFAULT_TENANT_ID,
  }),
  'POST /api/sysAuth/loginPhone': () => ({ phone: '13800000000', code: '000000', tenantId: DEFAULT_TENANT_ID }),
  'POST /api/sysAuth/userRegistration': () => ({
    account: 'nobody',
    password: 'x',
    realName: 'x',
    codeId: 'x',
    code: 'x',
  }),
  'POST /api/sysAuth/refreshToken': () => ({ accessToken: 'x' }),
  'POST /api/sysAuth/unLockScreen': () => ({ password: 'wrong-Pass-1' }),
  'POST /api/sysAuth/qrConfirm': () => ({ ticket: 'x'.repeat(32) }),
  'GET /api/sysAuth/qrStatus': () => ({ ticket: 'x'.repeat(32), watchKey: 'x'.repeat(32) }),
  'POST /api/sysSms/sendSmsCode': () => ({ phone: '13800000000' }),
  'POST /api/swagger/checkUrl': () => undefined,
  'POST /api/swagger/submitUrl': () => undefined,
  'GET /api/sysConst/data/{typeName}': () => ({ typeName: 'StatusEnum' }),
  'GET /api/sysConfig/logo/{file}': () => ({ file: 'logo-1.png' }),
  'POST /api/sysConfig/batchUpdate': () => [{ code: 'sys_captcha', value: 'false' }],
  'POST /api/sysConfig/batchDelete': (a) => [a.sysConfig],
  'POST /api/sysConfig/saveSysInfo': () => ({ title: 'Beta title' }),
  'POST /api/sysConfig/add': () => ({ name: 'beta', code: 'beta_cfg' }),
  'POST /api/sysConfig/update': (a) => ({ id: a.sysConfig, name: 'beta', code: 'beta_cfg' }),
  'POST /api/sysDictType/add': () => ({ name: 'beta', code: 'BetaType' }),
  'POST /api/sysDictType/update': (a) => ({ id: a.sysDictType, name: 'beta', code: 'BetaType2' }),
  'POST /api/sysPos/add': () => ({ code: 'beta_pos', name: 'beta' }),
  'POST /api/sysTemplate/add': () => ({ code: 'beta_tpl', name: 'beta', content: 'beta' }),
  'POST /api/sysTemplate/update': (a) => ({ id: a.sysTemplate, code: 'x', name: 'x', content: 'x' }),
  'POST /api/sysTemplate/proView': (a) => ({ id: a.sysTemplate, data: {} }),
  'POST /api/sysTemplate/render': () => ({ content: 'beta', data: {} }),
  'POST /api/sysTenant/add': () => ({ name: 'Gamma', adminAccount: 'gamma_admin' }),
  'POST /api/sysTenantConfig/add': () => ({ name: 'beta', code: 'beta_code' }),
  'POST /api/sysTenantConfig/update': (a) => ({ id: a.sysTenantConfig, name: 'beta', code: 'beta_code2' }),
  'GET /api/sysAuth/refreshToken': () => ({ accessToken: 'x' }),
  'POST /api/sysSms/sendCode': () => ({ phone: '13800000000' }),
  'POST /api/sysTenantConfig/batchUpdate': () => [{ code: `${MARK}_code`, value: 'hijacked' }],
  'POST /api/sysTenantConfig/batchDelete': (a) => [a.sysTenantConfig],
  'GET /api/sysDictType/dataList': () => ({ code: `${MARK}Type` }),
  'GET /api/sysDictData/list': (a) => ({ dictTypeId: a.sysDictType }),
  'POST /api/sysDictData/add': (a) => ({ dictTypeId: a.sysDictType, value: 'x', label: 'x' }),
  'POST /api/sysDictData/update': (a) => ({ id: a.sysDictData, dictTypeId: a.sysDictType, value: 'x', label: 'x' }),
  'POST /api/sysMenu/add': () => ({ pid: 0, type: 1, title: 'x', name: 'x', path: '/x' }),
  'POST /api/sysMenu/update': (a) => ({ id: a.sysMenu, pid: 0, type: 1, title: 'x', name: 'x', path: '/x' }),
  'POST /api/sysTenant/changeTenant': () => ({ tenantId: DEFAULT_TENANT_ID }),
  'POST /api/sysTenant/grantMenu': () => ({ id: DEFAULT_TENANT_ID, menuIds: [] }),
  'POST /api/sysTenant/update': () => ({ id: DEFAULT_TENANT_ID, name: 'x' }),
  'POST /api/sysRole/grantMenu': (a) => ({ id: a.sysRole, menuIds: [] }),
  'POST /api/sysRole/grantDataScope': (a) => ({ id: a.sysRole, dataScope: 1 }),
  'POST /api/sysRole/update': (a) => ({ id: a.sysRole, code: 'x', name: 'x' }),
  'POST /api/sysRole/add': (a) => ({ code: 'x_added', name: 'x', menuIds: [a.sysMenu] }),
  'POST /api/sysOrg/add': (a) => ({ pid: a.sysOrg, code: 'X1', name: 'x' }),
  'POST /api/sysOrg/update': (a) => ({ id: a.sysOrg, pid: 0, code: 'X2', name: 'x' }),
  'POST /api/sysPos/update': (a) => ({ id: a.sysPos, code: 'x', name: 'x' }),
  'POST /api/sysUser/add': (a) => ({
    account: 'x_added',
    realName: 'x',
    orgId: a.sysOrg,
    roleIds: [a.sysRole],
    posId: a.sysPos,
  }),
  'POST /api/sysUser/update': (a) => ({ id: a.sysUser, account: 'x', realName: 'x', orgId: a.sysOrg }),
  'POST /api/sysUser/grantRole': (a) => ({ id: a.sysUser, roleIds: [a.sysRole] }),
  'POST /api/sysUser/export': (a) => ({ scope: 'selected', ids: [a.sysUser] }),
  'POST /api/sysUser/changePwd': () => ({ passwordOld: 'wrong-Pass-1', passwordNew: 'New-pass-123' }),
  'POST /api/sysUser/updateBaseInfo': () => ({ realName: 'Beta admin' }),
  'GET /api/sysUser/image/{kind}/{id}': (a) => ({ kind: 'avatar', id: a.sysUser }),
  'GET /api/sysUser/ownRoleList': (a) => ({ userId: a.sysUser }),
  'POST /api/sysUserMenu/add': (a) => ({ menuIds: [a.sysMenu] }),
  'POST /api/sysUserMenu/delete': (a) => ({ menuIds: [a.sysMenu] }),
  'POST /api/sysUserRegWay/add': (a) => ({ name: 'x', roleId: a.sysRole, orgId: a.sysOrg, posId: a.sysPos }),
  'POST /api/sysUserRegWay/update': (a) => ({
    id: a.sysUserRegWay,
    name: 'x',
    roleId: a.sysRole,
    orgId: a.sysOrg,
    posId: a.sysPos,
  }),
  'POST /api/sysUserRegWay/setDefault': (a) => ({ id: a.sysUserRegWay, enableReg: 1 }),
  'POST /api/sysNotice/update': (a) => ({ id: a.sysNotice, title: 'x', content: 'x', type: 1 }),
  'POST /api/sysNotice/add': () => ({ title: 'x', content: 'x', type: 1 }),
  'POST /api/warehouseInfo/add': (a) => ({ ...betaWarehouse, orgId: a.sysOrg }),
  'POST /api/warehouseInfo/update': (a) => ({ ...betaWarehouse, id: a.warehouseInfo, orgId: a.sysOrg }),
  'GET /api/warehouseArea/list': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/warehouseArea/add': (a) => ({ warehouseId: a.warehouseInfo, code: 'X', name: 'x' }),
  'POST /api/warehouseArea/update': (a) => ({
    id: a.warehouseArea,
    warehouseId: a.warehouseInfo,
    code: 'X',
    name: 'x',
  }),
  'POST /api/warehouseLocation/add': (a) => ({ areaId: a.warehouseArea, code: 'X-1' }),
  'POST /api/warehouseLocation/update': (a) => ({ id: a.warehouseLocation, areaId: a.warehouseArea, code: 'X-1' }),
  'POST /api/warehouseLocation/generate': (a) => ({
    areaId: a.warehouseArea,
    aisles: { from: 'A', to: 'A' },
    bays: { from: '1', to: '2' },
    levels: { from: '1', to: '1' },
  }),
  'POST /api/warehouseLocation/labels': (a) => ({ areaId: a.warehouseArea }),
  'POST /api/warehouseLocation/labelsPdf': (a) => ({ ids: [a.warehouseLocation] }),
  'POST /api/warehouseInfo/export': (a) => ({ scope: 'selected', ids: [a.warehouseInfo] }),
  'POST /api/warehouseArea/export': (a) => ({ scope: 'selected', ids: [a.warehouseArea] }),
  'GET /api/warehouseLiveView/list': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/warehouseLiveView/add': (a) => ({
    areaId: a.warehouseArea,
    name: 'x',
    protocol: 'hls',
    url: 'http://10.0.0.9/x.m3u8',
  }),
  'POST /api/warehouseLiveView/update': (a) => ({
    id: a.warehouseLiveView,
    areaId: a.warehouseArea,
    name: 'hijacked',
    protocol: 'mjpeg',
    url: 'http://10.0.0.9/x.mjpeg',
  }),
  'POST /api/warehouseLocation/export': (a) => ({ scope: 'selected', ids: [a.warehouseLocation] }),
  'POST /api/warehouseConsignor/add': () => ({ code: 'BETA', name: 'beta' }),
  'POST /api/warehouseConsignor/update': (a) => ({ id: a.warehouseConsignor, code: 'X', name: 'x' }),
  'POST /api/warehouseConsignor/export': (a) => ({ scope: 'selected', ids: [a.warehouseConsignor] }),
  'GET /api/warehouseSku/list': (a) => ({ consignorId: a.warehouseConsignor }),
  'GET /api/warehouseSku/byBarcode': () => ({ code: `${MARK}-BC` }),
  'POST /api/warehouseSku/add': (a) => ({ consignorId: a.warehouseConsignor, code: 'X', name: 'x' }),
  'POST /api/warehouseSku/update': (a) => ({
    id: a.warehouseSku,
    consignorId: a.warehouseConsignor,
    code: 'X',
    name: 'x',
    barcodes: [`${MARK}-BC`],
  }),
  'POST /api/warehouseSku/export': (a) => ({ scope: 'selected', ids: [a.warehouseSku] }),
  // counting: inputs with versions, reasons and the related records of A
  'POST /api/inventoryCheckTask/add': (a) => ({
    name: 'x',
    warehouseId: a.warehouseInfo,
    snapshotId: a.inventorySnapshot,
  }),
  'POST /api/inventoryCheckTask/update': (a) => ({
    id: a.inventoryCheckTask,
    version: 0,
    name: 'x',
    warehouseId: a.warehouseInfo,
    snapshotId: a.inventorySnapshot,
  }),
  'POST /api/inventoryCheckTask/generateItems': (a) => ({ id: a.inventoryCheckTask, version: 0 }),
  'POST /api/inventoryCheckTask/start': (a) => ({ id: a.inventoryCheckTask, version: 0 }),
  'POST /api/inventoryCheckTask/submit': (a) => ({ id: a.inventoryCheckTask, version: 0 }),
  'POST /api/inventoryCheckTask/cancel': (a) => ({ id: a.inventoryCheckTask, version: 0, reason: 'x' }),
  'POST /api/inventoryCheckSubTask/add': (a) => ({
    taskId: a.inventoryCheckTask,
    name: 'x',
    partition: { kind: 'area', areaIds: [a.warehouseArea] },
  }),
  'POST /api/inventoryCheckSubTask/update': (a) => ({ id: a.inventoryCheckSubTask, version: 0, name: 'x' }),
  'POST /api/inventoryCheckSubTask/assign': (a) => ({
    id: a.inventoryCheckSubTask,
    version: 0,
    counterIds: [a.sysUser],
  }),
  'POST /api/inventoryCheckSubTask/complete': (a) => ({ id: a.inventoryCheckSubTask, version: 0 }),
  'POST /api/inventoryCheckSubTask/reopen': (a) => ({ id: a.inventoryCheckSubTask, version: 0, reason: 'x' }),
  'GET /api/inventoryCheckSubTask/list': (a) => ({ taskId: a.inventoryCheckTask }),
  'POST /api/inventoryCheckSubTask/lccConfirm': (a) => ({
    id: a.inventoryCheckSubTask,
    locationId: a.countLocation,
    state: 3,
  }),
  'POST /api/inventoryCheckSubTask/folderUpload': (a) => ({ id: a.inventoryCheckSubTask, fileName: 'x.jpg' }),
  'POST /api/inventoryCheckItem/count': (a) => ({ id: a.inventoryCheckItem, version: 0, countedQty: 1 }),
  'GET /api/inventoryCheckItem/picture': (a) => ({ id: a.itemPicture }),
  'POST /api/inventoryCheckItem/removePicture': (a) => ({ id: a.inventoryCheckItem, pictureId: a.itemPicture }),
  'GET /api/inventoryScan/location': (a) => ({ subTaskId: a.inventoryCheckSubTask, code: 'A-01' }),
  'POST /api/inventoryScan/scan': (a) => scanBy(a, 'unit'),
  'POST /api/inventoryScan/sync': (a) => ({ scans: [scanBy(a, 'unit')] }),
  'POST /api/inventoryScan/undo': (a) => ({ ...scanBy(a, 'undo'), undoOf: '6f1c1f2e-0000-4000-8000-000000000001' }),
  'POST /api/inventoryScan/confirmEmpty': (a) => scanBy(a, 'empty'),
  'POST /api/inventoryScan/confirmLocation': (a) => ({
    subTaskId: a.inventoryCheckSubTask,
    locationId: a.countLocation,
  }),
  'POST /api/inventoryReviewTask/create': (a) => ({ taskId: a.inventoryCheckTask, itemIds: [a.inventoryCheckItem] }),
  'POST /api/inventoryReviewTask/assign': (a) => ({ id: a.inventoryReviewTask, version: 0, assigneeId: a.sysUser }),
  'POST /api/inventoryReviewTask/review': (a) => ({
    id: a.inventoryReviewTask,
    itemId: a.inventoryCheckItem,
    itemVersion: 0,
    reviewQty: 1,
  }),
  'POST /api/inventoryReviewTask/complete': (a) => ({ id: a.inventoryReviewTask, version: 0 }),
  'POST /api/inventoryReviewTask/cancel': (a) => ({ id: a.inventoryReviewTask, version: 0, reason: 'x' }),
  'POST /api/inventoryCheckAudit/approve': (a) => ({ id: a.inventoryCheckAudit, version: 0 }),
  'POST /api/inventoryCheckAudit/rejectRecount': (a) => ({ id: a.inventoryCheckAudit, version: 0, reason: 'x' }),
  'POST /api/inventoryCheckAudit/rejectClose': (a) => ({ id: a.inventoryCheckAudit, version: 0, reason: 'x' }),
  'GET /api/inventoryCheckAudit/history': (a) => ({ id: a.inventoryCheckItem }),
  'GET /api/inventorySnapshot/list': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/inventorySnapshot/lines': (a) => ({ snapshotId: a.inventorySnapshot, page: 1, pageSize: 100 }),
  'POST /api/inventorySnapshot/import': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/inventoryPickRecord/import': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/inventoryPickRecord/clear': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/inventoryPickRecord/export': (a) => ({ scope: 'selected', ids: [a.inventoryPickRecord] }),
  'POST /api/sysMessage/send': (a) => ({ receiverIds: [a.sysUser], title: 'x', content: 'x' }),
  'GET /api/scanSummary/options': (a) => ({ warehouseId: a.warehouseInfo, taskId: a.inventoryCheckTask }),
  'POST /api/scanSummary/summary': (a) => ({ warehouseId: a.warehouseInfo, taskId: a.inventoryCheckTask }),
  'POST /api/scanSummary/counters': (a) => ({ warehouseId: a.warehouseInfo, taskId: a.inventoryCheckTask }),
  'POST /api/scanSummary/subTasks': (a) => ({ warehouseId: a.warehouseInfo, subTaskId: a.inventoryCheckSubTask }),
  'POST /api/scanSummary/export': (a) => ({ warehouseId: a.warehouseInfo }),
  'GET /api/pickCount/options': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/pickCount/summary': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/pickCount/locations': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/pickCount/skus': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/pickCount/heatmap': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/pickCount/writeAbc': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/pickCount/export': (a) => ({ warehouseId: a.warehouseInfo }),
  'GET /api/locationOverview/options': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/locationOverview/summary': (a) => ({ warehouseId: a.warehouseInfo, basis: 'snapshot' }),
  'POST /api/locationOverview/page': (a) => ({ warehouseId: a.warehouseInfo, areaId: a.warehouseArea }),
  'POST /api/locationOverview/export': (a) => ({
    warehouseId: a.warehouseInfo,
    basis: 'snapshot',
    snapshotId: a.inventorySnapshot,
  }),
  'POST /api/sysRegion/add': (a) => ({ pid: a.sysRegion, code: 'X1', nameEn: 'x' }),
  'POST /api/sysRegion/update': (a) => ({ id: a.sysRegion, code: 'ZZ', nameEn: 'hijacked' }),
  'POST /api/sysHome/saveLayout': () => ({ widgets: [{ key: 'timer', span: 8 }] }),
  'POST /api/sysHome/saveVariant': () => ({ variant: 'focus' }),
  'GET /api/sysSchedule/list': () => ({ startDate: '2026-01-01', endDate: '2026-12-31' }),
  'POST /api/sysSchedule/add': () => ({ title: 'x', startTime: '2026-12-01 09:00', endTime: '2026-12-01 10:00' }),
  'POST /api/sysSchedule/update': (a) => ({
    id: a.sysSchedule,
    title: 'hijacked',
    startTime: '2026-12-01 09:00',
    endTime: '2026-12-01 10:00',
  }),
  'POST /api/consolidationPlanner/query': (a) => ({ warehouseId: a.warehouseInfo, areaId: a.warehouseArea }),
  'POST /api/consolidationPlanner/plan': (a) => ({ warehouseId: a.warehouseInfo }),
  'POST /api/consolidationPlanner/export': (a) => ({ warehouseId: a.warehouseInfo }),
  'GET /api/warehouseOverview/cards': (a) => ({ warehouseId: a.warehouseInfo, taskId: a.inventoryCheckTask }),
  'GET /api/warehouseOverview/plan2d': (a) => ({
    warehouseId: a.warehouseInfo,
    taskId: a.inventoryCheckTask,
    areaId: a.warehouseArea,
  }),
  'GET /api/warehouseOverview/scene3d': (a) => ({
    warehouseId: a.warehouseInfo,
    taskId: a.inventoryCheckTask,
    areaId: a.warehouseArea,
  }),
  'GET /api/warehouseOverview/locationLines': (a) => ({ locationId: a.countLocation, taskId: a.inventoryCheckTask }),
  // tenant A's cache key (seeded with the mark), and A's whole key prefix
  'GET /api/sysCache/value/{key}': () => ({ key: ALPHA_CACHE_KEY }),
  'POST /api/sysCache/delete/{key}': () => ({ key: ALPHA_CACHE_KEY }),
  'POST /api/sysCache/deleteByPreKey/{prefixKey}': () => ({ prefixKey: tenantKey(DEFAULT_TENANT_ID, '') }),
  // scheduled jobs (platform menus: tenant B's administrator is refused; docs/jobs.md)
  'POST /api/sysJob/addJobDetail': () => ({ code: 'beta_job', name: 'beta', handler: 'sys.noop' }),
  'POST /api/sysJob/updateJobDetail': (a) => ({ id: a.sysJob, code: 'beta_job', name: 'beta', handler: 'sys.noop' }),
  'POST /api/sysJob/deleteJobDetail': (a) => ({ id: a.sysJob }),
  'GET /api/sysJob/jobTriggerList': (a) => ({ jobId: a.sysJob }),
  'POST /api/sysJob/addJobTrigger': (a) => ({ jobId: a.sysJob, kind: 'interval', intervalSeconds: 60 }),
  'POST /api/sysJob/updateJobTrigger': (a) => ({
    id: a.sysJobTrigger,
    jobId: a.sysJob,
    kind: 'interval',
    intervalSeconds: 60,
  }),
  'POST /api/sysJob/deleteJobTrigger': (a) => ({ id: a.sysJobTrigger }),
  'POST /api/sysJob/startJob': (a) => ({ id: a.sysJob }),
  'POST /api/sysJob/pauseJob': (a) => ({ id: a.sysJob }),
  'POST /api/sysJob/runJob': (a) => ({ id: a.sysJob }),
  'POST /api/sysJob/cancelJobFiring': (a) => ({ id: a.sysJobFiring }),
  'POST /api/sysFile/update': (a) => ({ id: a.sysFile, fileName: 'hijacked.pdf' }),
  // B cannot sign a link: A's file id with a made-up signature
  'GET /api/sysFile/signed/{id}': (a) => ({
    id: a.sysFile,
    exp: 9_999_999_999,
    sig: 'A'.repeat(43),
    t: DEFAULT_TENANT_ID,
  }),
  // platform only: another tenant's administrator is refused whatever file is named
  'POST /api/sysUpdate/downloadBackup': () => ({ fileName: 'shelfwise-20260101-000000-000.db' }),
  'POST /api/sysUpdate/deleteBackup': () => ({ fileName: 'shelfwise-20260101-000000-000.db' }),
  'POST /api/sysUpdate/restore': () => ({
    fileName: 'shelfwise-20260101-000000-000.db',
    confirm: 'shelfwise-20260101-000000-000.db',
  }),
};

/** A warehouse body of tenant B (with tenant A's ids where the route takes them). */
const betaWarehouse = {
  code: 'BETA1',
  name: 'Beta warehouse',
  address1: 'Road 1',
  contactName: 'B',
  contactPhone: '123456',
};

/**
 * Services whose answers echo tenant B's own request inputs: B's operation log holds the A ids B itself sent
 * earlier in this run (e.g. `inventorySnapshot/lines` sorts before `sysLogOp`), written whenever the log queue
 * flushes. Only the id check is skipped for them; A's mark must still never appear.
 */
const ECHOES_OWN_INPUT = new Set(['sysLogOp']);

/** Routes that never take a record id of another tenant and would end the caller's session: not called. */
const NOT_CALLED: Record<string, string> = {
  'POST /api/sysAuth/logout': 'ends the caller’s own session; takes no record id',
};

/** The input of a route: a manual case, or one derived from its schema (id -> A's record of that service). */
function inputFor(
  route: { method: string; path: string; endpoint: Endpoint },
  a: AlphaIds,
): { input: unknown } | undefined {
  const key = `${route.method} ${route.path}`;
  const manual = MANUAL[key];
  if (manual) return { input: manual(a) };
  let schema: z.ZodType = route.endpoint.input;
  while (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    schema = (schema as z.ZodOptional<z.ZodType>).unwrap();
  if (schema instanceof z.ZodArray) {
    const id = a[route.endpoint.service];
    return id === undefined ? undefined : { input: [id] };
  }
  if (!(schema instanceof z.ZodObject)) return undefined;
  const shape = schema.shape as Record<string, z.ZodType>;
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (name === 'id') {
      const id = a[route.endpoint.service];
      if (id === undefined) return undefined;
      input.id = id;
    } else if (name === 'page') input.page = 1;
    else if (name === 'pageSize') input.pageSize = 100;
    else if (name === 'status') input.status = 1;
    else if (!field.safeParse(undefined).success) return undefined;
  }
  return { input };
}

/** Everything an answer says, as text: the JSON body, or the cells of an .xlsx file. */
async function answerText(res: {
  headers: Record<string, unknown>;
  rawPayload: Buffer;
  body: string;
}): Promise<string> {
  if (String(res.headers['content-type'] ?? '').includes('spreadsheetml')) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    for (const ws of wb.worksheets) ws.eachRow((row) => row.eachCell((c) => cells.push(String(c.value))));
    return cells.join('\n');
  }
  return res.body;
}

/** Creates tenant A's records (in the default tenant) through the API, each named with the mark. */
async function seedAlpha(t: TestApp): Promise<AlphaIds> {
  const admin = (await t.login('admin')).accessToken;
  const ok = async <E extends Endpoint>(e: E, input: unknown) => {
    const r = await t.call(e, input, { token: admin });
    if (r.status !== 200) throw new Error(`${e.path}: ${JSON.stringify(r.body)}`);
    return r.result as never;
  };
  const a: AlphaIds = {};
  a.sysDictType = await ok(api.sysDictType.add, { name: MARK, code: `${MARK}Type` });
  a.sysDictData = await ok(api.sysDictData.add, { dictTypeId: a.sysDictType, value: MARK, label: MARK });
  a.sysConfig = await ok(api.sysConfig.add, { name: MARK, code: `${MARK}_cfg`, value: MARK });
  a.sysTenantConfig = await ok(api.sysTenantConfig.add, { name: MARK, code: `${MARK}_code`, value: MARK });
  a.sysOrg = await ok(api.sysOrg.add, { pid: seedId('org.root'), code: MARK, name: MARK });
  a.sysPos = await ok(api.sysPos.add, { code: MARK, name: MARK });
  a.sysRole = await ok(api.sysRole.add, { code: MARK, name: MARK });
  a.sysTemplate = await ok(api.sysTemplate.add, { code: MARK, name: MARK, content: MARK, remark: MARK });
  await t.kernel.cache.set(ALPHA_CACHE_KEY, { name: MARK });
  a.sysUser = (
    (await ok<typeof api.sysUser.add>(api.sysUser.add, {
      account: MARK.toLowerCase(),
      realName: MARK,
      orgId: a.sysOrg,
    })) as { id: number }
  ).id;
  a.sysUserRegWay = await ok(api.sysUserRegWay.add, {
    name: MARK,
    roleId: a.sysRole,
    orgId: a.sysOrg,
    posId: a.sysPos,
  });
  a.sysTenant = DEFAULT_TENANT_ID;
  a.warehouseInfo = await ok(api.warehouseInfo.add, {
    code: MARK,
    name: MARK,
    orgId: a.sysOrg,
    address1: MARK,
    contactName: MARK,
    contactPhone: '021 5555 0101',
  });
  a.warehouseArea = await ok(api.warehouseArea.add, { warehouseId: a.warehouseInfo, code: MARK, name: MARK });
  a.warehouseLocation = await ok(api.warehouseLocation.add, {
    areaId: a.warehouseArea,
    code: `${MARK}-1`,
    remark: MARK,
  });
  a.warehouseLiveView = await ok(api.warehouseLiveView.add, {
    areaId: a.warehouseArea,
    name: MARK,
    protocol: 'hls',
    url: `http://10.0.0.5/live/${MARK}.m3u8`,
    remark: MARK,
  });
  a.warehouseConsignor = await ok(api.warehouseConsignor.add, { code: MARK, name: MARK, contactName: MARK });
  a.warehouseSku = await ok(api.warehouseSku.add, {
    consignorId: a.warehouseConsignor,
    code: MARK,
    name: MARK,
    barcodes: [`${MARK}-BC`],
  });
  // a stock snapshot and a pick record of A's warehouse, imported from CSV
  const stockImport = async (url: string, csv: string) => {
    const body = multipartFile(Buffer.from(csv), 'alpha.csv', 'text/csv');
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
    const result = JSON.parse(res.body).result;
    if (res.statusCode !== 200 || result.succeeded !== 1) throw new Error(`${url}: ${res.body}`);
    return result;
  };
  a.inventorySnapshot = (
    await stockImport(
      `/api/inventorySnapshot/import?warehouseId=${a.warehouseInfo}&title=${MARK}`,
      `Location code,SKU code,Consignor code,Lot,Quantity\n${MARK}-1,${MARK},${MARK},${MARK},5\n`,
    )
  ).id;
  await stockImport(
    `/api/inventoryPickRecord/import?warehouseId=${a.warehouseInfo}`,
    `Location code,SKU code,Consignor code,Quantity,Picked at,Order ref\n${MARK}-1,${MARK},${MARK},2,2026-11-20,${MARK}\n`,
  );
  a.inventoryPickRecord = (
    await t.kernel.db
      .selectFrom('inv_pick_record')
      .select('id')
      .where('tenant_id', '=', DEFAULT_TENANT_ID)
      .executeTakeFirstOrThrow()
  ).id;
  // a submitted count task with a counted line, a picture and a review task (codes carry the mark)
  const count = await seedCountTask(t, admin, { prefix: MARK, locations: 2, skus: 1 });
  const firstLine = count.items[0];
  if (!firstLine) throw new Error('the count fixture made no lines');
  const counter = { tenantId: DEFAULT_TENANT_ID, userId: seedId('user.admin') } as UserContext;
  await t.kernel
    .tenantDb(counter)
    .transaction()
    .execute(async (trx) => {
      for (const line of count.items)
        await setCount(trx, counter, line.id, { quantity: 3, pass: 1, kind: 'set' }, Date.now());
    });
  await t.kernel.db
    .updateTable('inv_task')
    .set({ inventory_status: InventoryStatus.submitted, audit_status: AuditStatus.pendingAudit, remark: MARK })
    .where('id', '=', count.taskId)
    .execute();
  a.inventoryCheckTask = count.taskId;
  a.inventoryCheckAudit = count.taskId;
  a.inventoryCheckSubTask = count.subTaskIds[0] ?? 0;
  a.inventoryCheckItem = firstLine.id;
  a.countLocation = firstLine.locationId;
  const picture = multipartFile(PNG_BYTES, `${MARK}.png`, 'image/png');
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/inventoryCheckItem/uploadPicture?id=${firstLine.id}`,
    headers: { ...picture.headers, authorization: `Bearer ${admin}` },
    payload: picture.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`uploadPicture: ${uploaded.body}`);
  a.itemPicture = JSON.parse(uploaded.body).result.pictures[0].id;
  a.inventoryReviewTask = await ok(api.inventoryReviewTask.create, {
    taskId: count.taskId,
    itemIds: [firstLine.id],
    reason: MARK,
  });
  a.sysMenu = seedId('menu.system.pos');
  // regions are platform data every tenant reads (address pickers): not marked; writes by B answer 403
  a.sysRegion = await ok(api.sysRegion.add, { code: 'ZZ', nameEn: 'Platform region' });
  // the workbench: A's administrator arranged their widgets and keeps a calendar item
  await ok(api.sysHome.saveLayout, { widgets: [{ key: 'schedule', span: 24 }] });
  a.sysSchedule = await ok(api.sysSchedule.add, {
    title: MARK,
    startTime: '2026-12-01 09:00',
    endTime: '2026-12-01 10:00',
    remark: MARK,
  });
  a.sysNotice = await ok(api.sysNotice.add, { title: MARK, content: MARK, type: 1 });
  await ok(api.sysNotice.public, { id: a.sysNotice });
  await ok(api.sysMessage.send, { receiverIds: [seedId('user.admin')], title: MARK, content: MARK });
  const message = await t.kernel.db
    .selectFrom('sys_message')
    .select('id')
    .where('tenant_id', '=', DEFAULT_TENANT_ID)
    .executeTakeFirstOrThrow();
  a.sysMessage = message.id;
  const session = await t.kernel.db
    .selectFrom('sys_session')
    .select('id')
    .where('tenant_id', '=', DEFAULT_TENANT_ID)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  a.sysOnlineUser = session.id;
  // logs of what A did (written in the background; flushed before reading their ids)
  const actor = { tenantId: DEFAULT_TENANT_ID, userId: seedId('user.admin'), requestId: MARK };
  t.kernel.logs.diff(actor, {
    table: 'sys_org',
    id: a.sysOrg,
    op: 'update',
    before: { name: MARK },
    after: { name: `${MARK}2` },
  });
  t.kernel.logs.exception(actor, {
    method: 'POST',
    path: '/api/x',
    status: 500,
    error: new Error(MARK),
    input: { name: MARK },
  });
  await t.kernel.logs.flush();
  const ctx = { tenantId: DEFAULT_TENANT_ID, userId: null };
  for (const [service, table] of [
    ['sysLogVis', 'sys_log_vis'],
    ['sysLogOp', 'sys_log_op'],
    ['sysLogEx', 'sys_log_ex'],
    ['sysLogDiff', 'sys_log_diff'],
  ] as const) {
    const row = await t.kernel.tenantDb(ctx).selectFrom(table).select('id').executeTakeFirst();
    if (row) a[service] = row.id;
  }
  // a paused job of A with a trigger, and a firing of it (run by hand)
  a.sysJob = await ok(api.sysJob.addJobDetail, { code: MARK, name: MARK, handler: 'sys.noop', status: 2 });
  a.sysJobTrigger = await ok(api.sysJob.addJobTrigger, { jobId: a.sysJob, kind: 'interval', intervalSeconds: 3600 });
  a.sysJobFiring = await ok(api.sysJob.runJob, { id: a.sysJob });
  // a file of A in the register (platform/file)
  const file = multipartFile(Buffer.from('%PDF-1.4\n%%EOF\n'), `${MARK}.pdf`);
  const stored = await t.app.inject({
    method: 'POST',
    url: api.sysFile.uploadFile.path,
    headers: { ...file.headers, authorization: `Bearer ${admin}` },
    payload: file.payload,
  });
  if (stored.statusCode !== 200) throw new Error(`uploadFile: ${stored.body}`);
  a.sysFile = JSON.parse(stored.body).result.id;
  return a;
}

/** A's rows of every tenant-owned table, to prove nothing of A changed. */
async function snapshotAlpha(t: TestApp): Promise<Record<string, string[]>> {
  const tables = (await t.kernel.db.introspection.getTables()).filter((x) =>
    x.columns.some((c) => c.name === 'tenant_id'),
  );
  const out: Record<string, string[]> = {};
  for (const table of tables.sort((x, y) => x.name.localeCompare(y.name))) {
    if (table.name.startsWith('sys_log_') || table.name === 'sys_session') continue; // written by every request
    const rows = await t.kernel.db
      .selectFrom(table.name as 'sys_user')
      .selectAll()
      .where('tenant_id', '=', DEFAULT_TENANT_ID)
      .execute();
    out[table.name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** Rows of A that differ between two snapshots. */
function changedRows(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = new Set(before[table] ?? []);
    const a = new Set(after[table] ?? []);
    for (const row of b) if (!a.has(row)) out.push(`${table} lost or changed: ${row.slice(0, 300)}`);
    for (const row of a) if (!b.has(row)) out.push(`${table} gained or changed: ${row.slice(0, 300)}`);
  }
  return out;
}

/**
 * Calls every route of the route table as tenant B's administrator with tenant A's ids; returns the problems: routes
 * without a case, and answers that carry anything of A (its mark or its record ids).
 */
export async function isolationProblems(
  t: TestApp,
  a: AlphaIds,
  beta: { tenantId: number; adminAccount: string },
): Promise<string[]> {
  const problems: string[] = [];
  // ids of A's own records (the tenant, menu and region ids are the platform's, known to every tenant)
  const alphaIds = Object.entries(a)
    .filter(([s, id]) => s !== 'sysTenant' && s !== 'sysMenu' && s !== 'sysRegion' && id > 1_000_000)
    .map(([, id]) => new RegExp(`\\b${id}\\b`));
  for (const route of [...registeredRoutes].sort((x, y) => x.path.localeCompare(y.path))) {
    const key = `${route.method} ${route.path}`;
    if (NOT_CALLED[key]) continue;
    const found = inputFor(route, a);
    if (!found) {
      problems.push(`${key}: no isolation case`);
      continue;
    }
    const token = (await t.login(beta.adminAccount, undefined, beta.tenantId)).accessToken;
    const res = await t.call(route.endpoint, found.input, { token });
    if (res.status !== 200) continue;
    const text =
      route.endpoint.response === 'file' ? await fileText(t, route, found.input, token) : JSON.stringify(res.body);
    if (text.includes(MARK)) problems.push(`${key}: answer carries tenant A's data`);
    else if (!ECHOES_OWN_INPUT.has(route.endpoint.service) && alphaIds.some((id) => id.test(text)))
      problems.push(`${key}: answer carries a record id of tenant A`);
  }
  return problems;
}

async function fileText(t: TestApp, route: { method: string; path: string }, input: unknown, token: string) {
  let url = route.path;
  for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) url = url.replace(`{${k}}`, String(v));
  const res = await t.app.inject({
    method: route.method as 'GET' | 'POST',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(route.method === 'POST' ? { payload: JSON.stringify(input) } : {}),
  });
  if (res.statusCode !== 200) return '';
  if (String(res.headers['content-type']).startsWith('image/')) return `${MARK} (an image of tenant A was served)`;
  return answerText(res);
}

/** Tenant isolation, route by route: tenant B's administrator with tenant A's ids gets nothing of A and changes nothing of A. */
describeEachDialect(
  'tenant isolation matrix',
  (get) => {
    let a: AlphaIds = {};
    let beta = { tenantId: 0, adminAccount: '', token: '' };
    beforeAll(async () => {
      a = await seedAlpha(get());
      beta = await get().createTenant('Beta');
    });

    it(
      'every route answers tenant B without anything of tenant A, and leaves A unchanged',
      async () => {
        const t = get();
        const before = await snapshotAlpha(t);
        const problems = await isolationProblems(t, a, beta);
        expect(problems).toEqual([]);
        expect(changedRows(before, await snapshotAlpha(t))).toEqual([]);
        expect(await t.kernel.cache.get(ALPHA_CACHE_KEY)).toEqual({ name: MARK });
      },
      MATRIX_TIMEOUT,
    );
    // no built-in jobs: their firings would change the default tenant's rows while the matrix runs
  },
  { jobs: { builtIns: false } },
);

/** The matrix must catch a leak: a route whose repository forgot the tenant filter, and a route without a case. */
describe('tenant isolation matrix catches a leak [sqlite]', () => {
  let t: TestApp;
  const leak = { method: 'GET' as const, path: '/api/sysOrg/leakyDetail' };
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      beforeReady: (app, kernel) => {
        const endpoint: Endpoint = {
          service: 'sysOrg',
          action: 'leakyDetail',
          method: 'GET',
          path: leak.path,
          permission: 'sysOrg:list',
          input: z.object({ id: z.coerce.number() }),
          output: z.unknown(),
          summary: 'a repository that forgot the tenant filter',
          response: 'json',
        };
        // deliberately unscoped: reads any tenant's organisation by id
        defineRoute(app, kernel, endpoint, (input) =>
          kernel.db
            .selectFrom('sys_org')
            .selectAll()
            .where('id', '=', (input as { id: number }).id)
            .executeTakeFirst(),
        );
      },
    });
  });
  afterAll(async () => {
    const i = registeredRoutes.findIndex((r) => r.path === leak.path);
    if (i >= 0) registeredRoutes.splice(i, 1);
    await t?.close();
  });

  it(
    'reports the unscoped repository',
    async () => {
      const a = await seedAlpha(t);
      const beta = await t.createTenant('Beta');
      const problems = await isolationProblems(t, a, beta);
      expect(problems).toContain(`GET ${leak.path}: answer carries tenant A's data`);
    },
    MATRIX_TIMEOUT,
  );
});
