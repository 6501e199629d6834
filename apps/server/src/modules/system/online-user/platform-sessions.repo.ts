import type { Kernel } from '../../../kernel/http/kernel';
import { COLUMNS, inChunks } from './online-user.repo';

// A platform exception of the tenancy rule (named in scripts/lint-tenancy.mjs): the platform super admin's list of
// online users shows the sessions of every tenant, which no tenant database can read.

/**
 * The platform super admin's view: sessions of every tenant, so on the whole database by design (the one query of
 * this module that crosses tenants).
 */
export function createPlatformSessionRepo(kernel: Pick<Kernel, 'db'>) {
  const everyTenant = () =>
    kernel.db
      .selectFrom('sys_session')
      .innerJoin('sys_user as u', (j) =>
        j.onRef('u.id', '=', 'sys_session.user_id').onRef('u.tenant_id', '=', 'sys_session.tenant_id'),
      )
      .select([...COLUMNS, 'sys_session.tenant_id as tenant']);
  return {
    /** The live sessions among `ids` of any tenant. */
    liveSessions: (ids: number[]) => {
      const now = Date.now();
      return inChunks(ids, (chunk) =>
        everyTenant()
          .where('sys_session.id', 'in', chunk)
          .where('sys_session.revoked_at', 'is', null)
          .where('sys_session.expires_at', '>', now)
          .execute(),
      );
    },
    /** One session of any tenant. */
    session: (id: number) => everyTenant().where('sys_session.id', '=', id).executeTakeFirst(),
  };
}
