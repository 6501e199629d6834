export * from './common';
export * from './endpoint';
export * from './enum-types';
export * from './enums';
export * from './errors';
export * from './i18n';
export * from './patterns';
export * from './route';
export { routes } from './routes.gen';
export * from './system/auth';
export * from './system/config';
export * from './system/const';
export * from './system/dict';
export * from './system/menu';
export * from './url';

import type { Endpoint } from './endpoint';
import { swagger, sysAuth, sysSms } from './system/auth';
import { sysConfig } from './system/config';
import { sysConst } from './system/const';
import { sysDictData, sysDictType } from './system/dict';
import { sysMenu } from './system/menu';

/** Every API service, by name. */
export const api = { sysAuth, sysSms, swagger, sysConfig, sysConst, sysDictType, sysDictData, sysMenu };

/** Every endpoint of the API, flat. */
export const allEndpoints: readonly Endpoint[] = Object.values(api).flatMap((s) => Object.values(s) as Endpoint[]);
