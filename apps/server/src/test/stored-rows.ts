// Rows as stored, read by id across tenants: what a test compares an answer with. Test support, not module code,
// so it may use the whole database (docs/tenancy-and-permissions.md).
import type { TestApp } from './harness';

/** The current version of a task. */
export async function taskVersion(t: TestApp, taskId: number) {
  const r = await t.kernel.db
    .selectFrom('inv_task')
    .select(['version', 'audit_status'])
    .where('id', '=', taskId)
    .executeTakeFirstOrThrow();
  return { version: Number(r.version), auditStatus: Number(r.audit_status) };
}

/** The lines of a task by id, as stored. */
export async function itemsOf(t: TestApp, taskId: number) {
  const rows = await t.kernel.db.selectFrom('inv_item').selectAll().where('task_id', '=', taskId).execute();
  return new Map(rows.map((r) => [Number(r.id), r]));
}
