import { z } from 'zod';
import { auditFields, idBody, pageInputWith, pageOf, zDateTime, zId, zYesNo } from '../common';
import { service } from '../endpoint';

/** Notice type: 1 notice, 2 announcement (`NoticeTypeEnum`). */
export const zNoticeType = z.union([z.literal(1), z.literal(2)]);
/** Notice state: 1 draft, 2 published, 3 withdrawn (`NoticeStatusEnum`). */
export const zNoticeStatus = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** A notice as administrators see it. Content is plain text: clients show it as text, never as HTML. */
export const noticeEntity = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  type: z.number(),
  status: z.number(),
  publicUserId: z.number().nullable(),
  publicUserName: z.string().nullable(),
  publicTime: zDateTime.nullable(),
  cancelTime: zDateTime.nullable(),
  ...auditFields,
});

/** A published notice as one receiver sees it, with the receiver's read state (`isRead` 1 yes / 2 no). */
export const receivedNotice = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  type: z.number(),
  publicUserName: z.string().nullable(),
  publicTime: zDateTime.nullable(),
  isRead: z.number(),
  readTime: zDateTime.nullable(),
});

/** A direct message as its receiver sees it. */
export const receivedMessage = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  senderId: z.number().nullable(),
  senderName: z.string().nullable(),
  isRead: z.number(),
  readTime: zDateTime.nullable(),
  createTime: zDateTime.nullable(),
});

/** Unread items for the bell: how many there are and the newest of them. */
export function unreadOf<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number(), items: z.array(item) });
}

const noticeFields = {
  title: z.string().min(1).max(128),
  content: z.string().min(1).max(10_000),
  type: zNoticeType.default(1),
};

/** Add body of a notice (always a draft). */
export const noticeAddInput = z.object(noticeFields);
/** Update body of a notice (drafts only). */
export const noticeUpdateInput = z.object({ id: zId, ...noticeFields });

/** Body of `sysMessage/send`: one message to each receiver. */
export const messageSendInput = z.object({
  receiverIds: z.array(zId).min(1).max(500),
  title: z.string().min(1).max(128),
  content: z.string().min(1).max(10_000),
});

/** Notices (`sysNotice`): drafts, publishing, withdrawal, and each user's received notices. */
export const sysNotice = service('sysNotice', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysNotice:page',
    input: pageInputWith(['title', 'type', 'status', 'publicTime', 'createTime']).extend({
      title: z.string().max(128).optional(),
      type: zNoticeType.optional(),
      status: zNoticeStatus.optional(),
    }),
    output: pageOf(noticeEntity),
    summary: 'Page of the tenant notices (every state)',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysNotice:add',
    input: noticeAddInput,
    output: z.number(),
    summary: 'Add a draft notice',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysNotice:update',
    input: noticeUpdateInput,
    output: z.null(),
    summary: 'Edit a draft notice',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysNotice:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a draft or withdrawn notice with its read states',
  },
  public: {
    action: 'public',
    method: 'POST',
    permission: 'sysNotice:public',
    input: idBody,
    output: z.null(),
    summary: 'Publish a draft to every enabled user of the tenant (pushed live)',
  },
  cancel: {
    action: 'cancel',
    method: 'POST',
    permission: 'sysNotice:cancel',
    input: idBody,
    output: z.null(),
    summary: 'Withdraw a published notice (it leaves every receiver list)',
  },
  pageReceived: {
    action: 'pageReceived',
    method: 'POST',
    permission: 'sysNotice:pageReceived',
    input: pageInputWith(['publicTime']).extend({
      title: z.string().max(128).optional(),
      type: zNoticeType.optional(),
      isRead: zYesNo.optional(),
    }),
    output: pageOf(receivedNotice),
    summary: "Page of the caller's published notices with their read state",
  },
  unReadList: {
    action: 'unReadList',
    method: 'GET',
    permission: 'sysNotice:unReadList',
    input: z.object({}),
    output: z.array(receivedNotice),
    summary: "The caller's unread notices, newest first (at most 1000), as Admin.NET answers it: a list",
  },
  setRead: {
    action: 'setRead',
    method: 'POST',
    permission: 'sysNotice:setRead',
    input: idBody,
    output: z.null(),
    summary: 'Mark one received notice as read',
  },
  setAllRead: {
    action: 'setAllRead',
    method: 'POST',
    permission: 'sysNotice:setAllRead',
    input: z.object({}),
    output: z.number(),
    summary: 'Mark every received notice as read; returns how many changed',
  },
});

/** Direct messages (`sysMessage`): sent to users of the same tenant, pushed live. */
export const sysMessage = service('sysMessage', {
  send: {
    action: 'send',
    method: 'POST',
    permission: 'sysMessage:send',
    input: messageSendInput,
    output: z.number(),
    summary: 'Send a message to users of the tenant; returns how many were sent',
  },
  receiverList: {
    action: 'receiverList',
    method: 'GET',
    permission: 'sysMessage:send',
    input: z.object({}),
    output: z.array(z.object({ id: z.number(), account: z.string(), realName: z.string().nullable() })),
    summary: 'Enabled users of the tenant a message can go to',
  },
  pageReceived: {
    action: 'pageReceived',
    method: 'POST',
    permission: 'authenticated',
    input: pageInputWith(['createTime']).extend({ isRead: zYesNo.optional() }),
    output: pageOf(receivedMessage),
    summary: "Page of the caller's received messages",
  },
  unReadList: {
    action: 'unReadList',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({}),
    output: unreadOf(receivedMessage),
    summary: "Count and newest ten of the caller's unread messages",
  },
  setRead: {
    action: 'setRead',
    method: 'POST',
    permission: 'authenticated',
    input: idBody,
    output: z.null(),
    summary: 'Mark one received message as read',
  },
  setAllRead: {
    action: 'setAllRead',
    method: 'POST',
    permission: 'authenticated',
    input: z.object({}),
    output: z.number(),
    summary: 'Mark every received message as read; returns how many changed',
  },
});
