import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { MAX_NODE } from './ids';
import type { Database } from './schema';

/** A lease not renewed for this long is free again. */
export const LEASE_MS = 60_000;
/** How often a node renews its lease (the cluster list shows a node down after three missed). */
export const HEARTBEAT_MS = 15_000;

/** A node number held by this process until `release()`; renewed in the background. */
export interface NodeLease {
  node: number;
  release(): Promise<void>;
}

/**
 * Leases a node number through the database, so two running processes never share one (and never mint
 * the same id). A lease whose heartbeat is older than a minute is free again (its process died).
 */
export async function leaseNodeNumber(
  db: Kysely<Database>,
  now: () => number = Date.now,
  version: string | null = null,
): Promise<NodeLease> {
  const instance = randomUUID();
  for (let attempt = 0; attempt < 3; attempt++) {
    for (let node = 0; node <= MAX_NODE; node++) {
      const t = now();
      try {
        await db
          .insertInto('sys_node')
          .values({ node_no: node, instance_id: instance, host: hostname(), started_at: t, heartbeat_at: t, version })
          .execute();
        return keepAlive(db, node, instance, now);
      } catch {
        const taken = await db
          .updateTable('sys_node')
          .set({ instance_id: instance, host: hostname(), started_at: t, heartbeat_at: t, version })
          .where('node_no', '=', node)
          .where('heartbeat_at', '<', t - LEASE_MS)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) return keepAlive(db, node, instance, now);
      }
    }
  }
  throw new Error(`All ${MAX_NODE + 1} node numbers are leased by running processes`);
}

function keepAlive(db: Kysely<Database>, node: number, instance: string, now: () => number): NodeLease {
  const timer = setInterval(() => {
    db.updateTable('sys_node')
      .set({ heartbeat_at: now() })
      .where('node_no', '=', node)
      .where('instance_id', '=', instance)
      .execute()
      .catch(() => {
        // a missed heartbeat is retried on the next tick; the lease lasts four of them
      });
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    node,
    async release() {
      clearInterval(timer);
      await db.deleteFrom('sys_node').where('node_no', '=', node).where('instance_id', '=', instance).execute();
    },
  };
}
