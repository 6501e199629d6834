import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('takes an empty DATABASE_URL or REDIS_URL (as a .env file leaves them) as unset', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/shelfwise-config', DATABASE_URL: '', REDIS_URL: '' });
    expect(config.databaseUrl).toBe(`sqlite:${resolve('/tmp/shelfwise-config', 'shelfwise.db')}`);
    expect(config.redisUrl).toBeUndefined();
  });
  it('keeps a given database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe('postgres://u@h/db');
  });
});
