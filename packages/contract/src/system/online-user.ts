import { z } from 'zod';
import { pageInputWith, pageOf, zDateTime, zId } from '../common';
import { service } from '../endpoint';

/** One signed-in session with at least one live connection (several browser tabs count once). */
export const onlineUserEntity = z.object({
  /** The session id: what `forceOffline` takes. */
  id: z.number(),
  userId: z.number(),
  tenantId: z.number(),
  account: z.string(),
  realName: z.string().nullable(),
  ip: z.string(),
  browser: z.string(),
  os: z.string(),
  /** When the session signed in. */
  loginTime: zDateTime.nullable(),
  /** When its oldest live connection was made. */
  connectTime: zDateTime.nullable(),
  connections: z.number(),
});

/** Online users (`sysOnlineUser`), from the live Socket.IO connections of every node. */
export const sysOnlineUser = service('sysOnlineUser', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysOnlineUser:page',
    input: pageInputWith(['account', 'realName', 'loginTime', 'connectTime']).extend({
      account: z.string().max(64).optional(),
      realName: z.string().max(64).optional(),
      /** Super admins of the platform tenant only: one tenant's sessions (default: every tenant's). */
      tenantId: zId.optional(),
    }),
    output: pageOf(onlineUserEntity),
    summary: "Connected sessions of the caller's tenant (a platform super admin sees every tenant)",
  },
  forceOffline: {
    action: 'forceOffline',
    method: 'POST',
    permission: 'sysOnlineUser:forceOffline',
    input: z.object({ id: zId }),
    output: z.null(),
    summary: 'End a session: revoked, its browsers told and disconnected',
  },
});
