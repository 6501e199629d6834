import type { Locale } from '@shelfwise/contract';
import type { DataScopeGrant } from '../access/data-scope';
import type { TenantContext } from '../db/tenant-db';

/** Everything a service needs to know about the request, built once and passed explicitly. */
export interface RequestContext extends TenantContext {
  requestId: string;
  tenantId: number;
  userId: number | null;
  orgId: number | null;
  accountType: number | null;
  isSuperAdmin: boolean;
  /** Permission codes held; super admins pass every check without a list. */
  permissions: ReadonlySet<string>;
  roleIds: readonly number[];
  /** What organisation-owned data the caller may see. */
  dataScope: DataScopeGrant;
  /** The tenant the user belongs to; differs from `tenantId` while a super admin acts inside another tenant. */
  homeTenantId: number;
  sessionId: number | null;
  /** jti of the access token the request carried (refreshToken binds to it). */
  tokenJti: string | null;
  locale: Locale;
  timeZone: string;
  ip: string;
  userAgent: string;
}

/** A context of a signed-in user (what `authenticated` and permission routes receive). */
export type UserContext = RequestContext & { userId: number; sessionId: number; accountType: number };

/** Formats an epoch-ms time in the caller's time zone. */
export type TimeFormatter = (ms: number | null | undefined) => string | null;
