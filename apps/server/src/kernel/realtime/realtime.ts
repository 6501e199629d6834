import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Kernel } from '../http/kernel';
import { originAllowed } from '../http/origins';

/** Who a socket is: a signed-in user, or a browser waiting on a QR sign-in ticket. */
export type SocketIdentity =
  | { kind: 'user'; tenantId: number; userId: number; sessionId: number }
  | { kind: 'qr'; ticket: string };

/** What a QR ticket looks like in the cache (the watch key proves a socket belongs to the waiting browser). */
export interface QrTicketEntry {
  status: 'waiting' | 'confirmed';
  watchKey: string;
  tenantId: number;
  pair?: { accessToken: string; refreshToken: string };
}

/** Room names, in one place. */
export const rooms = {
  user: (tenantId: number, userId: number) => `user:${tenantId}:${userId}`,
  session: (sessionId: number) => `session:${sessionId}`,
  tenant: (tenantId: number) => `tenant:${tenantId}`,
  qr: (ticket: string) => `qr:${ticket}`,
};

/**
 * Socket.IO on the server's own port (`/socket.io`). A socket authenticates in its handshake with an access token
 * (`auth.token` or `?token=`) and joins its user, session and tenant rooms; or, on the sign-in page, with a QR
 * ticket and its watch key. With Redis configured, events reach sockets connected to any node.
 */
export function createRealtime(app: FastifyInstance, kernel: Kernel) {
  const { corsOrigins, trustProxy } = kernel.config;
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    ...(corsOrigins.length > 0 ? { cors: { origin: corsOrigins } } : {}),
    // a page of another origin may not open a socket (WebSocket upgrades bypass CORS): own origin or configured
    allowRequest: (req, done) => {
      const forwarded = trustProxy
        ? String(req.headers['x-forwarded-host'] ?? '')
            .split(',')[0]
            ?.trim()
        : undefined;
      done(null, originAllowed(req.headers.origin, [req.headers.host, forwarded || undefined], corsOrigins));
    },
  });
  const redis = kernel.config.redisUrl
    ? { pub: new Redis(kernel.config.redisUrl), sub: new Redis(kernel.config.redisUrl) }
    : undefined;
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub, { key: `${kernel.config.redisPrefix}socket.io` }));

  io.use(async (socket: Socket, next) => {
    try {
      const auth = (socket.handshake.auth ?? {}) as { token?: unknown; qrTicket?: unknown; watchKey?: unknown };
      if (typeof auth.qrTicket === 'string' && typeof auth.watchKey === 'string') {
        const entry = await kernel.cache.get<QrTicketEntry>(`qr:${auth.qrTicket}`);
        if (!entry || entry.watchKey !== auth.watchKey) return next(new Error('unauthorized'));
        socket.data.identity = { kind: 'qr', ticket: auth.qrTicket } satisfies SocketIdentity;
        await socket.join(rooms.qr(auth.qrTicket));
        return next();
      }
      const query = socket.handshake.query.token;
      const token = typeof auth.token === 'string' ? auth.token : typeof query === 'string' ? query : undefined;
      if (!token) return next(new Error('unauthorized'));
      const check = await kernel.tokens.readAccess(token);
      if (!check.ok || (await kernel.sessions.isRevoked(check.claims.sid))) return next(new Error('unauthorized'));
      const { tid, uid, sid } = check.claims;
      const principal = await kernel.principals.get(tid, uid);
      if (principal?.status !== 1) return next(new Error('unauthorized'));
      socket.data.identity = { kind: 'user', tenantId: tid, userId: uid, sessionId: sid } satisfies SocketIdentity;
      await socket.join([rooms.user(tid, uid), rooms.session(sid), rooms.tenant(tid)]);
      return next();
    } catch (e) {
      return next(e as Error);
    }
  });

  return {
    io,
    /** Sends an event to every socket in a room, on every node. */
    emit(room: string, event: string, payload: unknown) {
      io.to(room).emit(event, payload);
    },
    /**
     * Tells every socket in a room that its session has ended (`forceOffline` with the reason), then disconnects
     * them, on every node. The event is written before the disconnect, so the browser gets it.
     */
    forceOffline(room: string, reason: string) {
      io.to(room).emit('forceOffline', { reason });
      io.in(room).disconnectSockets(true);
    },
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        // closes engine.io; the HTTP server itself is closed by Fastify
        io.engine.close();
        resolve();
      });
      if (redis) {
        await redis.pub.quit().catch(() => undefined);
        await redis.sub.quit().catch(() => undefined);
      }
    },
  };
}

/** The real-time service type. */
export type Realtime = ReturnType<typeof createRealtime>;
