// The start-up sweep of orphan snapshot lines: platform-level (it covers every tenant), named in the tenancy lint's
// exceptions (scripts/lint-tenancy.mjs, docs/tenancy-and-permissions.md).
import { idAt } from '../../../kernel/db/ids';
import type { Kernel } from '../../../kernel/http/kernel';

/** How old the lines of an unfinished import must be before they are dropped (no import runs that long). */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes lines left by imports that never wrote their header (the process died midway) and began before `before`
 * (epoch-ms; snapshot ids are time-ordered). Imports still running on any node are younger. This sweep runs at start
 * over every tenant's lines, so it is given the whole database, not a tenant's.
 */
export async function sweepOrphanLines(kernel: Kernel, before: number) {
  const db = kernel.db;
  const orphans = await db
    .selectFrom('inv_snapshot_line as l')
    .select('l.snapshot_id')
    .distinct()
    .where('l.snapshot_id', '<', idAt(before))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('inv_snapshot as s').select('s.id').whereRef('s.id', '=', 'l.snapshot_id'))),
    )
    .execute();
  for (const { snapshot_id } of orphans)
    await db.deleteFrom('inv_snapshot_line').where('snapshot_id', '=', snapshot_id).execute();
  return orphans.length;
}
