import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The limits a container puts on this process (cgroup v2 or v1), where there are any. */
export interface CgroupLimits {
  version: 1 | 2 | null;
  /** Bytes the group may use, or null without a limit. */
  memoryLimit: number | null;
  /** Bytes the group uses now. */
  memoryUsage: number | null;
  /** CPUs the group may use (quota / period, e.g. 1.5), or null without a quota. */
  cpuLimit: number | null;
}

/** Anything at or above this is v1's way of saying "no limit" (a page-rounded 2^63). */
const V1_UNLIMITED = 2 ** 60;

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
};

const num = (text: string | undefined): number | null => {
  if (text === undefined || text === '' || text === 'max') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/**
 * The group of each controller this process is in, from `/proc/self/cgroup` (`4:memory:/docker/abc`; v2 has one
 * line `0::/path`).
 */
function groupsOf(procCgroup: string | undefined): Map<string, string> {
  const groups = new Map<string, string>();
  for (const line of (procCgroup ?? '').split('\n')) {
    const m = /^\d+:([^:]*):(.*)$/.exec(line.trim());
    if (!m) continue;
    const [, controllers = '', path = '/'] = m;
    if (controllers === '') groups.set('', path);
    for (const c of controllers.split(',')) if (c) groups.set(c, path);
  }
  return groups;
}

/** The first file that exists: in the process's own group, else at the controller's root (a container's view). */
function first(root: string, dirs: string[], group: string | undefined, file: string): string | undefined {
  for (const dir of dirs) {
    const base = join(root, dir);
    const found = (group && group !== '/' ? read(join(base, group, file)) : undefined) ?? read(join(base, file));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Reads the memory and CPU limits of the process's cgroup: v2 (`memory.max`, `memory.current`, `cpu.max`) when
 * the unified hierarchy is mounted, else v1 (`memory/memory.limit_in_bytes`, `cpu/cpu.cfs_quota_us`). `root` and
 * `procCgroup` are parameters so tests can hand in fixture files.
 */
export function readCgroupLimits(
  root = '/sys/fs/cgroup',
  procCgroup: string | undefined = read('/proc/self/cgroup'),
): CgroupLimits {
  const groups = groupsOf(procCgroup);
  if (read(join(root, 'cgroup.controllers')) !== undefined) {
    const group = groups.get('');
    const at = (file: string) => first(root, [''], group, file);
    const [quota, period] = (at('cpu.max') ?? 'max').split(/\s+/);
    const q = num(quota);
    const p = num(period) ?? 100_000;
    return {
      version: 2,
      memoryLimit: num(at('memory.max')),
      memoryUsage: num(at('memory.current')),
      cpuLimit: q !== null && p > 0 ? q / p : null,
    };
  }
  const memory = first(root, ['memory'], groups.get('memory'), 'memory.limit_in_bytes');
  if (memory === undefined) return { version: null, memoryLimit: null, memoryUsage: null, cpuLimit: null };
  const cpuDirs = ['cpu', 'cpu,cpuacct', 'cpuacct,cpu'];
  const quota = num(first(root, cpuDirs, groups.get('cpu'), 'cpu.cfs_quota_us'));
  const period = num(first(root, cpuDirs, groups.get('cpu'), 'cpu.cfs_period_us')) ?? 100_000;
  const limit = num(memory);
  return {
    version: 1,
    memoryLimit: limit !== null && limit < V1_UNLIMITED ? limit : null,
    memoryUsage: num(first(root, ['memory'], groups.get('memory'), 'memory.usage_in_bytes')),
    cpuLimit: quota !== null && quota > 0 && period > 0 ? quota / period : null,
  };
}

/**
 * CPU time the process's cgroup has used, in microseconds (v2 `cpu.stat` usage_usec, v1 `cpuacct.usage` in ns),
 * or null when it cannot be read. Two readings over an interval give the container's own CPU use.
 */
export function readCgroupCpuMicros(
  root = '/sys/fs/cgroup',
  procCgroup: string | undefined = read('/proc/self/cgroup'),
): number | null {
  const groups = groupsOf(procCgroup);
  if (read(join(root, 'cgroup.controllers')) !== undefined) {
    const stat = first(root, [''], groups.get(''), 'cpu.stat');
    const m = /^usage_usec\s+(\d+)/m.exec(stat ?? '');
    return m ? Number(m[1]) : null;
  }
  const dirs = ['cpuacct', 'cpu,cpuacct', 'cpuacct,cpu'];
  const ns = num(first(root, dirs, groups.get('cpuacct'), 'cpuacct.usage'));
  return ns === null ? null : ns / 1000;
}
