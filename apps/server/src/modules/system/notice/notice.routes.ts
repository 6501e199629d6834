import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import type { Realtime } from '../../../kernel/realtime/realtime';
import { createNoticeService } from './notice.service';

/** Routes of `sysNotice` and `sysMessage`. */
export function registerNoticeRoutes(app: FastifyInstance, kernel: Kernel, realtime: Realtime) {
  const notices = createNoticeService(kernel, realtime);
  const n = api.sysNotice;
  const m = api.sysMessage;
  const done = () => null;
  defineRoute(app, kernel, n.page, (input, ctx, { time }) => notices.page(ctx, input, time));
  defineRoute(app, kernel, n.add, (input, ctx) => notices.add(ctx, input));
  defineRoute(app, kernel, n.update, (input, ctx) => notices.update(ctx, input).then(done));
  defineRoute(app, kernel, n.delete, (input, ctx) => notices.delete(ctx, input.id).then(done));
  defineRoute(app, kernel, n.public, (input, ctx) => notices.publish(ctx, input.id).then(done));
  defineRoute(app, kernel, n.cancel, (input, ctx) => notices.cancel(ctx, input.id).then(done));
  defineRoute(app, kernel, n.pageReceived, (input, ctx, { time }) => notices.pageReceived(ctx, input, time));
  defineRoute(app, kernel, n.unReadList, (_input, ctx, { time }) => notices.unread(ctx, time));
  defineRoute(app, kernel, n.setRead, (input, ctx) => notices.setRead(ctx, input.id).then(done));
  defineRoute(app, kernel, n.setAllRead, (_input, ctx) => notices.setAllRead(ctx));

  defineRoute(app, kernel, m.send, (input, ctx) => notices.send(ctx, input));
  defineRoute(app, kernel, m.receiverList, (_input, ctx) => notices.receivers(ctx));
  defineRoute(app, kernel, m.pageReceived, (input, ctx, { time }) => notices.pageMessages(ctx, input, time));
  defineRoute(app, kernel, m.unReadList, (_input, ctx, { time }) => notices.unreadMessages(ctx, time));
  defineRoute(app, kernel, m.setRead, (input, ctx) => notices.setMessageRead(ctx, input.id).then(done));
  defineRoute(app, kernel, m.setAllRead, (_input, ctx) => notices.setAllMessagesRead(ctx));
}
