import { AccountType, type InputOf, type OutputOf, type sysOnlineUser } from '@shelfwise/contract';
import { DEFAULT_TENANT_ID } from '../../../kernel/access/tenants';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { parseUserAgent } from '../../../kernel/logs';
import { type Realtime, rooms, type SocketIdentity } from '../../../kernel/realtime/realtime';
import { onlineUserRepo as repo } from './online-user.repo';
import { createPlatformSessionRepo } from './platform-sessions.repo';

type OnlineUser = OutputOf<typeof sysOnlineUser.page>['items'][number];
type PageInput = InputOf<typeof sysOnlineUser.page>;

/** The live connections of one session: the oldest one's address, agent and time, and how many there are. */
interface Connections {
  ip: string;
  userAgent: string;
  since: number;
  count: number;
}

/** What a socket's handshake tells (the part of a local or remote Socket.IO socket read here). */
interface HandshakeView {
  data: { identity?: SocketIdentity };
  handshake: { address: string; issued: number; headers: Record<string, string | string[] | undefined> };
}

const SORTERS: Record<string, (a: OnlineUser, b: OnlineUser) => number> = {
  account: (a, b) => a.account.localeCompare(b.account),
  realName: (a, b) => (a.realName ?? '').localeCompare(b.realName ?? ''),
  loginTime: (a, b) => (a.loginTime ?? '').localeCompare(b.loginTime ?? ''),
  connectTime: (a, b) => (a.connectTime ?? '').localeCompare(b.connectTime ?? ''),
};

const contains = (value: string | null, part: string | undefined) =>
  !part || (value ?? '').toLowerCase().includes(part.toLowerCase());

/**
 * Online users: the sessions behind the live Socket.IO connections (`fetchSockets` reaches every node through the
 * Redis adapter), and force offline (revoke the session, tell its browsers, disconnect them).
 */
export function createOnlineUserService(kernel: Kernel, realtime: Realtime) {
  const everyTenant = createPlatformSessionRepo(kernel);

  /** The platform super admin sees and ends the sessions of every tenant; everyone else those of their own. */
  const isPlatformAdmin = (ctx: UserContext) => ctx.isSuperAdmin && ctx.tenantId === DEFAULT_TENANT_ID;

  function addressOf(s: HandshakeView): string {
    const forwarded = s.handshake.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    const ip = kernel.config.trustProxy && first ? first : s.handshake.address;
    return ip.replace(/^::ffff:/, '');
  }

  function connectionsBySession(sockets: HandshakeView[]): Map<number, Connections> {
    const out = new Map<number, Connections>();
    for (const s of sockets) {
      const who = s.data.identity;
      if (who?.kind !== 'user') continue;
      const seen = out.get(who.sessionId);
      if (seen) seen.count += 1;
      if (seen && seen.since <= s.handshake.issued) continue;
      const userAgent = String(s.handshake.headers['user-agent'] ?? '');
      out.set(who.sessionId, { ip: addressOf(s), userAgent, since: s.handshake.issued, count: seen?.count ?? 1 });
    }
    return out;
  }

  return {
    async page(ctx: UserContext, input: PageInput, time: TimeFormatter) {
      const tenantId = isPlatformAdmin(ctx) ? input.tenantId : ctx.tenantId;
      const sockets = tenantId
        ? await realtime.io.in(rooms.tenant(tenantId)).fetchSockets()
        : await realtime.io.fetchSockets();
      const live = connectionsBySession(sockets as unknown as HandshakeView[]);
      const ids = [...live.keys()];
      const sessions = tenantId
        ? (await repo.liveSessions(kernel.tenantDb({ tenantId }), ids)).map((s) => ({ ...s, tenant: tenantId }))
        : await everyTenant.liveSessions(ids);
      let rows: OnlineUser[] = sessions.flatMap((s) => {
        const conn = live.get(s.id);
        if (!conn) return [];
        const agent = parseUserAgent(conn.userAgent || s.user_agent);
        return [
          {
            id: s.id,
            userId: s.user_id,
            tenantId: s.tenant,
            account: s.account,
            realName: s.real_name,
            ip: conn.ip || s.ip || '',
            browser: agent.browser ?? 'Unknown',
            os: agent.os ?? 'Unknown',
            loginTime: time(s.created_at),
            connectTime: time(conn.since),
            connections: conn.count,
          },
        ];
      });
      rows = rows.filter(
        (r) =>
          contains(r.account, input.account) &&
          contains(r.realName, input.realName) &&
          (!input.keyword || contains(r.account, input.keyword) || contains(r.realName, input.keyword)),
      );
      const sorter = SORTERS[input.field ?? 'connectTime'] ?? SORTERS.connectTime;
      const descending = input.field ? input.order === 'descending' : true;
      rows.sort((a, b) => (descending ? -1 : 1) * (sorter?.(a, b) || a.id - b.id));
      const total = rows.length;
      const totalPages = Math.ceil(total / input.pageSize);
      const start = (input.page - 1) * input.pageSize;
      return {
        page: input.page,
        pageSize: input.pageSize,
        total,
        totalPages,
        items: rows.slice(start, start + input.pageSize),
        hasPrevPage: input.page > 1,
        hasNextPage: input.page < totalPages,
      };
    },

    /** Ends another session: revoked for every node, then its browsers are told and disconnected. */
    async forceOffline(ctx: UserContext, sessionId: number) {
      if (sessionId === ctx.sessionId) throw new AppError('forceOfflineSelf');
      const target = isPlatformAdmin(ctx)
        ? await everyTenant.session(sessionId)
        : await repo.session(kernel.tenantDb(ctx), sessionId);
      if (!target) throw notFound();
      // a super admin's session is ended only by a super admin
      if (target.account_type === AccountType.superAdmin && !ctx.isSuperAdmin) throw new AppError('forbidden');
      await kernel.sessions.revoke(sessionId, 'forceOffline');
      realtime.forceOffline(rooms.session(sessionId), 'forceOffline');
    },
  };
}
