export { configSeed } from './config.seed';
export { MENU_SEED } from './menu.seed';
export { renderMenuMap } from './menu-map';
export { regionPaths, seedRegions } from './region.seed';
export { ABNORMAL_CAUSES, generatePassword, type SeedReport, seedSystem } from './seed';
