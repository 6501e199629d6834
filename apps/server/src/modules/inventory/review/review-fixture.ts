import { AuditStatus, InventoryStatus } from '@shelfwise/contract';
import type { UserContext } from '../../../kernel/http/context';
import type { TestApp } from '../../../test/harness';
import { type CountTaskOptions, type SeededCountTask, seedCountTask } from '../count-fixture';
import { setCount } from '../ledger';

// A submitted count task for the review and audit tests: the shared fixture's task, every line counted through the
// ledger (pass 1, by the fixture's counters in turn, or by given users), then submitted by a direct update (the
// submission itself, with its automatic reviews, is the task module's and is tested there).

/** The permissions of a reviewer (no book quantities). */
export const REVIEWER_PERMISSIONS = [
  'inventoryReviewTask:page',
  'inventoryReviewTask:detail',
  'inventoryReviewTask:review',
  'inventoryReviewTask:complete',
];

/** The permissions of an auditor (the audit centre, review tasks, book quantities). */
export const AUDITOR_PERMISSIONS = [
  'inventoryCheckAudit:page',
  'inventoryCheckAudit:detail',
  'inventoryCheckAudit:approve',
  'inventoryCheckAudit:rejectRecount',
  'inventoryCheckAudit:rejectClose',
  'inventoryCheckAudit:history',
  'inventoryCheckAudit:export',
  'inventoryReviewTask:page',
  'inventoryReviewTask:detail',
  'inventoryReviewTask:create',
  'inventoryReviewTask:assign',
  'inventoryReviewTask:cancel',
  'inventoryCheckItem:book',
];

export interface SubmittedTaskOptions extends CountTaskOptions {
  /** The counted quantity of line i (default its book quantity); null leaves it uncounted. */
  count?: (item: SeededCountTask['items'][number], i: number) => number | null;
  /** Who counts line i (default the fixture's counters in turn). */
  counter?: (i: number, users: SeededCountTask['users']) => number;
  /** Leave the task counted but not submitted. */
  submit?: boolean;
}

/** A context for the ledger as a user of the tenant. */
const asUser = (tenantId: number, userId: number) => ({ tenantId, userId }) as UserContext;

/** Seeds a count task, counts its lines and (by default) submits it: audit pending. */
export async function seedSubmittedTask(t: TestApp, token: string, opts: SubmittedTaskOptions = {}) {
  const seeded = await seedCountTask(t, token, { counters: 2, ...opts });
  const now = Date.now();
  for (const [i, item] of seeded.items.entries()) {
    const quantity = opts.count ? opts.count(item, i) : item.bookQty;
    if (quantity === null) continue;
    const userId = opts.counter
      ? opts.counter(i, seeded.users)
      : (seeded.users[i % seeded.users.length] as { id: number }).id;
    const ctx = asUser(seeded.tenantId, userId);
    await t.kernel
      .tenantDb(ctx)
      .transaction()
      .execute((trx) => setCount(trx, ctx, item.id, { quantity, pass: 1, kind: 'set' }, now));
  }
  if (opts.submit !== false) {
    await t.kernel
      .tenantDb({ tenantId: seeded.tenantId })
      .updateTable('inv_task')
      .set({
        inventory_status: InventoryStatus.submitted,
        audit_status: AuditStatus.pendingAudit,
        submitted_at: now,
        submitted_by: null,
      })
      .where('id', '=', seeded.taskId)
      .execute();
  }
  return seeded;
}

// the stored rows a test compares with, read across tenants (test support outside module code)
export { itemsOf, taskVersion } from '../../../test/stored-rows';
