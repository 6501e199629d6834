import type { OutputOf, sysServer } from '@shelfwise/contract';
import type { TimeFormatter } from '../../../kernel/http/context';
import { localIp } from '../../../kernel/monitor/sampler';
import type { ServerMonitor } from '../../../kernel/monitor/server-monitor';
import { assemblyList } from './assemblies';

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * The server monitor (`sysServer`): everything is read from the background samples of kernel/monitor, never
 * measured on the request (docs/monitors.md).
 */
export function createServerService(monitor: ServerMonitor) {
  return {
    async serverBase(): Promise<OutputOf<typeof sysServer.serverBase>> {
      const s = await monitor.latest();
      return {
        hostName: s.host,
        systemOs: `${s.os.distro} ${s.os.release}`.trim(),
        osArchitecture: `${s.os.platform} ${s.os.arch}`,
        processorCount: s.cpu.cores,
        sysRunTime: s.uptime,
        localIp: localIp(),
        frameworkDescription: `Node.js ${s.nodeVersion}`,
        environment: process.env.NODE_ENV === 'development' ? 'Development' : 'Production',
      };
    },

    async serverUsed(time: TimeFormatter): Promise<OutputOf<typeof sysServer.serverUsed>> {
      const s = await monitor.latest();
      return {
        totalRam: s.memory.total,
        usedRam: s.memory.used,
        freeRam: Math.max(0, s.memory.total - s.memory.used),
        ramRate: percent(s.memory.used, s.memory.total),
        cpuRate: s.cpu.usage,
        startTime: time(s.sampledAt - s.process.uptime * 1000) ?? '',
        runTime: s.process.uptime,
      };
    },

    async serverDisk(): Promise<OutputOf<typeof sysServer.serverDisk>> {
      const s = await monitor.latest();
      return s.disks.map((d) => ({
        diskName: d.mount,
        typeName: d.type,
        totalSize: d.size,
        used: d.used,
        availableFreeSpace: Math.max(0, d.size - d.used),
        availablePercent: Math.round((100 - d.use) * 10) / 10,
      }));
    },

    assemblyList,

    nodeList: (): Promise<OutputOf<typeof sysServer.nodeList>> => monitor.nodes(),
  };
}
