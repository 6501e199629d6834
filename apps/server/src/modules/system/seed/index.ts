export { configSeed } from './config.seed';
export { regionPaths, seedRegions } from './region.seed';
export { ABNORMAL_CAUSES, generatePassword, type SeedReport, seedSystem } from './seed';
