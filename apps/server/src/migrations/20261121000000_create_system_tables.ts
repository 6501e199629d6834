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

export async function up(db: Kysely<unknown>): Promise<void> {
  const create = (name: string) => tableOptions(db, db.schema.createTable(name) as Builder);

  await audit(
    create('sys_tenant')
      .addColumn('id', 'bigint', pk)
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('host', 'varchar(128)')
      .addColumn('status', 'integer', notNull)
      .addColumn('time_zone', 'varchar(64)', notNull)
      .addColumn('logo', 'varchar(256)')
      .addColumn('title', 'varchar(64)')
      .addColumn('vice_title', 'varchar(128)')
      .addColumn('vice_desc', 'varchar(512)')
      .addColumn('icp', 'varchar(128)')
      .addColumn('icp_url', 'varchar(512)')
      .addColumn('watermark', 'varchar(128)')
      .addColumn('copyright', 'varchar(256)')
      .addColumn('enable_reg', 'integer', notNull)
      .addColumn('reg_way_id', 'bigint')
      .addColumn('order_no', 'integer', notNull)
      .addColumn('remark', 'varchar(256)'),
  ).execute();
  await db.schema.createIndex('ux_sys_tenant_host').on('sys_tenant').column('host').unique().execute();

  await audit(
    create('sys_org')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('pid', 'bigint', notNull)
      .addColumn('code', 'varchar(64)', notNull)
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('type', 'integer')
      .addColumn('director_id', 'bigint')
      .addColumn('order_no', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('remark', 'varchar(256)'),
  ).execute();
  await db.schema.createIndex('ux_sys_org_code').on('sys_org').columns(['tenant_id', 'code']).unique().execute();
  await db.schema.createIndex('ix_sys_org_pid').on('sys_org').columns(['tenant_id', 'pid']).execute();

  await audit(
    create('sys_pos')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('code', 'varchar(64)', notNull)
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('order_no', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('remark', 'varchar(256)'),
  ).execute();
  await db.schema.createIndex('ux_sys_pos_code').on('sys_pos').columns(['tenant_id', 'code']).unique().execute();

  await audit(
    create('sys_user')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('account', 'varchar(64)', notNull)
      .addColumn('password_hash', 'varchar(256)', notNull)
      .addColumn('real_name', 'varchar(64)')
      .addColumn('nick_name', 'varchar(64)')
      .addColumn('phone', 'varchar(32)')
      .addColumn('id_card_num', 'varchar(32)')
      .addColumn('email', 'varchar(128)')
      .addColumn('account_type', 'integer', notNull)
      .addColumn('avatar', 'varchar(512)')
      .addColumn('address', 'varchar(256)')
      .addColumn('signature', 'varchar(512)')
      .addColumn('org_id', 'bigint')
      .addColumn('pos_id', 'bigint')
      .addColumn('status', 'integer', notNull)
      .addColumn('failed_count', 'integer', notNull)
      .addColumn('locked_until', 'bigint')
      .addColumn('last_login_at', 'bigint')
      .addColumn('last_login_ip', 'varchar(64)')
      .addColumn('order_no', 'integer', notNull)
      .addColumn('remark', 'varchar(256)'),
  ).execute();
  await db.schema
    .createIndex('ux_sys_user_account')
    .on('sys_user')
    .columns(['tenant_id', 'account'])
    .unique()
    .execute();
  await db.schema.createIndex('ix_sys_user_phone').on('sys_user').columns(['tenant_id', 'phone']).execute();
  await db.schema.createIndex('ix_sys_user_org').on('sys_user').columns(['tenant_id', 'org_id']).execute();

  await audit(
    create('sys_role')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('code', 'varchar(64)', notNull)
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('data_scope', 'integer', notNull)
      .addColumn('order_no', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('remark', 'varchar(256)'),
  ).execute();
  await db.schema.createIndex('ux_sys_role_code').on('sys_role').columns(['tenant_id', 'code']).unique().execute();

  await create('sys_user_role')
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('role_id', 'bigint', notNull)
    .addPrimaryKeyConstraint('pk_sys_user_role', ['tenant_id', 'user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('ix_sys_user_role_role').on('sys_user_role').columns(['tenant_id', 'role_id']).execute();

  await create('sys_role_menu')
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('role_id', 'bigint', notNull)
    .addColumn('menu_id', 'bigint', notNull)
    .addPrimaryKeyConstraint('pk_sys_role_menu', ['tenant_id', 'role_id', 'menu_id'])
    .execute();
  await db.schema.createIndex('ix_sys_role_menu_menu').on('sys_role_menu').columns(['tenant_id', 'menu_id']).execute();

  await create('sys_tenant_menu')
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('menu_id', 'bigint', notNull)
    .addPrimaryKeyConstraint('pk_sys_tenant_menu', ['tenant_id', 'menu_id'])
    .execute();

  await audit(
    create('sys_menu')
      .addColumn('id', 'bigint', pk)
      .addColumn('pid', 'bigint', notNull)
      .addColumn('type', 'integer', notNull)
      .addColumn('name', 'varchar(64)')
      .addColumn('path', 'varchar(256)')
      .addColumn('component', 'varchar(256)')
      .addColumn('redirect', 'varchar(256)')
      .addColumn('permission', 'varchar(128)')
      .addColumn('title', 'varchar(64)', notNull)
      .addColumn('title_zh_cn', 'varchar(64)')
      .addColumn('title_zh_tw', 'varchar(64)')
      .addColumn('icon', 'varchar(128)')
      .addColumn('is_iframe', 'integer', notNull)
      .addColumn('out_link', 'varchar(512)')
      .addColumn('is_hide', 'integer', notNull)
      .addColumn('is_keep_alive', 'integer', notNull)
      .addColumn('is_affix', 'integer', notNull)
      .addColumn('order_no', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('remark', 'varchar(256)'),
  ).execute();
  await db.schema.createIndex('ix_sys_menu_pid').on('sys_menu').column('pid').execute();

  await audit(
    create('sys_config')
      .addColumn('id', 'bigint', pk)
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('code', 'varchar(64)', notNull)
      .addColumn('value', 'varchar(4000)')
      .addColumn('sys_flag', 'integer', notNull)
      .addColumn('group_code', 'varchar(64)')
      .addColumn('order_no', 'integer', notNull)
      .addColumn('remark', 'varchar(256)'),
  ).execute();
  await db.schema.createIndex('ux_sys_config_code').on('sys_config').column('code').unique().execute();

  await audit(
    create('sys_dict_type')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('code', 'varchar(64)', notNull)
      .addColumn('order_no', 'integer', notNull)
      .addColumn('remark', 'varchar(256)')
      .addColumn('status', 'integer', notNull)
      .addColumn('sys_flag', 'integer', notNull)
      .addColumn('is_tenant', 'integer', notNull),
  ).execute();
  await db.schema
    .createIndex('ux_sys_dict_type_code')
    .on('sys_dict_type')
    .columns(['tenant_id', 'code'])
    .unique()
    .execute();

  await audit(
    create('sys_dict_data')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('dict_type_id', 'bigint', notNull)
      .addColumn('value', 'varchar(128)', notNull)
      .addColumn('label', 'varchar(128)', notNull)
      .addColumn('code', 'varchar(64)')
      .addColumn('tag_type', 'varchar(16)', notNull)
      .addColumn('style_setting', 'varchar(512)')
      .addColumn('class_setting', 'varchar(256)')
      .addColumn('order_no', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('remark', 'varchar(256)')
      .addColumn('ext_data', 'varchar(4000)'),
  ).execute();
  await db.schema
    .createIndex('ux_sys_dict_data_value')
    .on('sys_dict_data')
    .columns(['tenant_id', 'dict_type_id', 'value'])
    .unique()
    .execute();

  await audit(
    create('sys_user_reg_way')
      .addColumn('id', 'bigint', pk)
      .addColumn('tenant_id', 'bigint', notNull)
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('account_type', 'integer', notNull)
      .addColumn('role_id', 'bigint', notNull)
      .addColumn('org_id', 'bigint', notNull)
      .addColumn('pos_id', 'bigint', notNull)
      .addColumn('order_no', 'integer', notNull)
      .addColumn('remark', 'varchar(256)'),
  ).execute();
  await db.schema.createIndex('ix_sys_user_reg_way_tenant').on('sys_user_reg_way').column('tenant_id').execute();

  await create('sys_session')
    .addColumn('id', 'bigint', pk)
    .addColumn('tenant_id', 'bigint', notNull)
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('access_jti', 'varchar(64)', notNull)
    .addColumn('refresh_jti', 'varchar(64)', notNull)
    .addColumn('prev_refresh_jti', 'varchar(64)')
    .addColumn('rotated_at', 'bigint')
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoke_reason', 'varchar(32)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('login_way', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('last_seen_at', 'bigint')
    .execute();
  await db.schema.createIndex('ix_sys_session_user').on('sys_session').columns(['tenant_id', 'user_id']).execute();
  await db.schema.createIndex('ix_sys_session_revoked').on('sys_session').column('revoked_at').execute();

  await create('sys_node')
    .addColumn('node_no', 'integer', pk)
    .addColumn('instance_id', 'varchar(64)', notNull)
    .addColumn('host', 'varchar(128)')
    .addColumn('started_at', 'bigint', notNull)
    .addColumn('heartbeat_at', 'bigint', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'sys_node',
    'sys_session',
    'sys_user_reg_way',
    'sys_dict_data',
    'sys_dict_type',
    'sys_config',
    'sys_menu',
    'sys_tenant_menu',
    'sys_role_menu',
    'sys_user_role',
    'sys_role',
    'sys_user',
    'sys_pos',
    'sys_org',
    'sys_tenant',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
