import type { I18nText } from '@shelfwise/contract';

/**
 * One entry of the seeded menu tree. Directories (type 1) use component `Layout`; menus (type 2) carry
 * the route; buttons (type 3) carry a permission code `<service>:<action>`.
 * `key` is stable forever: the row id is derived from it, so re-seeding updates instead of duplicating.
 */
export interface MenuSeed {
  key: string;
  type: 1 | 2 | 3;
  name?: string;
  path?: string;
  component?: string;
  redirect?: string;
  permission?: string;
  title: I18nText;
  icon?: string;
  isHide?: boolean;
  isKeepAlive?: boolean;
  isAffix?: boolean;
  isIframe?: boolean;
  outLink?: string;
  orderNo: number;
  children?: MenuSeed[];
}
