import { type AppConfig, loadConfig } from '../config';

/** The password of `superadmin` and `admin` in every test app. */
export const TEST_PASSWORD = 'Test-pass-123';

/** What a test app's start may vary: the captcha switch and the shipped regions the seed writes. */
export interface SeedOptions {
  captcha?: boolean;
  /** Seed the shipped regions (off by default: ~0.3 s per database, see region.seed.ts). */
  regions?: boolean;
}

/**
 * The configuration a test app starts with on a database: silent, the test password, no web app. The template
 * databases are prepared with the same one, so that a copy holds what a fresh start would have written.
 */
export function testConfig(
  db: { url: string; dataDir: string },
  options: SeedOptions & { redisUrl?: string; corsOrigins?: string } = {},
): AppConfig {
  return loadConfig({
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.url,
    ADMIN_PASSWORD: TEST_PASSWORD,
    SEED_CAPTCHA: options.captcha ? 'on' : 'off',
    SEED_REGIONS: options.regions ? 'on' : 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST: `${db.dataDir}/no-web`,
    ...(options.corsOrigins ? { CORS_ORIGINS: options.corsOrigins } : {}),
    ...(options.redisUrl
      ? { REDIS_URL: options.redisUrl, REDIS_PREFIX: `${db.url.split('/').pop()?.slice(0, 28)}:` }
      : {}),
  });
}
