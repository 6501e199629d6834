import { type Kysely, sql } from 'kysely';
import { dialectOfDb, tableOptions } from '../kernel/db/migrator';

/**
 * Scheduled jobs (docs/jobs.md): the jobs of a tenant, their triggers, and the firing ledger whose unique key
 * `(tenant_id, job_id, trigger_id, scheduled_at, kind)` lets exactly one node start each firing. `sys_node` gains
 * the version a node runs (the cluster list shows it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const longText = dialectOfDb(db) === 'mysql' ? sql`mediumtext` : sql`text`;
  await tableOptions(db, db.schema.createTable('sys_job'))
    .addColumn('id', 'bigint', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'bigint', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('group_name', 'varchar(32)')
    .addColumn('handler', 'varchar(64)', (c) => c.notNull())
    .addColumn('params', longText)
    .addColumn('description', 'varchar(512)')
    .addColumn('concurrent', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('lock_firing_id', 'bigint')
    .addColumn('lock_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint')
    .execute();
  await db.schema.createIndex('ux_sys_job_code').on('sys_job').columns(['tenant_id', 'code']).unique().execute();

  await tableOptions(db, db.schema.createTable('sys_job_trigger'))
    .addColumn('id', 'bigint', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'bigint', (c) => c.notNull())
    .addColumn('job_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('cron', 'varchar(128)')
    .addColumn('time_zone', 'varchar(64)')
    .addColumn('interval_seconds', 'integer')
    .addColumn('start_at', 'bigint')
    .addColumn('end_at', 'bigint')
    .addColumn('max_runs', 'integer')
    .addColumn('run_count', 'integer', (c) => c.notNull())
    .addColumn('retries', 'integer', (c) => c.notNull())
    .addColumn('retry_backoff_seconds', 'integer', (c) => c.notNull())
    .addColumn('misfire', 'varchar(16)', (c) => c.notNull())
    .addColumn('catch_up_max', 'integer', (c) => c.notNull())
    .addColumn('run_at_start', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('last_fire_at', 'bigint')
    .addColumn('description', 'varchar(256)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint')
    .execute();
  await db.schema
    .createIndex('ix_sys_job_trigger_job')
    .on('sys_job_trigger')
    .columns(['tenant_id', 'job_id'])
    .execute();

  await tableOptions(db, db.schema.createTable('sys_job_firing'))
    .addColumn('id', 'bigint', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'bigint', (c) => c.notNull())
    .addColumn('job_id', 'bigint', (c) => c.notNull())
    .addColumn('trigger_id', 'bigint', (c) => c.notNull())
    .addColumn('scheduled_at', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(24)', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('node_no', 'integer')
    .addColumn('started_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('duration_ms', 'integer')
    .addColumn('lease_until', 'bigint')
    .addColumn('cancel_requested', 'integer', (c) => c.notNull())
    .addColumn('params', longText)
    .addColumn('output', 'varchar(1024)')
    .addColumn('error', 'varchar(1024)')
    .addColumn('stack', longText)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .execute();
  await db.schema
    .createIndex('ux_sys_job_firing_key')
    .on('sys_job_firing')
    .columns(['tenant_id', 'job_id', 'trigger_id', 'scheduled_at', 'kind'])
    .unique()
    .execute();
  // the scheduler's scans across tenants: running firings whose lease ran out, pending firings now due
  await db.schema.createIndex('ix_sys_job_firing_state').on('sys_job_firing').columns(['state', 'due_at']).execute();
  await db.schema
    .createIndex('ix_sys_job_firing_created')
    .on('sys_job_firing')
    .columns(['tenant_id', 'created_at'])
    .execute();

  await db.schema.alterTable('sys_node').addColumn('version', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_node').dropColumn('version').execute();
  for (const t of ['sys_job_firing', 'sys_job_trigger', 'sys_job']) await db.schema.dropTable(t).ifExists().execute();
}
