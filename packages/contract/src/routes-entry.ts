/** The light entry of the contract for the web client's first load: routes, types, patterns, languages. */
export type { ApiResponse, PageResult } from './common';
export { LOCALES, type Locale, pickLocale } from './i18n';
export { MOBILE_RE } from './patterns';
export type { PermissionCode, Route, RouteInput, RouteOutput, Routes } from './route';
export { routes } from './routes.gen';
