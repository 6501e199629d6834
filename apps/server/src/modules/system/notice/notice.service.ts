import { type InputOf, NoticeStatus, type sysMessage, type sysNotice, YesNo } from '@shelfwise/contract';
import { audited, type TenantDatabase, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { type Realtime, rooms } from '../../../kernel/realtime/realtime';
import { noticeRepo as repo } from './notice.repo';

type NoticeRow = TenantDatabase['sys_notice'];
type MessageRow = TenantDatabase['sys_message'];

/** What a `notice` push says: a notice was published or withdrawn in the tenant (clients refetch). */
export interface NoticeEvent {
  action: 'publish' | 'cancel';
  id: number;
  title: string;
}

/** What a `message` push says to its receiver. */
export interface MessageEvent {
  id: number;
  title: string;
  senderName: string | null;
}

type ReceivedRow = {
  id: number;
  title: string;
  content: string;
  type: number;
  publisher_name: string | null;
  published_at: number | null;
  read_at: number | null;
};

const isRead = (readAt: number | null) => (readAt === null ? YesNo.no : YesNo.yes);

function noticeDto(row: NoticeRow, time: TimeFormatter) {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type,
    status: row.status,
    publicUserId: row.publisher_id,
    publicUserName: row.publisher_name,
    publicTime: time(row.published_at),
    cancelTime: time(row.withdrawn_at),
    createTime: time(row.created_at),
    updateTime: time(row.updated_at),
    createUserId: row.created_by,
    updateUserId: row.updated_by,
  };
}

function receivedDto(row: ReceivedRow, time: TimeFormatter) {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type,
    publicUserName: row.publisher_name,
    publicTime: time(row.published_at),
    isRead: isRead(row.read_at),
    readTime: time(row.read_at),
  };
}

function messageDto(row: MessageRow, time: TimeFormatter) {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    senderId: row.sender_id,
    senderName: row.sender_name,
    isRead: isRead(row.read_at),
    readTime: time(row.read_at),
    createTime: time(row.created_at),
  };
}

/**
 * Notices (draft -> published -> withdrawn; drafts alone are edited, published ones alone withdrawn), each
 * receiver's read state, and direct messages. Publishing, withdrawing and sending are pushed live: notices to the
 * tenant's room, messages to each receiver's room.
 */
export function createNoticeService(kernel: Kernel, realtime: Realtime) {
  const { ids } = kernel;
  const tdb = kernel.tenantDb;

  async function findOr404(ctx: UserContext, id: number) {
    const row = await repo.find(tdb(ctx), id);
    if (!row) throw notFound();
    return row;
  }

  async function nameOf(ctx: UserContext): Promise<string | null> {
    const [me] = await repo.enabledUsers(tdb(ctx), [ctx.userId]);
    return me ? me.real_name || me.account : null;
  }

  const pushNotice = (ctx: UserContext, event: NoticeEvent) =>
    realtime.emit(rooms.tenant(ctx.tenantId), 'notice', event);

  return {
    page: async (ctx: UserContext, input: InputOf<typeof sysNotice.page>, time: TimeFormatter) => {
      const page = await repo.page(tdb(ctx), input);
      return { ...page, items: page.items.map((r) => noticeDto(r, time)) };
    },

    async add(ctx: UserContext, input: InputOf<typeof sysNotice.add>) {
      const id = ids.next();
      const row = {
        title: input.title,
        content: input.content,
        type: input.type,
        status: NoticeStatus.draft,
        publisher_id: null,
        publisher_name: null,
        published_at: null,
        withdrawn_at: null,
      };
      await repo.insert(tdb(ctx), audited(ctx, id, row, Date.now()));
      return id;
    },

    async update(ctx: UserContext, input: InputOf<typeof sysNotice.update>) {
      await findOr404(ctx, input.id);
      const set = { title: input.title, content: input.content, type: input.type, ...updatedBy(ctx, Date.now()) };
      if (!(await repo.updateIn(tdb(ctx), input.id, NoticeStatus.draft, set))) throw new AppError('noticeNotDraft');
    },

    async delete(ctx: UserContext, id: number) {
      const row = await findOr404(ctx, id);
      if (row.status === NoticeStatus.published) throw new AppError('noticePublishedNoDelete');
      await repo.delete(tdb(ctx), id);
    },

    /** Publishes a draft: one unread state per enabled user of the tenant, in one transaction; then the push. */
    async publish(ctx: UserContext, id: number) {
      const row = await findOr404(ctx, id);
      if (row.status !== NoticeStatus.draft) throw new AppError('noticeNotDraft');
      const now = Date.now();
      const set = {
        status: NoticeStatus.published,
        publisher_id: ctx.userId,
        publisher_name: await nameOf(ctx),
        published_at: now,
        ...updatedBy(ctx, now),
      };
      await tdb(ctx)
        .transaction()
        .execute(async (trx) => {
          // the state check and the change are one statement: two publishers cannot both create the read states
          if (!(await repo.updateIn(trx, id, NoticeStatus.draft, set))) throw new AppError('noticeNotDraft');
          await repo.addReadStates(trx, id, await repo.enabledUserIds(trx));
        });
      pushNotice(ctx, { action: 'publish', id, title: row.title });
    },

    /** Withdraws a published notice: it leaves every receiver's lists at once. */
    async cancel(ctx: UserContext, id: number) {
      const row = await findOr404(ctx, id);
      const now = Date.now();
      const set = { status: NoticeStatus.withdrawn, withdrawn_at: now, ...updatedBy(ctx, now) };
      if (!(await repo.updateIn(tdb(ctx), id, NoticeStatus.published, set))) throw new AppError('noticeNotPublished');
      pushNotice(ctx, { action: 'cancel', id, title: row.title });
    },

    pageReceived: async (ctx: UserContext, input: InputOf<typeof sysNotice.pageReceived>, time: TimeFormatter) => {
      const page = await repo.pageReceived(tdb(ctx), ctx.userId, input);
      return { ...page, items: page.items.map((r) => receivedDto(r, time)) };
    },
    unread: async (ctx: UserContext, time: TimeFormatter) =>
      (await repo.unread(tdb(ctx), ctx.userId)).map((r) => receivedDto(r, time)),
    async setRead(ctx: UserContext, id: number) {
      if (!(await repo.setRead(tdb(ctx), ctx.userId, id))) throw notFound();
    },
    setAllRead: (ctx: UserContext) => repo.setAllRead(tdb(ctx), ctx.userId),

    /** Sends one message to each receiver (enabled users of the caller's tenant; any other id is 404). */
    async send(ctx: UserContext, input: InputOf<typeof sysMessage.send>) {
      const receiverIds = [...new Set(input.receiverIds)];
      const receivers = await repo.enabledUsers(tdb(ctx), receiverIds);
      if (receivers.length !== receiverIds.length) throw notFound();
      const senderName = await nameOf(ctx);
      const now = Date.now();
      const rows: MessageRow[] = receivers.map((r) =>
        audited(
          ctx,
          ids.next(),
          {
            sender_id: ctx.userId,
            sender_name: senderName,
            receiver_id: r.id,
            title: input.title,
            content: input.content,
            read_at: null,
          },
          now,
        ),
      );
      await repo.insertMessages(tdb(ctx), rows);
      for (const m of rows) {
        const event: MessageEvent = { id: m.id, title: m.title, senderName };
        realtime.emit(rooms.user(ctx.tenantId, m.receiver_id), 'message', event);
      }
      return rows.length;
    },
    receivers: async (ctx: UserContext) =>
      (await repo.enabledUsers(tdb(ctx))).map((u) => ({ id: u.id, account: u.account, realName: u.real_name })),
    pageMessages: async (ctx: UserContext, input: InputOf<typeof sysMessage.pageReceived>, time: TimeFormatter) => {
      const page = await repo.pageMessages(tdb(ctx), ctx.userId, input);
      return { ...page, items: page.items.map((r) => messageDto(r, time)) };
    },
    unreadMessages: async (ctx: UserContext, time: TimeFormatter) => {
      const { total, items } = await repo.unreadMessages(tdb(ctx), ctx.userId);
      return { total, items: items.map((r) => messageDto(r, time)) };
    },
    async setMessageRead(ctx: UserContext, id: number) {
      if (!(await repo.setMessageRead(tdb(ctx), ctx.userId, id))) throw notFound();
    },
    setAllMessagesRead: (ctx: UserContext) => repo.setAllMessagesRead(tdb(ctx), ctx.userId),
  };
}
