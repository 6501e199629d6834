export { configSeed } from './config.seed';
export { adminMenuIds, PLATFORM_MENU_KEYS, platformMenuIds, roleHoldsAdminMenus } from './menu-scope';
export { regionPaths, seedRegions } from './region.seed';
export { ABNORMAL_CAUSES, generatePassword, type SeedReport, seedSystem } from './seed';
