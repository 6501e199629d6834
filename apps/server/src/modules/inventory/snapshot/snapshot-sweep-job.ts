import { z } from 'zod';
import type { Kernel } from '../../../kernel/http/kernel';
import { defineJobHandler } from '../../../kernel/jobs';
import { ORPHAN_AGE_MS, sweepOrphanLines } from './snapshot-sweep';

/**
 * Drops the lines of stock snapshot imports that died before writing their header (a killed process), as the
 * start-up sweep does, every hour (`inventory.importSweep`, a built-in job of the platform; docs/jobs.md): a node that
 * runs for weeks no longer keeps such lines until its next start.
 */
export function createImportSweepHandler(kernel: Kernel) {
  return defineJobHandler({
    key: 'inventory.importSweep',
    scope: 'platform',
    title: { en: 'Unfinished imports clean-up', 'zh-cn': '未完成导入清理', 'zh-tw': '未完成匯入清理' },
    params: z.object({}),
    builtIn: { code: 'inventory.importSweep', name: 'Unfinished imports clean-up', cron: '0 15 * * * *' },
    async run(ctx) {
      return { snapshots: await sweepOrphanLines(kernel, ctx.now() - ORPHAN_AGE_MS) };
    },
  });
}
