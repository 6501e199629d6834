import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSampler, parseRedisInfo } from './sampler';

const root = mkdtempSync(join(tmpdir(), 'sampler-cgroup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sampler', () => {
  it('reports a container by its cgroup limits: memory total, memory used and CPU limit', async () => {
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'cgroup.controllers'), 'cpu memory\n');
    writeFileSync(join(root, 'memory.max'), `${256 * 1024 * 1024}\n`);
    writeFileSync(join(root, 'memory.current'), `${100 * 1024 * 1024}\n`);
    writeFileSync(join(root, 'cpu.max'), '50000 100000\n');
    writeFileSync(join(root, 'cpu.stat'), 'usage_usec 1000000\n');
    const sampler = createSampler({
      node: 3,
      version: '9.9.9',
      cgroupRoot: root,
      database: async () => ({ kind: 'SQLite', version: '3', size: 4096 }),
      redis: async () => parseRedisInfo('redis_version:7.0.15\r\nused_memory:1024\r\n'),
    });
    try {
      const first = await sampler.take();
      expect(first).toMatchObject({
        node: 3,
        version: '9.9.9',
        cgroup: 2,
        memory: { total: 256 * 1024 * 1024, used: 100 * 1024 * 1024, limit: 256 * 1024 * 1024 },
        database: { kind: 'SQLite', size: 4096 },
        redis: { version: '7.0.15', usedMemory: 1024 },
      });
      expect(first.cpu.limit).toBe(0.5);
      // the group's own CPU time over its quota: 0.25 s used in about 1 s of half a CPU is about 50 %
      await new Promise((r) => setTimeout(r, 1000));
      writeFileSync(join(root, 'cpu.stat'), 'usage_usec 1250000\n');
      const second = await sampler.take();
      expect(second.cpu.usage).toBeGreaterThan(30);
      expect(second.cpu.usage).toBeLessThanOrEqual(50.5);
      expect(second.history.map((p) => p.t)).toEqual([first.sampledAt, second.sampledAt]);
    } finally {
      sampler.stop();
    }
  });

  it("reads Redis INFO: version, memory, clients, uptime and every database's keys", () => {
    const info = [
      '# Server',
      'redis_version:7.2.4',
      'uptime_in_seconds:3600',
      '# Clients',
      'connected_clients:5',
      '# Memory',
      'used_memory:2048000',
      '# Keyspace',
      'db0:keys=10,expires=2,avg_ttl=0',
      'db3:keys=5,expires=0,avg_ttl=0',
    ].join('\r\n');
    expect(parseRedisInfo(info)).toEqual({ version: '7.2.4', usedMemory: 2048000, clients: 5, uptime: 3600, keys: 15 });
    expect(parseRedisInfo('')).toEqual({ version: '', usedMemory: 0, clients: 0, uptime: 0, keys: 0 });
  });
});
