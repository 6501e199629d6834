import { type InputOf, NoticeStatus, Status, type sysMessage, type sysNotice, YesNo } from '@shelfwise/contract';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { TenantDatabase, TenantDb } from '../../../kernel/db/tenant-db';

/** Rows written in one insert statement when a notice is published to every user of a tenant. */
const BATCH = 500;
/** How many unread items the bell gets. */
const UNREAD_ITEMS = 10;
/** The most unread notices one answer lists. */
const UNREAD_NOTICES_MAX = 1000;

const NOTICE_SORT = {
  title: 'title',
  type: 'type',
  status: 'status',
  publicTime: 'published_at',
  createTime: 'created_at',
};

type NoticeTable = TenantDatabase['sys_notice'];
type MessageTable = TenantDatabase['sys_message'];

/** The user's read states of published notices, joined with their notice. */
const received = (db: TenantDb, userId: number) =>
  db
    .selectFrom('sys_notice_user')
    .innerJoin('sys_notice as n', 'n.id', 'sys_notice_user.notice_id')
    .select(['n.id', 'n.title', 'n.content', 'n.type', 'n.publisher_name', 'n.published_at', 'sys_notice_user.read_at'])
    .where('sys_notice_user.user_id', '=', userId)
    .where('n.status', '=', NoticeStatus.published);

const inbox = (db: TenantDb, userId: number) =>
  db.selectFrom('sys_message').selectAll().where('receiver_id', '=', userId);

/**
 * Data access of notices, their read states and direct messages. Every method takes the tenant database first
 * (`kernel.tenantDb(ctx)`, or a transaction begun on it), which scopes each query to the caller's tenant.
 */
export const noticeRepo = {
  page(db: TenantDb, input: InputOf<typeof sysNotice.page>) {
    let q = db.selectFrom('sys_notice').selectAll();
    if (input.title) q = q.where(ilike('title', input.title));
    if (input.type) q = q.where('type', '=', input.type);
    if (input.status) q = q.where('status', '=', input.status);
    if (input.keyword) {
      const k = input.keyword;
      q = q.where((eb) => eb.or([ilike('title', k), ilike('content', k)]));
    }
    return paginate(q, input, NOTICE_SORT, { column: 'created_at', desc: true }, 'id');
  },
  find: (db: TenantDb, id: number) => db.selectFrom('sys_notice').selectAll().where('id', '=', id).executeTakeFirst(),
  insert: (db: TenantDb, row: NoticeTable) => db.insertInto('sys_notice').values(row).execute(),
  /** Changes a notice only while it is in `status`; returns whether it changed. */
  async updateIn(db: TenantDb, id: number, status: number, set: Partial<NoticeTable>) {
    const res = await db
      .updateTable('sys_notice')
      .set(set)
      .where('id', '=', id)
      .where('status', '=', status)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },
  async delete(db: TenantDb, id: number) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_notice_user').where('notice_id', '=', id).execute();
      await trx.deleteFrom('sys_notice').where('id', '=', id).execute();
    });
  },
  /** Ids of the tenant's enabled users (who a notice goes to). */
  enabledUserIds: async (db: TenantDb) =>
    (await db.selectFrom('sys_user').select('id').where('status', '=', Status.enabled).execute()).map((r) => r.id),
  /** One unread read state per user, written in batches (inside the caller's transaction). */
  async addReadStates(db: TenantDb, noticeId: number, userIds: number[]) {
    for (let i = 0; i < userIds.length; i += BATCH) {
      const rows = userIds
        .slice(i, i + BATCH)
        .map((userId) => ({ notice_id: noticeId, user_id: userId, read_at: null }));
      await db.insertInto('sys_notice_user').values(rows).execute();
    }
  },

  pageReceived(db: TenantDb, userId: number, input: InputOf<typeof sysNotice.pageReceived>) {
    let q = received(db, userId);
    if (input.title) q = q.where(ilike('n.title', input.title));
    if (input.keyword) q = q.where(ilike('n.title', input.keyword));
    if (input.type) q = q.where('n.type', '=', input.type);
    if (input.isRead) {
      q = q.where('sys_notice_user.read_at', input.isRead === YesNo.yes ? 'is not' : 'is', null);
    }
    return paginate(q, input, { publicTime: 'n.published_at' }, { column: 'n.published_at', desc: true }, 'n.id');
  },
  /** The user's unread notices, newest first. */
  unread: (db: TenantDb, userId: number) =>
    received(db, userId)
      .where('sys_notice_user.read_at', 'is', null)
      .orderBy('n.published_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(UNREAD_NOTICES_MAX)
      .execute(),
  /** Marks the user's read state of a published notice; false when the user did not receive it. */
  async setRead(db: TenantDb, userId: number, noticeId: number) {
    const row = await received(db, userId).where('n.id', '=', noticeId).executeTakeFirst();
    if (!row) return false;
    if (row.read_at === null) {
      await db
        .updateTable('sys_notice_user')
        .set({ read_at: Date.now() })
        .where('notice_id', '=', noticeId)
        .where('user_id', '=', userId)
        .execute();
    }
    return true;
  },
  async setAllRead(db: TenantDb, userId: number) {
    const res = await db
      .updateTable('sys_notice_user')
      .set({ read_at: Date.now() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .where('notice_id', 'in', (eb) =>
        eb.selectFrom('sys_notice').select('sys_notice.id').where('sys_notice.status', '=', NoticeStatus.published),
      )
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },

  /** Enabled users of the tenant among `ids`. */
  enabledUsers: (db: TenantDb, ids?: number[]) => {
    let q = db.selectFrom('sys_user').select(['id', 'account', 'real_name']).where('status', '=', Status.enabled);
    if (ids) q = q.where('id', 'in', ids);
    return q.orderBy('account').execute();
  },
  async insertMessages(db: TenantDb, rows: MessageTable[]) {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += BATCH) {
        await trx
          .insertInto('sys_message')
          .values(rows.slice(i, i + BATCH))
          .execute();
      }
    });
  },
  pageMessages(db: TenantDb, userId: number, input: InputOf<typeof sysMessage.pageReceived>) {
    let q = inbox(db, userId);
    if (input.keyword) {
      const k = input.keyword;
      q = q.where((eb) => eb.or([ilike('title', k), ilike('sender_name', k)]));
    }
    if (input.isRead) q = q.where('read_at', input.isRead === YesNo.yes ? 'is not' : 'is', null);
    return paginate(q, input, { createTime: 'created_at' }, { column: 'created_at', desc: true }, 'id');
  },
  async unreadMessages(db: TenantDb, userId: number) {
    const q = inbox(db, userId).where('read_at', 'is', null);
    const count = await q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    const items = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(UNREAD_ITEMS).execute();
    return { total: Number(count?.n ?? 0), items };
  },
  /** Marks one received message read; false when the user did not receive it. */
  async setMessageRead(db: TenantDb, userId: number, id: number) {
    const row = await inbox(db, userId).where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    if (row.read_at === null) {
      await db.updateTable('sys_message').set({ read_at: Date.now() }).where('id', '=', id).execute();
    }
    return true;
  },
  async setAllMessagesRead(db: TenantDb, userId: number) {
    const res = await db
      .updateTable('sys_message')
      .set({ read_at: Date.now() })
      .where('receiver_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },
};
