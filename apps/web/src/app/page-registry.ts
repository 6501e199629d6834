import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Page = LazyExoticComponent<ComponentType>;

/**
 * The pages a menu's `component` key can name (docs/menus.md). Each key resolves to exactly one lazy page or to
 * none (the route then shows not-found). Pages load only when their route opens.
 */
const PAGES: Record<string, () => Promise<{ default: ComponentType }>> = {
  '/home/index': () => import('../features/home/home-page'),
  '/platform/config/index': () => import('../features/platform/config-page'),
  '/platform/infoSetting/index': () => import('../features/platform/info-setting-page'),
  '/platform/dict/index': () => import('../features/platform/dict-page'),
  '/platform/menu/index': () => import('../features/platform/menu-page'),
  '/platform/tenant/index': () => import('../features/platform/tenant-page'),
  '/platform/regWay/index': () => import('../features/platform/reg-way-page'),
  '/platform/region/index': () => import('../features/platform/region-page'),
  '/platform/template/index': () => import('../features/platform/template-page'),
  '/platform/job/index': () => import('../features/platform/job-page'),
  '/platform/job/dashboard/index': () => import('../features/platform/job-dashboard-page'),
  '/platform/file/index': () => import('../features/platform/file-page'),
  '/system/user/index': () => import('../features/system/user-page'),
  '/system/user/userCenter': () => import('../features/system/user-center-page'),
  '/system/role/index': () => import('../features/system/role-page'),
  '/system/org/index': () => import('../features/system/org-page'),
  '/system/pos/index': () => import('../features/system/pos-page'),
  // one parameters page for the platform's and the tenant's, by the menu it opens from
  '/system/tenantConfig/index': () =>
    import('../features/platform/config-page').then((m) => ({ default: m.TenantConfigPage })),
  '/home/notice/index': () => import('../features/notice/notice-centre-page'),
  '/system/notice/index': () => import('../features/notice/notice-page'),
  '/system/onlineUser/index': () => import('../features/online-user/online-user-page'),
  '/log/visLog/index': () => import('../features/log/vis-log-page'),
  '/log/opLog/index': () => import('../features/log/op-log-page'),
  '/log/exLog/index': () => import('../features/log/ex-log-page'),
  '/log/diffLog/index': () => import('../features/log/diff-log-page'),
  '/warehouse/info/index': () => import('../features/warehouse/warehouse-info-page'),
  '/warehouse/area/index': () => import('../features/warehouse/area-page'),
  '/warehouse/location/index': () => import('../features/warehouse/location-page'),
  '/warehouse/consignor/index': () => import('../features/warehouse/consignor-page'),
  '/warehouse/sku/index': () => import('../features/warehouse/sku-page'),
  '/inventory/snapshot/index': () => import('../features/inventory/snapshot/snapshot-page'),
  '/inventory/task/index': () => import('../features/inventory/task/task-page'),
  '/inventory/subtask/index': () => import('../features/inventory/subtask/subtask-page'),
  '/inventory/item/index': () => import('../features/inventory/item/item-page'),
  '/inventory/scan/index': () => import('../features/inventory/scan/scan-page'),
  '/inventory/audit/index': () => import('../features/inventory/audit/audit-page'),
  '/inventory/review/index': () => import('../features/inventory/review/review-page'),
  '/overview/cards/index': () => import('../features/overview/cards/cards-page'),
  '/overview/warehouse/index': () => import('../features/overview/plan/plan-page'),
  '/overview/three/index': () => import('../features/overview/three/three-page'),
  '/overview/consolidation/index': () => import('../features/consolidation/consolidation-page'),
  '/overview/scanSummary/index': () => import('../features/insight-stats/scan-summary-page'),
  '/overview/pickCount/index': () => import('../features/insight-stats/pick-count-page'),
  '/overview/location/index': () => import('../features/insight-stats/location-overview-page'),
  '/overview/live/index': () => import('../features/live-view/live-view-page'),
  '/platform/server/index': () => import('../features/platform/server-page'),
  '/platform/cache/index': () => import('../features/platform/cache-page'),
  '/platform/update/index': () => import('../features/platform/update-page'),
  '/about/index': () => import('../features/about/about-page'),
};

const cache = new Map<string, Page>();

/** The lazy page of a component key, or undefined when none matches. */
export function resolvePage(component: string | undefined): Page | undefined {
  if (!component) return undefined;
  const key = component.startsWith('/') ? component : `/${component}`;
  const matches = Object.keys(PAGES).filter((k) => k === key || k === `${key}/index`);
  if (matches.length !== 1) return undefined;
  const match = matches[0] as string;
  let page = cache.get(match);
  if (!page) {
    page = lazy(PAGES[match] as () => Promise<{ default: ComponentType }>);
    cache.set(match, page);
  }
  return page;
}
