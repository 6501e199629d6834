import { hostname, uptime as hostUptime, loadavg, networkInterfaces } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { serverNode, serverPoint } from '@shelfwise/contract';
import si from 'systeminformation';
import type { z } from 'zod';
import { type CgroupLimits, readCgroupCpuMicros, readCgroupLimits } from './cgroup';

/** One node's sample as it is published (who reads it adds `self`). */
export type NodeSample = Omit<z.output<typeof serverNode>, 'self'>;
type Point = z.output<typeof serverPoint>;

/** What the sampler is told about the parts it does not measure itself. */
export interface SamplerSources {
  node: number;
  version: string;
  /** Database kind, version and size (a few queries; asked every few samples). */
  database: () => Promise<NodeSample['database']>;
  /** Redis facts when REDIS_URL is set. */
  redis?: () => Promise<NodeSample['redis']>;
  /** Where cgroup files are read (tests hand in fixtures). */
  cgroupRoot?: string;
}

/** How many points of history a node keeps and publishes (a few minutes at the default interval). */
export const HISTORY_POINTS = 60;
/** Disks and the database change slowly: they are read every this many samples. */
const SLOW_EVERY = 6;

const round = (n: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/** The first IPv4 address that is not loopback (what Admin.NET calls the local IP). */
export function localIp(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

/**
 * Takes samples of the host and the process. Every call of `take` does the slow systeminformation calls
 * (0.2-0.6 s on the first CPU reading): it runs in the background loop, never on a request. Rates (CPU, network)
 * need two readings, so the first sample reports what it can and the second is complete.
 */
export function createSampler(sources: SamplerSources) {
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const history: Point[] = [];
  let count = 0;
  let fixed: (Pick<NodeSample, 'os' | 'host' | 'nodeVersion'> & { model: string; cores: number }) | undefined;
  let disks: NodeSample['disks'] = [];
  let database: NodeSample['database'] = { kind: '', version: '', size: null };
  let lastCpu: { at: number; micros: number } | undefined;

  /** CPU busy percent of the container's own group when it has a quota, else of the host. */
  async function cpuUsage(limits: CgroupLimits, cores: number): Promise<number> {
    const load = await si.currentLoad();
    if (limits.cpuLimit === null) return load.currentLoad;
    const micros = readCgroupCpuMicros(sources.cgroupRoot, sources.cgroupRoot ? '0::/' : undefined);
    if (micros === null) return load.currentLoad;
    const at = Date.now();
    const before = lastCpu;
    lastCpu = { at, micros };
    if (!before || at <= before.at) return 0;
    const capacity = (at - before.at) * 1000 * Math.min(limits.cpuLimit, cores);
    return Math.min(100, ((micros - before.micros) / capacity) * 100);
  }

  async function take(): Promise<NodeSample> {
    const slow = count % SLOW_EVERY === 0;
    count++;
    if (!fixed) {
      const [os, cpu] = await Promise.all([si.osInfo(), si.cpu()]);
      fixed = {
        host: hostname(),
        os: { platform: os.platform, distro: os.distro, release: os.release, kernel: os.kernel, arch: os.arch },
        nodeVersion: process.version,
        model: `${cpu.manufacturer} ${cpu.brand}`.trim(),
        cores: cpu.cores,
      };
    }
    const limits = readCgroupLimits(sources.cgroupRoot, sources.cgroupRoot ? '0::/' : undefined);
    const [usage, mem, net, redis] = await Promise.all([
      cpuUsage(limits, fixed.cores),
      si.mem(),
      si.networkStats('*'),
      sources.redis ? sources.redis().catch(() => null) : Promise.resolve(null),
    ]);
    if (slow) {
      const [fs, db] = await Promise.all([si.fsSize().catch(() => []), sources.database().catch(() => database)]);
      disks = fs.map((d) => ({ fs: d.fs, type: d.type, mount: d.mount, size: d.size, used: d.used, use: d.use ?? 0 }));
      database = db;
    }
    const outside = net.filter((n) => n.iface !== 'lo');
    const rxSec = outside.reduce((s, n) => s + (n.rx_sec ?? 0), 0);
    const txSec = outside.reduce((s, n) => s + (n.tx_sec ?? 0), 0);
    // inside a container with a memory limit, the limit is the memory there is and the group's use is what counts
    const total = limits.memoryLimit !== null ? Math.min(limits.memoryLimit, mem.total) : mem.total;
    const used = limits.memoryLimit !== null && limits.memoryUsage !== null ? limits.memoryUsage : mem.active;
    const proc = process.memoryUsage();
    const delay = {
      mean: round(loop.mean / 1e6, 2),
      p99: round(loop.percentile(99) / 1e6, 2),
      max: round(loop.max / 1e6, 2),
    };
    loop.reset();
    const at = Date.now();
    history.push({ t: at, cpu: round(usage), memory: used, rss: proc.rss, rxSec, txSec, loopDelay: delay.p99 });
    if (history.length > HISTORY_POINTS) history.splice(0, history.length - HISTORY_POINTS);
    return {
      node: sources.node,
      host: fixed.host,
      sampledAt: at,
      os: fixed.os,
      cpu: {
        model: fixed.model,
        cores: fixed.cores,
        limit: limits.cpuLimit,
        usage: round(usage),
        load: loadavg().map((l) => round(l, 2)),
      },
      memory: { total, used, limit: limits.memoryLimit },
      cgroup: limits.version,
      disks,
      network: { rxSec: round(rxSec), txSec: round(txSec) },
      process: {
        pid: process.pid,
        rss: proc.rss,
        heapUsed: proc.heapUsed,
        heapTotal: proc.heapTotal,
        uptime: Math.round(process.uptime()),
        loopDelay: delay,
      },
      uptime: Math.round(hostUptime()),
      nodeVersion: fixed.nodeVersion,
      version: sources.version,
      database,
      redis,
      history: [...history],
    };
  }

  return {
    take,
    stop() {
      loop.disable();
    },
  };
}

/** Parses what Redis `INFO` answers into the facts the monitor shows. */
export function parseRedisInfo(info: string): NonNullable<NodeSample['redis']> {
  const fields = new Map<string, string>();
  let keys = 0;
  for (const line of info.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0 || line.startsWith('#')) continue;
    const name = line.slice(0, at);
    const value = line.slice(at + 1);
    fields.set(name, value);
    if (/^db\d+$/.test(name)) keys += Number(/keys=(\d+)/.exec(value)?.[1] ?? 0);
  }
  const n = (name: string) => Number(fields.get(name) ?? 0) || 0;
  return {
    version: fields.get('redis_version') ?? '',
    usedMemory: n('used_memory'),
    clients: n('connected_clients'),
    uptime: n('uptime_in_seconds'),
    keys,
  };
}
