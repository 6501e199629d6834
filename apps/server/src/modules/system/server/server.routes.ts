import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import type { ServerMonitor } from '../../../kernel/monitor/server-monitor';
import { createServerService } from './server.service';

/** Routes of `sysServer`. */
export function registerServerRoutes(app: FastifyInstance, kernel: Kernel, monitor: ServerMonitor) {
  const server = createServerService(monitor);
  const s = api.sysServer;
  defineRoute(app, kernel, s.serverBase, () => server.serverBase());
  defineRoute(app, kernel, s.serverUsed, (_input, _ctx, { time }) => server.serverUsed(time));
  defineRoute(app, kernel, s.serverDisk, () => server.serverDisk());
  defineRoute(app, kernel, s.assemblyList, () => server.assemblyList());
  defineRoute(app, kernel, s.nodeList, () => server.nodeList());
}
