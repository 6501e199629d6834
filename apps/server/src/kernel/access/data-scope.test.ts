import { AccountType, api, DataScope, Status } from '@shelfwise/contract';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, TEST_PASSWORD } from '../../test/harness';
import { hashPassword } from '../auth/password';
import { combineScopes, descendantsOf } from './data-scope';

/** A random organisation forest: org i's parent is an earlier org or none. */
const forest = fc
  .integer({ min: 1, max: 7 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => fc.integer({ min: -1, max: i - 1 }))));

const role = (orgCount: number) =>
  fc.record({
    scope: fc.constantFrom(
      DataScope.all,
      DataScope.orgAndBelow,
      DataScope.ownOrg,
      DataScope.ownRecords,
      DataScope.custom,
    ),
    custom: fc.uniqueArray(fc.integer({ min: 0, max: orgCount - 1 }), { minLength: 1, maxLength: orgCount }),
    enabled: fc.boolean(),
  });

const scenario = forest.chain((parents) =>
  fc.record({
    parents: fc.constant(parents),
    viewerOrg: fc.option(fc.integer({ min: 0, max: parents.length - 1 }), { nil: null }),
    roles: fc.array(role(parents.length), { minLength: 0, maxLength: 3 }),
    // records: (organisation index or none, created by the viewer?)
    users: fc.array(fc.tuple(fc.option(fc.integer({ min: 0, max: parents.length - 1 }), { nil: null }), fc.boolean()), {
      minLength: 1,
      maxLength: 8,
    }),
  }),
);

it('combines scopes as the union of the roles, the widest winning', () => {
  fc.assert(
    fc.property(scenario, (s) => {
      const orgs = s.parents.map((p, i) => ({ id: i + 1, pid: p + 1 }));
      const roles = s.roles.map((r, i) => ({ id: i + 1, dataScope: r.scope, orgIds: r.custom.map((c) => c + 1) }));
      const viewerOrg = s.viewerOrg === null ? null : s.viewerOrg + 1;
      const grant = combineScopes(roles, { orgId: viewerOrg }, orgs);
      if (roles.some((r) => r.dataScope === DataScope.all)) {
        expect(grant.all).toBe(true);
        return;
      }
      expect(grant.all).toBe(false);
      if (grant.all) return;
      // every org of the grant is justified by some role, and every role's orgs are in the grant
      for (const r of roles) {
        const wanted =
          r.dataScope === DataScope.orgAndBelow && viewerOrg !== null
            ? descendantsOf(orgs, viewerOrg)
            : r.dataScope === DataScope.ownOrg && viewerOrg !== null
              ? [viewerOrg]
              : r.dataScope === DataScope.custom
                ? r.orgIds
                : [];
        for (const id of wanted) expect(grant.orgIds).toContain(id);
      }
      expect(grant.self).toBe(roles.length === 0 || roles.some((r) => r.dataScope === DataScope.ownRecords));
    }),
    { numRuns: 300 },
  );
});

/**
 * Property on the real list endpoint: random organisation trees, roles (some disabled) and accounts; the account
 * list returns exactly the records an independent model of the five scopes allows.
 */
describeEachDialect('data scope applied to the account list', (get) => {
  let hash = '';
  beforeAll(async () => {
    hash = await hashPassword(TEST_PASSWORD);
  });

  it('returns exactly the records the scope allows', async () => {
    const t = get();
    const db = t.kernel.db;
    const pageBtn = (
      await db.selectFrom('sys_menu').select('id').where('permission', '=', 'sysUser:page').executeTakeFirstOrThrow()
    ).id;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        run += 1;
        const tenant = await t.createTenant(`Scope${run}`);
        const tid = tenant.tenantId;
        const audit = { created_at: Date.now(), updated_at: null, updated_by: null };
        const orgIds = s.parents.map(() => t.kernel.ids.next());
        for (const [i, p] of s.parents.entries()) {
          await db
            .insertInto('sys_org')
            .values({
              id: orgIds[i] as number,
              tenant_id: tid,
              pid: p < 0 ? 0 : (orgIds[p] as number),
              code: `O${i}`,
              name: `Org ${i}`,
              type: null,
              director_id: null,
              order_no: i,
              status: Status.enabled,
              remark: null,
              created_by: null,
              ...audit,
            })
            .execute();
        }
        const viewerId = t.kernel.ids.next();
        const user = (id: number, account: string, org: number | null, createdBy: number | null) => ({
          id,
          tenant_id: tid,
          account,
          password_hash: hash,
          real_name: account,
          nick_name: null,
          phone: null,
          id_card_num: null,
          email: null,
          account_type: AccountType.normalUser,
          avatar: null,
          address: null,
          signature: null,
          org_id: org,
          pos_id: null,
          status: Status.enabled,
          failed_count: 0,
          locked_until: null,
          last_login_at: null,
          last_login_ip: null,
          order_no: 1,
          remark: null,
          created_by: createdBy,
          ...audit,
        });
        const viewerOrg = s.viewerOrg === null ? null : (orgIds[s.viewerOrg] as number);
        await db
          .insertInto('sys_user')
          .values(user(viewerId, 'viewer', viewerOrg, null))
          .execute();
        const records = s.users.map(([org, mine], i) => ({
          id: t.kernel.ids.next(),
          account: `rec${i}`,
          org: org === null ? null : (orgIds[org] as number),
          mine,
        }));
        for (const r of records)
          await db
            .insertInto('sys_user')
            .values(user(r.id, r.account, r.org, r.mine ? viewerId : null))
            .execute();
        // every role grants the list; its scope and status vary (a disabled role grants nothing)
        const enabledRoles: (typeof s.roles)[number][] = [];
        for (const [i, r] of s.roles.entries()) {
          const roleId = t.kernel.ids.next();
          await db
            .insertInto('sys_role')
            .values({
              id: roleId,
              tenant_id: tid,
              code: `r${i}`,
              name: `r${i}`,
              data_scope: r.scope,
              order_no: i,
              status: r.enabled ? 1 : 2,
              remark: null,
              created_by: null,
              ...audit,
            })
            .execute();
          await db.insertInto('sys_user_role').values({ tenant_id: tid, user_id: viewerId, role_id: roleId }).execute();
          await db.insertInto('sys_role_menu').values({ tenant_id: tid, role_id: roleId, menu_id: pageBtn }).execute();
          if (r.scope === DataScope.custom) {
            await db
              .insertInto('sys_role_org')
              .values(r.custom.map((c) => ({ tenant_id: tid, role_id: roleId, org_id: orgIds[c] as number })))
              .execute();
          }
          if (r.enabled) enabledRoles.push(r);
        }
        await t.kernel.principals.invalidateAll();
        const login = await t.call(api.sysAuth.login, { account: 'viewer', password: TEST_PASSWORD, tenantId: tid });
        if (!enabledRoles.length) {
          // without an enabled role there is nothing to sign in to, or at least nothing to list
          if (login.status === 200) {
            const denied = await t.call(
              api.sysUser.page,
              { page: 1, pageSize: 100 },
              { token: login.result.accessToken },
            );
            expect(denied.status).toBe(403);
          } else expect(login.body.extras?.errorCode).toBe('noLoginPermission');
          return;
        }
        expect(login.status).toBe(200);
        const res = await t.call(api.sysUser.page, { page: 1, pageSize: 100 }, { token: login.result.accessToken });
        expect(res.status).toBe(200);

        // the model: walk up from a record's organisation to see whether the viewer's organisation is above it
        const parentOf = new Map(
          orgIds.map((id, i) => [id, (s.parents[i] as number) < 0 ? 0 : (orgIds[s.parents[i] as number] as number)]),
        );
        const under = (org: number | null, top: number | null) => {
          for (let o = org; o && top; o = parentOf.get(o) ?? 0) if (o === top) return true;
          return false;
        };
        const allows = (rec: { org: number | null; createdBy: number | null }) =>
          enabledRoles.some((r) => {
            if (r.scope === DataScope.all) return true;
            if (r.scope === DataScope.orgAndBelow) return under(rec.org, viewerOrg);
            if (r.scope === DataScope.ownOrg) return rec.org !== null && rec.org === viewerOrg;
            if (r.scope === DataScope.custom) return r.custom.some((c) => orgIds[c] === rec.org);
            return rec.createdBy === viewerId;
          });
        const everyone = [
          { account: 'viewer', org: viewerOrg, createdBy: null },
          {
            account: tenant.adminAccount,
            org: (
              await db
                .selectFrom('sys_user')
                .select('org_id')
                .where('tenant_id', '=', tid)
                .where('account', '=', tenant.adminAccount)
                .executeTakeFirstOrThrow()
            ).org_id,
            createdBy: null,
          },
          ...records.map((r) => ({ account: r.account, org: r.org, createdBy: r.mine ? viewerId : null })),
        ];
        const expected = everyone
          .filter(allows)
          .map((r) => r.account)
          .sort();
        expect(res.result.items.map((u) => u.account).sort()).toEqual(expected);
      }),
      { numRuns: t.dialect === 'sqlite' ? 40 : 12 },
    );
  });
});
