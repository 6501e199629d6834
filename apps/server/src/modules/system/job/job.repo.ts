import type { InputOf, sysJob } from '@shelfwise/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

export type JobRow = Selectable<TenantDatabase['sys_job']>;
export type TriggerRow = Selectable<TenantDatabase['sys_job_trigger']>;
export type FiringRow = Selectable<TenantDatabase['sys_job_firing']>;

const JOB_SORT = { code: 'code', name: 'name', groupName: 'group_name', createTime: 'created_at' } as const;
const FIRING_SORT = { scheduledTime: 'f.scheduled_at', durationMs: 'f.duration_ms' } as const;
const FINISHED = ['succeeded', 'failed', 'cancelled', 'abandoned', 'skipped'];

/** Queries of scheduled jobs, their triggers and their firings, on the tenant's database. */
export const jobRepo = {
  page(db: TenantDb, input: InputOf<typeof sysJob.pageJobDetail>) {
    let q = db.selectFrom('sys_job').selectAll();
    if (input.keyword) {
      const k = input.keyword;
      q = q.where((eb) => eb.or([ilike('code', k), ilike('name', k), ilike('description', k)]));
    }
    if (input.code) q = q.where(ilike('code', input.code));
    if (input.groupName) q = q.where('group_name', '=', input.groupName);
    if (input.status) q = q.where('status', '=', input.status);
    return paginate(q, input, JOB_SORT, { column: 'code', desc: false }, 'id');
  },
  byId: (db: TenantDb, id: number) => db.selectFrom('sys_job').selectAll().where('id', '=', id).executeTakeFirst(),
  codeTaken: async (db: TenantDb, code: string, exceptId?: number) => {
    let q = db.selectFrom('sys_job').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },
  insert: (db: TenantDb, row: Insertable<TenantDatabase['sys_job']>) => db.insertInto('sys_job').values(row).execute(),
  update: (db: TenantDb, id: number, row: Updateable<TenantDatabase['sys_job']>) =>
    db.updateTable('sys_job').set(row).where('id', '=', id).execute(),
  async remove(db: TenantDb, id: number) {
    await db.deleteFrom('sys_job_firing').where('job_id', '=', id).execute();
    await db.deleteFrom('sys_job_trigger').where('job_id', '=', id).execute();
    await db.deleteFrom('sys_job').where('id', '=', id).execute();
  },

  triggersOf: (db: TenantDb, jobIds: number[]) =>
    jobIds.length
      ? db.selectFrom('sys_job_trigger').selectAll().where('job_id', 'in', jobIds).orderBy('id').execute()
      : Promise.resolve([] as TriggerRow[]),
  triggerById: (db: TenantDb, id: number) =>
    db.selectFrom('sys_job_trigger').selectAll().where('id', '=', id).executeTakeFirst(),
  insertTrigger: (db: TenantDb, row: Insertable<TenantDatabase['sys_job_trigger']>) =>
    db.insertInto('sys_job_trigger').values(row).execute(),
  updateTrigger: (db: TenantDb, id: number, row: Updateable<TenantDatabase['sys_job_trigger']>) =>
    db.updateTable('sys_job_trigger').set(row).where('id', '=', id).execute(),
  removeTrigger: (db: TenantDb, id: number) => db.deleteFrom('sys_job_trigger').where('id', '=', id).execute(),

  firingById: (db: TenantDb, id: number) =>
    db.selectFrom('sys_job_firing').selectAll().where('id', '=', id).executeTakeFirst(),
  pageFirings(db: TenantDb, input: InputOf<typeof sysJob.pageJobTriggerRecord>) {
    let q = db
      .selectFrom('sys_job_firing as f')
      .leftJoin('sys_job as j', 'j.id', 'f.job_id')
      .selectAll('f')
      .select(['j.code as job_code', 'j.name as job_name']);
    if (input.jobId) q = q.where('f.job_id', '=', input.jobId);
    if (input.state) q = q.where('f.state', '=', input.state);
    return paginate(q, input, FIRING_SORT, { column: 'f.created_at', desc: true }, 'f.id');
  },
  firingsWhere(db: TenantDb, filter: { states?: string[]; since?: number; limit: number }) {
    let q = db
      .selectFrom('sys_job_firing as f')
      .leftJoin('sys_job as j', 'j.id', 'f.job_id')
      .selectAll('f')
      .select(['j.code as job_code', 'j.name as job_name']);
    if (filter.states) q = q.where('f.state', 'in', filter.states);
    if (filter.since !== undefined) q = q.where('f.created_at', '>=', filter.since);
    return q.orderBy('f.created_at', 'desc').limit(filter.limit).execute();
  },
  finishedSince: (db: TenantDb, since: number) =>
    db
      .selectFrom('sys_job_firing as f')
      .innerJoin('sys_job as j', 'j.id', 'f.job_id')
      .select(['f.job_id', 'j.code', 'j.name', 'f.state', 'f.started_at', 'f.duration_ms'])
      .where('f.started_at', '>=', since)
      .where('f.state', 'in', FINISHED)
      .limit(100_000)
      .execute(),
  async clearFinished(db: TenantDb, jobId?: number): Promise<number> {
    let q = db.deleteFrom('sys_job_firing').where('state', 'in', FINISHED);
    if (jobId) q = q.where('job_id', '=', jobId);
    return Number((await q.executeTakeFirst()).numDeletedRows);
  },
  requestCancel: (db: TenantDb, id: number) =>
    db
      .updateTable('sys_job_firing')
      .set({ cancel_requested: 1 })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute(),
  cancelPending: async (db: TenantDb, id: number, now: number) =>
    Number(
      (
        await db
          .updateTable('sys_job_firing')
          .set({ state: 'cancelled', ended_at: now, error: 'cancelled before it started' })
          .where('id', '=', id)
          .where('state', '=', 'pending')
          .executeTakeFirst()
      ).numUpdatedRows,
    ),
  nodes: (db: TenantDb) => db.selectFrom('sys_node').selectAll().orderBy('node_no').execute(),
  firingsPerNode: (db: TenantDb) =>
    db
      .selectFrom('sys_job_firing')
      .select(['node_no', (eb) => eb.fn.countAll<number>().as('n')])
      .where('node_no', 'is not', null)
      .groupBy('node_no')
      .execute(),
};
