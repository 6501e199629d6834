import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCgroupCpuMicros, readCgroupLimits } from './cgroup';

const roots: string[] = [];
/** A fake `/sys/fs/cgroup` holding the given files. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cgroup-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), `${text}\n`);
  }
  return root;
}
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

describe('cgroup limits', () => {
  it('reads v2 memory and CPU limits (a container with 512 MiB and 1.5 CPUs)', () => {
    const root = fixture({
      'cgroup.controllers': 'cpuset cpu io memory pids',
      'memory.max': String(512 * 1024 * 1024),
      'memory.current': '123456789',
      'cpu.max': '150000 100000',
    });
    expect(readCgroupLimits(root, '0::/')).toEqual({
      version: 2,
      memoryLimit: 512 * 1024 * 1024,
      memoryUsage: 123456789,
      cpuLimit: 1.5,
    });
  });

  it('reads v2 without limits as none', () => {
    const root = fixture({ 'cgroup.controllers': 'cpu memory', 'memory.max': 'max', 'cpu.max': 'max 100000' });
    expect(readCgroupLimits(root, '0::/')).toMatchObject({ version: 2, memoryLimit: null, cpuLimit: null });
  });

  it("reads v2 in the process's own group when it is not the root", () => {
    const root = fixture({
      'cgroup.controllers': 'cpu memory',
      'memory.max': 'max',
      'system.slice/app.service/memory.max': '1073741824',
      'system.slice/app.service/cpu.max': '50000 100000',
    });
    expect(readCgroupLimits(root, '0::/system.slice/app.service')).toMatchObject({
      memoryLimit: 1073741824,
      cpuLimit: 0.5,
    });
  });

  it('reads v1 limits, and its huge number and -1 as none', () => {
    const limited = fixture({
      'memory/memory.limit_in_bytes': '268435456',
      'memory/memory.usage_in_bytes': '1000',
      'cpu,cpuacct/cpu.cfs_quota_us': '200000',
      'cpu,cpuacct/cpu.cfs_period_us': '100000',
    });
    expect(readCgroupLimits(limited, '4:memory:/\n2:cpu,cpuacct:/')).toEqual({
      version: 1,
      memoryLimit: 268435456,
      memoryUsage: 1000,
      cpuLimit: 2,
    });
    const open = fixture({
      'memory/memory.limit_in_bytes': '9223372036854771712',
      'cpu/cpu.cfs_quota_us': '-1',
      'cpu/cpu.cfs_period_us': '100000',
    });
    expect(readCgroupLimits(open, '4:memory:/\n1:cpu:/')).toMatchObject({
      version: 1,
      memoryLimit: null,
      cpuLimit: null,
    });
  });

  it('answers no limits where no cgroup files exist', () => {
    expect(readCgroupLimits(fixture({}), undefined)).toEqual({
      version: null,
      memoryLimit: null,
      memoryUsage: null,
      cpuLimit: null,
    });
  });

  it('reads the CPU time used by the group (v2 in µs, v1 in ns)', () => {
    const v2 = fixture({ 'cgroup.controllers': 'cpu', 'cpu.stat': 'usage_usec 1234567\nuser_usec 1000000' });
    expect(readCgroupCpuMicros(v2, '0::/')).toBe(1234567);
    const v1 = fixture({ 'memory/memory.limit_in_bytes': '1', 'cpuacct/cpuacct.usage': '5000000' });
    expect(readCgroupCpuMicros(v1, '2:cpuacct:/')).toBe(5000);
    expect(readCgroupCpuMicros(fixture({}), undefined)).toBeNull();
  });
});
