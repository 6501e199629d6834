import {
  AccountType,
  type InputOf,
  LoginType,
  LoginWay,
  Status,
  sysAuth,
  type userInfo as userInfoSchema,
  YesNo,
} from '@shelfwise/contract';
import type { z } from 'zod';
import { roleHoldsAdminMenusIn } from '../../../kernel/access/menu-scope';
import { createLoginGuard } from '../../../kernel/auth/login-guard';
import { checkPasswordRule, hashPassword, verifyDecoy, verifyPassword } from '../../../kernel/auth/password';
import { audited } from '../../../kernel/db/tenant-db';
import { AppError } from '../../../kernel/errors/app-error';
import type { RequestContext, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { PreparedJson } from '../../../kernel/http/prepared-json';
import { seedText } from '../../../kernel/i18n/seed-texts';
import { refusalMessage } from '../../../kernel/logs';
import { type Realtime, rooms } from '../../../kernel/realtime/realtime';
import { SETTING } from '../../../kernel/settings/settings';
import { type LoginRow, authRepo as repo } from './auth.repo';

/** An account found for sign-in, with the tenant it was found in. */
type LoginUser = LoginRow & { tenantId: number };

/** The URL of an account's avatar or e-signature file (the key's last part busts caches after a change). */
const imageUrl = (kind: string, id: number, key: string | null) =>
  key ? `/api/sysUser/image/${kind}/${id}?v=${key.split('/').pop()}` : null;

type UserInfo = z.output<typeof sysAuth.userInfo.output>;
/** `userInfo` without the buttons. */
type Profile = Omit<z.input<typeof userInfoSchema>, 'buttons'>;

/** Whether two profiles hold the same values (all plain values but the role ids). */
function sameProfile(a: Profile, b: Profile): boolean {
  for (const key of Object.keys(b) as (keyof Profile)[]) {
    if (key === 'roleIds') continue;
    if (a[key] !== b[key]) return false;
  }
  return a.roleIds.length === b.roleIds.length && a.roleIds.every((id, i) => id === b.roleIds[i]);
}

/** Sign-in, sign-out, tokens, lock screen, registration and the current user (docs/api-contract.md#sign-in-and-tokens). */
export function createAuthService(kernel: Kernel, realtime: Realtime) {
  const { settings, sessions, captcha, sms, tenants, principals, ids } = kernel;
  const tdb = kernel.tenantDb;
  const inTenant = (tenantId: number, row: LoginRow): LoginUser => Object.assign(row, { tenantId });

  const guard = createLoginGuard(kernel.cache, settings);

  /**
   * An account and password checked under the login guard: a blocked address or an account backing off is refused
   * before anything is looked up, and a wrong password reads the same whether the account exists or not.
   */
  async function checkCredentials(tenantId: number, account: string, password: string, ip: string) {
    await guard.assertOpen(ip, tenantId, account);
    const found = await repo.findByAccount(tdb({ tenantId }), account);
    const user = found && inTenant(tenantId, found);
    const ok = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyDecoy(password).then(() => false);
    if (!user || !ok) {
      await guard.failed(ip, tenantId, account);
      throw new AppError('loginFailed');
    }
    await guard.succeeded(ip, tenantId, account);
    return user;
  }

  /** Refuses accounts that may not sign in: disabled, tenant disabled, or a user without any enabled role. */
  async function assertMaySignIn(user: LoginUser) {
    if (user.status !== Status.enabled) throw new AppError('accountDisabled');
    const tenant = await tenants.get(user.tenantId);
    if (!tenant) throw new AppError('loginFailed');
    if (tenant.status !== Status.enabled && user.account_type !== AccountType.superAdmin) {
      throw new AppError('tenantDisabled');
    }
    if (user.account_type === AccountType.normalUser || user.account_type === AccountType.member) {
      const p = await principals.get(user.tenantId, user.id);
      if (!p || p.roleIds.length === 0) throw new AppError('noLoginPermission');
    }
  }

  /** A refused sign-in goes to the visit log; returns the error for the caller to throw. */
  function refused(ctx: RequestContext, who: { tenantId: number; account: string; loginWay: number }, error: unknown) {
    const message = refusalMessage(error, ctx.locale);
    kernel.logs.visit(ctx, { ...who, action: LoginType.login, success: false, message });
    return error;
  }

  async function startSession(user: LoginUser, ctx: RequestContext, loginWay: number) {
    if (await settings.bool(SETTING.singleLogin, false)) {
      // the user's other sessions end, and their open browsers are told at once (the new one has no socket yet)
      if (await sessions.revokeUser(user.tenantId, user.id, 'singleLogin')) {
        realtime.forceOffline(rooms.user(user.tenantId, user.id), 'singleLogin');
      }
    }
    await repo.recordSuccess(tdb(user), user.id, ctx.ip);
    const pair = await sessions.issue({ id: user.id, tenantId: user.tenantId }, { ...ctx, loginWay });
    kernel.logs.visit(ctx, {
      tenantId: user.tenantId,
      userId: user.id,
      account: user.account,
      action: LoginType.login,
      success: true,
      loginWay,
    });
    return { accessToken: pair.accessToken, refreshToken: pair.refreshToken };
  }

  const passwordRule = (password: string) => checkPasswordRule(settings, password);

  /** The last `userInfo` answer per permission set, with what it was made from apart from the buttons. */
  const lastInfo = new WeakMap<ReadonlySet<string>, { rest: Profile; json: PreparedJson<UserInfo> }>();

  /** Everything of `userInfo` but the buttons: read on every call (names, avatar, tenant may change). */
  async function profileOf(ctx: UserContext) {
    const [profile, tenant] = await Promise.all([
      // the account's own tenant (a super admin acting in another tenant is still an account of its own)
      repo.profile(tdb({ tenantId: ctx.homeTenantId }), ctx.userId),
      tenants.get(ctx.tenantId),
    ]);
    if (!profile) throw new AppError('tokenInvalid');
    const realName = seedText('account', profile.real_name, ctx.locale);
    const name = realName ? `${profile.account} ${realName}` : profile.account;
    return {
      id: profile.id,
      account: profile.account,
      realName,
      phone: profile.phone,
      idCardNum: profile.id_card_num,
      email: profile.email,
      accountType: profile.account_type,
      avatar: imageUrl('avatar', profile.id, profile.avatar),
      address: profile.address,
      signature: imageUrl('signature', profile.id, profile.signature),
      orgId: profile.org_id,
      orgName: profile.org_name ?? null,
      posName: seedText('pos', profile.pos_name, ctx.locale) ?? null,
      roleIds: [...ctx.roleIds],
      // the profile is read in the home tenant
      tenantId: ctx.homeTenantId,
      currentTenantId: ctx.tenantId,
      watermarkText: tenant?.watermark ? `${tenant.watermark} ${name}` : name,
    };
  }

  /** The button codes: a super admin's are every code of the enabled menus, anyone else's their permission set. */
  async function buttonsOf(ctx: UserContext): Promise<string[]> {
    if (!ctx.isSuperAdmin) return [...ctx.permissions];
    const principal = await principals.get(ctx.homeTenantId, ctx.userId);
    return principal ? principals.codesOf(principal) : [...ctx.permissions];
  }

  const service = {
    captcha: () => captcha.create(),

    async login(input: InputOf<typeof sysAuth.login>, ctx: RequestContext) {
      const tenantId = input.tenantId ?? ctx.tenantId;
      try {
        if (await settings.bool(SETTING.captcha, true)) await captcha.verify(input.codeId, input.code);
        const user = await checkCredentials(tenantId, input.account, input.password, ctx.ip);
        await assertMaySignIn(user);
        return await startSession(user, ctx, LoginWay.account);
      } catch (e) {
        throw refused(ctx, { tenantId, account: input.account, loginWay: LoginWay.account }, e);
      }
    },

    /** Account and password checked under the login guard, and the captcha when it is on (API docs sign-in). */
    async verifyCredentials(
      input: { account: string; password: string; codeId?: string; code?: string },
      ctx: RequestContext,
    ) {
      if (await settings.bool(SETTING.captcha, true)) await captcha.verify(input.codeId, input.code);
      const user = await checkCredentials(ctx.tenantId, input.account, input.password, ctx.ip);
      await assertMaySignIn(user);
      return { userId: user.id, tenantId: user.tenantId };
    },

    async sendSmsCode(phone: string) {
      return sms.send(phone);
    },

    async loginPhone(input: InputOf<typeof sysAuth.loginPhone>, ctx: RequestContext) {
      const tenantId = input.tenantId ?? ctx.tenantId;
      try {
        await sms.verify(input.phone, input.code);
        const users = (await repo.findByPhone(tdb({ tenantId }), input.phone)).map((u) => inTenant(tenantId, u));
        // no account, or the number is on several accounts: the caller must use the account login
        if (users.length !== 1 || !users[0]) throw new AppError('loginFailed');
        await assertMaySignIn(users[0]);
        return await startSession(users[0], ctx, LoginWay.phone);
      } catch (e) {
        throw refused(ctx, { tenantId, account: input.phone, loginWay: LoginWay.phone }, e);
      }
    },

    async logout(ctx: UserContext) {
      await sessions.revoke(ctx.sessionId, 'logout');
      kernel.logs.visit(ctx, { action: LoginType.logout, success: true, userId: ctx.userId });
    },

    async refreshToken(accessToken: string, ctx: UserContext) {
      const check = await kernel.tokens.readAccess(accessToken);
      const claims = check.ok || check.reason === 'expired' ? check.claims : undefined;
      // only the caller's own token: binding a refresh token to someone else's session is refused
      if (!claims || claims.jti !== ctx.tokenJti || claims.sid !== ctx.sessionId) throw new AppError('tokenInvalid');
      return sessions.mintRefresh(claims);
    },

    async unlockScreen(password: string, ctx: UserContext) {
      const user = await repo.findById(tdb({ tenantId: ctx.homeTenantId }), ctx.userId);
      if (!user) throw new AppError('tokenInvalid');
      // wrong passwords here count against this session only: after the limit it ends, the account is not locked
      if (await verifyPassword(user.password_hash, password)) {
        await guard.screenSucceeded(ctx.sessionId);
        return true;
      }
      if (await guard.screenFailed(ctx.sessionId)) {
        await sessions.revoke(ctx.sessionId, 'screenUnlockFailed');
        await guard.screenSucceeded(ctx.sessionId);
        throw new AppError('screenUnlockFailed');
      }
      throw new AppError('passwordWrong');
    },

    /**
     * `userInfo`, checked and serialised again only when it changed: the profile is read on every call, but the
     * answer of an administrator lists hundreds of button codes, and checking and serialising that list took about
     * as long as the rest of the request. The last answer is kept per permission set (one per cached principal).
     */
    async userInfoJson(ctx: UserContext): Promise<PreparedJson<UserInfo>> {
      const rest = await profileOf(ctx);
      if (ctx.isSuperAdmin) return PreparedJson.of(sysAuth.userInfo.output, { ...rest, buttons: await buttonsOf(ctx) });
      // the buttons are the permission set's own codes: the same set, the same list
      const kept = lastInfo.get(ctx.permissions);
      if (kept && sameProfile(kept.rest, rest)) return kept.json;
      const json = PreparedJson.of(sysAuth.userInfo.output, { ...rest, buttons: [...ctx.permissions] });
      lastInfo.set(ctx.permissions, { rest, json });
      return json;
    },

    async userInfo(ctx: UserContext): Promise<z.input<typeof userInfoSchema>> {
      return { ...(await profileOf(ctx)), buttons: await buttonsOf(ctx) };
    },

    async register(input: InputOf<typeof sysAuth.userRegistration>, ctx: RequestContext) {
      await captcha.verify(input.codeId, input.code);
      const tenantId = input.tenantId ?? ctx.tenantId;
      const tenant = await tenants.get(tenantId);
      if (!tenant || tenant.status !== Status.enabled) throw new AppError('registrationFailed');
      if (tenant.enable_reg !== YesNo.yes) throw new AppError('registrationDisabled');
      // only the scheme the tenant offers on its sign-in page: another id (kept in the body for older clients) is
      // refused, whatever scheme it names
      const wayId = tenant.reg_way_id;
      if (input.regWayId !== undefined && input.regWayId !== wayId) throw new AppError('registrationFailed');
      const way = wayId ? await repo.regWay(tdb({ tenantId }), wayId) : undefined;
      // a scheme can never hand out an administrator account, nor a role that administers (grants may have
      // changed since the scheme was saved)
      if (
        !way ||
        way.account_type === AccountType.superAdmin ||
        way.account_type === AccountType.sysAdmin ||
        (await roleHoldsAdminMenusIn(tdb({ tenantId }), way.role_id))
      ) {
        throw new AppError('registrationFailed');
      }
      await passwordRule(input.password);
      if (await repo.findByAccount(tdb({ tenantId }), input.account)) {
        throw new AppError('duplicateCode', { value: input.account });
      }
      const hash = await hashPassword(input.password);
      const now = Date.now();
      const id = ids.next();
      await repo.register(
        tdb({ tenantId }),
        audited(
          { userId: null },
          id,
          {
            account: input.account,
            password_hash: hash,
            real_name: input.realName,
            nick_name: null,
            phone: input.phone ?? null,
            id_card_num: null,
            email: input.email ?? null,
            account_type: way.account_type,
            avatar: null,
            address: null,
            signature: null,
            org_id: way.org_id,
            pos_id: way.pos_id,
            status: Status.enabled,
            failed_count: 0,
            locked_until: null,
            last_login_at: null,
            last_login_ip: null,
            order_no: 100,
            remark: 'self-registered',
          },
          now,
        ),
        way.role_id,
      );
      return null;
    },
  };
  return service;
}

/** The auth service type. */
export type AuthService = ReturnType<typeof createAuthService>;
