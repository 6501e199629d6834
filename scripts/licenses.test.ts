import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface Listed {
  name: string;
  version: string;
  license: string;
  usedBy: string[];
  url: string;
  text: string | null;
}

/** The About page's licence list, as the web build writes it. */
describe('scripts/licenses.mjs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-licences-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'licences.json');
  execFileSync(process.execPath, [join(ROOT, 'scripts/licenses.mjs'), file], { stdio: 'ignore' });
  const out = JSON.parse(readFileSync(file, 'utf8')) as { product: string; version: string; packages: Listed[] };
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const byName = (name: string) => out.packages.filter((p) => p.name === name);

  it('lists what the web app and the server ship, at their locked versions, with licence and text', () => {
    expect(out.product).toBe('Shelfwise');
    const react = byName('react')[0];
    expect(react).toMatchObject({
      license: 'MIT',
      usedBy: ['web'],
      version: lock.packages['node_modules/react'].version,
    });
    expect(react?.text).toContain('Permission is hereby granted');
    expect(byName('fastify')[0]?.usedBy).toEqual(['server']);
    expect(byName('zod')[0]?.usedBy).toEqual(['server', 'web']);
    // a dependency of a dependency is shipped too
    expect(byName('@ant-design/cssinjs').length).toBe(1);
  });

  it('leaves out development tools and the workspace packages themselves', () => {
    for (const name of [
      'vitest',
      'typescript',
      'vite',
      '@biomejs/biome',
      'esbuild',
      'tsx',
      's3rver',
      '@shelfwise/contract',
    ]) {
      expect(byName(name), name).toEqual([]);
    }
  });

  it('names every package once per version, with a licence or UNKNOWN and a link', () => {
    const keys = out.packages.map((p) => `${p.name}@${p.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const p of out.packages) {
      expect(p.license.length).toBeGreaterThan(0);
      expect(p.url).toMatch(/^https?:\/\//);
    }
  });
});
