import { randomBytes } from 'node:crypto';
import { LoginType, LoginWay } from '@shelfwise/contract';
import QRCode from 'qrcode';
import { AppError } from '../../../kernel/errors/app-error';
import type { RequestContext, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { type QrTicketEntry, type Realtime, rooms } from '../../../kernel/realtime/realtime';

/** A QR ticket lives two minutes; a confirmed one keeps its token pair 30 seconds for the fallback poll. */
const TICKET_SECONDS = 120;
const CONFIRMED_SECONDS = 30;

/**
 * QR sign-in: the sign-in page shows a code with a one-time ticket; a signed-in device confirms it; the waiting
 * browser receives a new session of the same user through a live push (or its fallback poll). Only the holder
 * of the watch key (never in the QR code) can receive the tokens, so a photographed code is useless.
 */
export function createQrService(kernel: Kernel, realtime: Realtime) {
  const { cache, sessions } = kernel;
  const key = (ticket: string) => `qr:${ticket}`;

  return {
    async create(ctx: RequestContext, origin: string, tenantId?: number) {
      const ticket = randomBytes(24).toString('base64url');
      const watchKey = randomBytes(24).toString('base64url');
      const entry: QrTicketEntry = { status: 'waiting', watchKey, tenantId: tenantId ?? ctx.tenantId };
      await cache.set(key(ticket), entry, TICKET_SECONDS * 1000);
      const url = `${origin}/qrConfirm?ticket=${ticket}`;
      const qr = await QRCode.toDataURL(url, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
      return { ticket, watchKey, qr, url, expirySeconds: TICKET_SECONDS };
    },

    /** Confirms a ticket for the signed-in user of the same tenant; the ticket works once. */
    async confirm(ticket: string, ctx: UserContext) {
      const entry = await cache.take<QrTicketEntry>(key(ticket));
      if (entry?.status !== 'waiting' || entry.tenantId !== ctx.tenantId) throw new AppError('qrExpired');
      const pair = await sessions.issue(
        { id: ctx.userId, tenantId: ctx.homeTenantId },
        { ip: ctx.ip, userAgent: ctx.userAgent, loginWay: LoginWay.qrCode },
      );
      const tokens = { accessToken: pair.accessToken, refreshToken: pair.refreshToken };
      // recorded with the confirming device's address: the waiting browser has not come back yet
      kernel.logs.visit(ctx, { action: LoginType.login, success: true, userId: ctx.userId, loginWay: LoginWay.qrCode });
      await cache.set(
        key(ticket),
        { ...entry, status: 'confirmed', pair: tokens } satisfies QrTicketEntry,
        CONFIRMED_SECONDS * 1000,
      );
      realtime.emit(rooms.qr(ticket), 'qr:confirmed', tokens);
    },

    /** The ticket's state for its watcher; the tokens are handed out once. */
    async status(ticket: string, watchKey: string) {
      const entry = await cache.get<QrTicketEntry>(key(ticket));
      if (!entry || entry.watchKey !== watchKey) return { status: 'expired' as const };
      if (entry.status === 'waiting') return { status: 'waiting' as const };
      const taken = await cache.take<QrTicketEntry>(key(ticket));
      if (!taken?.pair) return { status: 'expired' as const };
      return { status: 'confirmed' as const, ...taken.pair };
    },
  };
}
