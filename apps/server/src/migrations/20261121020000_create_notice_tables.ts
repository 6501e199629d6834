import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { tableOptions } from '../kernel/db/migrator';

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
const notNull: Col = (c) => c.notNull();
const pk: Col = (c) => c.primaryKey().notNull();

// biome-ignore lint/suspicious/noExplicitAny: builders of tables created here have no static schema yet
type Builder = CreateTableBuilder<any, any>;

function audit(t: Builder): Builder {
  return t
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('created_by', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'bigint');
}

/** Notices with their per-user read state, and direct messages between users of a tenant. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const create = (name: string) => tableOptions(db, db.schema.createTable(name) as Builder);

  await audit(
    create('sys_notice')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('title', 'varchar(128)', notNull)
      // at most 10 000 characters: 40 000 bytes in utf8mb4, inside MySQL's 64 KB `text`
      .addColumn('content', 'text', notNull)
      .addColumn('type', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('publisher_id', 'bigint')
      .addColumn('publisher_name', 'varchar(64)')
      .addColumn('published_at', 'bigint')
      .addColumn('withdrawn_at', 'bigint'),
  ).execute();
  await db.schema
    .createIndex('ix_sys_notice_status')
    .on('sys_notice')
    .columns(['tenant_id', 'status', 'published_at'])
    .execute();
  await db.schema.createIndex('ix_sys_notice_created').on('sys_notice').columns(['tenant_id', 'created_at']).execute();

  await create('sys_notice_user')
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('notice_id', 'bigint', notNull)
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('read_at', 'bigint')
    .addPrimaryKeyConstraint('pk_sys_notice_user', ['tenant_id', 'notice_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('ix_sys_notice_user_user')
    .on('sys_notice_user')
    .columns(['tenant_id', 'user_id', 'read_at'])
    .execute();

  await audit(
    create('sys_message')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('sender_id', 'bigint')
      .addColumn('sender_name', 'varchar(64)')
      .addColumn('receiver_id', 'bigint', notNull)
      .addColumn('title', 'varchar(128)', notNull)
      .addColumn('content', 'text', notNull)
      .addColumn('read_at', 'bigint'),
  ).execute();
  await db.schema
    .createIndex('ix_sys_message_receiver')
    .on('sys_message')
    .columns(['tenant_id', 'receiver_id', 'read_at'])
    .execute();
  await db.schema.createIndex('ix_sys_message_sender').on('sys_message').columns(['tenant_id', 'sender_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sys_message', 'sys_notice_user', 'sys_notice']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
