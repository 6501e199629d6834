import { z } from 'zod';
import { service } from '../endpoint';

/** One point of a node's recent history (the small charts). */
export const serverPoint = z.object({
  /** When it was sampled (epoch ms). */
  t: z.number(),
  /** CPU busy, percent of the host (or of the container's CPU limit). */
  cpu: z.number(),
  /** Memory in use, bytes. */
  memory: z.number(),
  /** Resident memory of the server process, bytes. */
  rss: z.number(),
  /** Bytes per second received and sent, all interfaces. */
  rxSec: z.number(),
  txSec: z.number(),
  /** Event-loop delay p99 over the interval, ms. */
  loopDelay: z.number(),
});

/** A disk (mounted file system) of a node. */
export const serverDisk = z.object({
  fs: z.string(),
  type: z.string(),
  mount: z.string(),
  size: z.number(),
  used: z.number(),
  /** Percent used. */
  use: z.number(),
});

/** The latest sample of one node (`sysServer/nodeList`). */
export const serverNode = z.object({
  node: z.number(),
  /** The node that answered this request. */
  self: z.boolean(),
  host: z.string(),
  /** When the sample was taken (epoch ms); a node that stopped publishing keeps its last one until it expires. */
  sampledAt: z.number(),
  os: z.object({ platform: z.string(), distro: z.string(), release: z.string(), kernel: z.string(), arch: z.string() }),
  cpu: z.object({
    model: z.string(),
    cores: z.number(),
    /** CPUs the container may use (cgroup quota), null without a limit. */
    limit: z.number().nullable(),
    usage: z.number(),
    /** 1, 5 and 15 minute load averages. */
    load: z.array(z.number()),
  }),
  memory: z.object({
    total: z.number(),
    used: z.number(),
    /** The container's memory limit (cgroup), null without one. */
    limit: z.number().nullable(),
  }),
  /** cgroup version read (1, 2) or null outside a container's limits. */
  cgroup: z.number().nullable(),
  disks: z.array(serverDisk),
  network: z.object({ rxSec: z.number(), txSec: z.number() }),
  process: z.object({
    pid: z.number(),
    rss: z.number(),
    heapUsed: z.number(),
    heapTotal: z.number(),
    /** Seconds the server process has run. */
    uptime: z.number(),
    loopDelay: z.object({ mean: z.number(), p99: z.number(), max: z.number() }),
  }),
  /** Seconds the host has run. */
  uptime: z.number(),
  nodeVersion: z.string(),
  version: z.string(),
  database: z.object({ kind: z.string(), version: z.string(), size: z.number().nullable() }),
  /** Redis when REDIS_URL is set. */
  redis: z
    .object({
      version: z.string(),
      usedMemory: z.number(),
      clients: z.number(),
      uptime: z.number(),
      keys: z.number(),
    })
    .nullable(),
  history: z.array(serverPoint),
});

/** A node that holds a lease but whose sample this node cannot see (no shared cache, or it stopped). */
export const serverLease = z.object({ node: z.number(), host: z.string(), heartbeat: z.number() });

/**
 * Server monitor (`sysServer`): Admin.NET's reads of this node, and every node's latest background sample
 * (docs/monitors.md).
 */
export const sysServer = service('sysServer', {
  serverBase: {
    action: 'serverBase',
    method: 'GET',
    permission: 'sysServer:info',
    scope: 'platform',
    input: z.object({}),
    output: z.object({
      hostName: z.string(),
      systemOs: z.string(),
      osArchitecture: z.string(),
      processorCount: z.number(),
      /** Seconds the host has run. */
      sysRunTime: z.number(),
      localIp: z.string(),
      frameworkDescription: z.string(),
      environment: z.string(),
    }),
    summary: 'The host, operating system and runtime of the node that answers',
  },
  serverUsed: {
    action: 'serverUsed',
    method: 'GET',
    permission: 'sysServer:info',
    scope: 'platform',
    input: z.object({}),
    output: z.object({
      freeRam: z.number(),
      usedRam: z.number(),
      totalRam: z.number(),
      ramRate: z.number(),
      cpuRate: z.number(),
      startTime: z.string(),
      /** Seconds the server process has run. */
      runTime: z.number(),
    }),
    summary: 'Memory and CPU use of the node that answers (from its latest background sample)',
  },
  serverDisk: {
    action: 'serverDisk',
    method: 'GET',
    permission: 'sysServer:info',
    scope: 'platform',
    input: z.object({}),
    output: z.array(
      z.object({
        diskName: z.string(),
        typeName: z.string(),
        totalSize: z.number(),
        used: z.number(),
        availableFreeSpace: z.number(),
        availablePercent: z.number(),
      }),
    ),
    summary: 'Disks of the node that answers',
  },
  assemblyList: {
    action: 'assemblyList',
    method: 'GET',
    permission: 'sysServer:info',
    scope: 'platform',
    input: z.object({}),
    output: z.array(z.object({ name: z.string(), version: z.string() })),
    summary: 'The main libraries the server runs on, with their versions',
  },
  nodeList: {
    action: 'nodeList',
    method: 'GET',
    permission: 'sysServer:info',
    scope: 'platform',
    input: z.object({}),
    output: z.object({ nodes: z.array(serverNode), unseen: z.array(serverLease) }),
    summary: "Every node's latest sample with its recent history, and leased nodes whose sample is not shared",
  },
});
