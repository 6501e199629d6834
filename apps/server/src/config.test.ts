import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { contentSecurityPolicy } from './kernel/http/security-headers';

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

describe('LIVE_STREAM_SOURCES', () => {
  it('reads origins separated by spaces or commas into the pages’ policy for images, media and fetches', () => {
    const { liveStreamSources } = loadConfig({
      LIVE_STREAM_SOURCES: 'http://10.0.0.5:8080, https://nvr.warehouse.lan  http://[fd00::5]:1984,https:',
    });
    expect(liveStreamSources).toEqual([
      'http://10.0.0.5:8080',
      'https://nvr.warehouse.lan',
      'http://[fd00::5]:1984',
      'https:',
    ]);
    const csp = contentSecurityPolicy(liveStreamSources);
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    for (const name of ['img-src', 'media-src', 'connect-src']) {
      expect(directive(name)).toContain(' http://10.0.0.5:8080 https://nvr.warehouse.lan http://[fd00::5]:1984 https:');
    }
    // scripts, frames and the rest stay this server's own
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(loadConfig({}).liveStreamSources).toEqual([]);
    expect(contentSecurityPolicy()).toContain("media-src 'self' blob:;");
  });

  it('refuses anything but origins, so nothing can be slipped into the policy', () => {
    for (const bad of [
      "http://10.0.0.5; script-src 'unsafe-inline'",
      "'unsafe-inline'",
      '*',
      'javascript:',
      'data:',
      'rtsp://10.0.0.5',
      'http://10.0.0.5/live/',
    ]) {
      expect(() => loadConfig({ LIVE_STREAM_SOURCES: bad }), bad).toThrow(/LIVE_STREAM_SOURCES/);
    }
  });
});

describe('CORS_ORIGINS', () => {
  it('is empty (same origin only) unless origins are named, separated by commas or spaces', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://wms.example.com, http://10.0.0.7:8080' }).corsOrigins).toEqual([
      'https://wms.example.com',
      'http://10.0.0.7:8080',
    ]);
  });
  it('refuses anything but exact origins', () => {
    for (const bad of [
      '*',
      'https://wms.example.com/',
      'https://wms.example.com/app',
      'wms.example.com',
      'ftp://x.y',
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});
