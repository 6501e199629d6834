import { type InputOf, NoticeStatus, Status, type sysMessage, type sysNotice, YesNo } from '@shelfwise/contract';
import type { Kysely } from 'kysely';
import { ilike, paginate } from '../../../kernel/db/paging';
import type { Database, SysMessageTable, SysNoticeTable } from '../../../kernel/db/schema';
import { type TenantContext, tenantScoped } from '../../../kernel/db/tenant-scope';

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

type Reader = TenantContext & { userId: number };

/** Data access of notices, their read states and direct messages; every query is scoped to the caller's tenant. */
export function createNoticeRepo(db: Kysely<Database>) {
  const notices = (ctx: TenantContext, on: Kysely<Database> = db) => tenantScoped(on, ctx, 'sys_notice');
  const readStates = (ctx: TenantContext, on: Kysely<Database> = db) => tenantScoped(on, ctx, 'sys_notice_user');
  const messages = (ctx: TenantContext) => tenantScoped(db, ctx, 'sys_message');

  /** The caller's read states of published notices, joined with their notice. */
  const received = (ctx: Reader) =>
    readStates(ctx)
      .selectFrom()
      .innerJoin('sys_notice as n', (j) =>
        j.onRef('n.id', '=', 'sys_notice_user.notice_id').onRef('n.tenant_id', '=', 'sys_notice_user.tenant_id'),
      )
      .select([
        'n.id',
        'n.title',
        'n.content',
        'n.type',
        'n.publisher_name',
        'n.published_at',
        'sys_notice_user.read_at',
      ])
      .where('sys_notice_user.user_id', '=', ctx.userId)
      .where('n.status', '=', NoticeStatus.published);

  const inbox = (ctx: Reader) => messages(ctx).selectFrom().selectAll().where('receiver_id', '=', ctx.userId);

  return {
    page(ctx: TenantContext, input: InputOf<typeof sysNotice.page>) {
      let q = notices(ctx).selectFrom().selectAll();
      if (input.title) q = q.where(ilike('title', input.title));
      if (input.type) q = q.where('type', '=', input.type);
      if (input.status) q = q.where('status', '=', input.status);
      if (input.keyword) {
        const k = input.keyword;
        q = q.where((eb) => eb.or([ilike('title', k), ilike('content', k)]));
      }
      return paginate(q, input, NOTICE_SORT, { column: 'created_at', desc: true }, 'id');
    },
    find: (ctx: TenantContext, id: number) =>
      notices(ctx).selectFrom().selectAll().where('id', '=', id).executeTakeFirst(),
    insert: (row: SysNoticeTable) => db.insertInto('sys_notice').values(row).execute(),
    /** Changes a notice only while it is in `status`; returns whether it changed. */
    async updateIn(
      ctx: TenantContext,
      id: number,
      status: number,
      set: Partial<SysNoticeTable>,
      on: Kysely<Database> = db,
    ) {
      const res = await notices(ctx, on)
        .updateTable()
        .set(set)
        .where('id', '=', id)
        .where('status', '=', status)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async delete(ctx: TenantContext, id: number) {
      await db.transaction().execute(async (trx) => {
        await readStates(ctx, trx).deleteFrom().where('notice_id', '=', id).execute();
        await notices(ctx, trx).deleteFrom().where('id', '=', id).execute();
      });
    },
    /** Ids of the tenant's enabled users (who a notice goes to). */
    enabledUserIds: async (ctx: TenantContext, on: Kysely<Database> = db) =>
      (
        await tenantScoped(on, ctx, 'sys_user').selectFrom().select('id').where('status', '=', Status.enabled).execute()
      ).map((r) => r.id),
    /** One unread read state per user, written in batches (inside the caller's transaction). */
    async addReadStates(ctx: TenantContext, noticeId: number, userIds: number[], on: Kysely<Database>) {
      for (let i = 0; i < userIds.length; i += BATCH) {
        const rows = userIds
          .slice(i, i + BATCH)
          .map((userId) => ({ tenant_id: ctx.tenantId, notice_id: noticeId, user_id: userId, read_at: null }));
        await on.insertInto('sys_notice_user').values(rows).execute();
      }
    },

    pageReceived(ctx: Reader, input: InputOf<typeof sysNotice.pageReceived>) {
      let q = received(ctx);
      if (input.title) q = q.where(ilike('n.title', input.title));
      if (input.keyword) q = q.where(ilike('n.title', input.keyword));
      if (input.type) q = q.where('n.type', '=', input.type);
      if (input.isRead) {
        q = q.where('sys_notice_user.read_at', input.isRead === YesNo.yes ? 'is not' : 'is', null);
      }
      return paginate(q, input, { publicTime: 'n.published_at' }, { column: 'n.published_at', desc: true }, 'n.id');
    },
    /** The caller's unread notices, newest first. */
    unread: (ctx: Reader) =>
      received(ctx)
        .where('sys_notice_user.read_at', 'is', null)
        .orderBy('n.published_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(UNREAD_NOTICES_MAX)
        .execute(),
    /** Marks the caller's read state of a published notice; false when the caller did not receive it. */
    async setRead(ctx: Reader, noticeId: number) {
      const row = await received(ctx).where('n.id', '=', noticeId).executeTakeFirst();
      if (!row) return false;
      if (row.read_at === null) {
        await readStates(ctx)
          .updateTable()
          .set({ read_at: Date.now() })
          .where('notice_id', '=', noticeId)
          .where('user_id', '=', ctx.userId)
          .execute();
      }
      return true;
    },
    async setAllRead(ctx: Reader) {
      const res = await readStates(ctx)
        .updateTable()
        .set({ read_at: Date.now() })
        .where('user_id', '=', ctx.userId)
        .where('read_at', 'is', null)
        .where('notice_id', 'in', (eb) =>
          eb
            .selectFrom('sys_notice')
            .select('sys_notice.id')
            .where('sys_notice.tenant_id', '=', ctx.tenantId)
            .where('sys_notice.status', '=', NoticeStatus.published),
        )
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /** Enabled users of the tenant among `ids`. */
    enabledUsers: (ctx: TenantContext, ids?: number[]) => {
      let q = tenantScoped(db, ctx, 'sys_user')
        .selectFrom()
        .select(['id', 'account', 'real_name'])
        .where('status', '=', Status.enabled);
      if (ids) q = q.where('id', 'in', ids);
      return q.orderBy('account').execute();
    },
    async insertMessages(rows: SysMessageTable[]) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += BATCH) {
          await trx
            .insertInto('sys_message')
            .values(rows.slice(i, i + BATCH))
            .execute();
        }
      });
    },
    pageMessages(ctx: Reader, input: InputOf<typeof sysMessage.pageReceived>) {
      let q = inbox(ctx);
      if (input.keyword) {
        const k = input.keyword;
        q = q.where((eb) => eb.or([ilike('title', k), ilike('sender_name', k)]));
      }
      if (input.isRead) q = q.where('read_at', input.isRead === YesNo.yes ? 'is not' : 'is', null);
      return paginate(q, input, { createTime: 'created_at' }, { column: 'created_at', desc: true }, 'id');
    },
    async unreadMessages(ctx: Reader) {
      const q = inbox(ctx).where('read_at', 'is', null);
      const count = await q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      const items = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(UNREAD_ITEMS).execute();
      return { total: Number(count?.n ?? 0), items };
    },
    /** Marks one received message read; false when the caller did not receive it. */
    async setMessageRead(ctx: Reader, id: number) {
      const row = await inbox(ctx).where('id', '=', id).executeTakeFirst();
      if (!row) return false;
      if (row.read_at === null) {
        await messages(ctx).updateTable().set({ read_at: Date.now() }).where('id', '=', id).execute();
      }
      return true;
    },
    async setAllMessagesRead(ctx: Reader) {
      const res = await messages(ctx)
        .updateTable()
        .set({ read_at: Date.now() })
        .where('receiver_id', '=', ctx.userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
  };
}

/** The notice repository type. */
export type NoticeRepo = ReturnType<typeof createNoticeRepo>;
