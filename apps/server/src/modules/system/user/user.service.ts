import type { Readable } from 'node:stream';
import { AccountType, type InputOf, type Locale, Status, type sysUser, userImportRow } from '@shelfwise/contract';
import { scopeCoversOrg } from '../../../kernel/access/data-scope';
import { createLoginGuard } from '../../../kernel/auth/login-guard';
import { checkPasswordRule, hashPassword, verifyPassword } from '../../../kernel/auth/password';
import { audited, type TenantDatabase, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { fileRegister } from '../../../kernel/files/file-register';
import { plainIssue } from '../../../kernel/files/master-files';
import { readXlsx, type SheetColumn, xlsxWriter } from '../../../kernel/files/xlsx';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { keepSeedText, seedText } from '../../../kernel/i18n/seed-texts';
import { type Realtime, rooms } from '../../../kernel/realtime/realtime';
import { generatePassword } from '../seed';
import { userRepo as repo, type UserFilters, type UserRow } from './user.repo';
import { storeOwnPicture } from './user-picture';

type Input<K extends keyof typeof sysUser> = InputOf<(typeof sysUser)[K]>;
type Roles = { ids: number[]; names: string[] };

/** Largest account import, in rows. */
export const MAX_IMPORT_ROWS = 5000;

function userDto(row: UserRow, roles: Roles | undefined, time: TimeFormatter, now: number, locale: Locale) {
  return {
    id: row.id,
    account: row.account,
    realName: seedText('account', row.real_name, locale),
    nickName: row.nick_name,
    phone: row.phone,
    idCardNum: row.id_card_num,
    email: row.email,
    accountType: row.account_type,
    avatar: row.avatar ? `/api/sysUser/image/avatar/${row.id}?v=${row.avatar.split('/').pop()}` : null,
    address: row.address,
    signature: row.signature ? `/api/sysUser/image/signature/${row.id}?v=${row.signature.split('/').pop()}` : null,
    orgId: row.org_id,
    orgName: row.org_name,
    posId: row.pos_id,
    posName: seedText('pos', row.pos_name, locale),
    roleIds: roles?.ids ?? [],
    roleNames: (roles?.names ?? []).map((name) => seedText('role', name, locale)),
    status: row.status,
    locked: row.locked_until !== null && row.locked_until > now,
    lastLoginTime: time(row.last_login_at),
    lastLoginIp: row.last_login_ip,
    orderNo: row.order_no,
    remark: row.remark,
    ...auditDto(row, time),
  };
}

const SHEET_TEXT: Record<string, Record<Locale, string>> = {
  account: { en: 'Account', 'zh-cn': '账号', 'zh-tw': '帳號' },
  realName: { en: 'Real name', 'zh-cn': '姓名', 'zh-tw': '姓名' },
  phone: { en: 'Phone', 'zh-cn': '手机号码', 'zh-tw': '手機號碼' },
  email: { en: 'Email', 'zh-cn': '邮箱', 'zh-tw': '電子郵件' },
  orgCode: { en: 'Organisation code', 'zh-cn': '机构编码', 'zh-tw': '機構編碼' },
  orgName: { en: 'Organisation', 'zh-cn': '机构', 'zh-tw': '機構' },
  posCode: { en: 'Position code', 'zh-cn': '职位编码', 'zh-tw': '職位編碼' },
  posName: { en: 'Position', 'zh-cn': '职位', 'zh-tw': '職位' },
  roleCodes: { en: 'Role codes', 'zh-cn': '角色编码', 'zh-tw': '角色編碼' },
  roles: { en: 'Roles', 'zh-cn': '角色', 'zh-tw': '角色' },
  status: { en: 'Status', 'zh-cn': '状态', 'zh-tw': '狀態' },
  lastLoginTime: { en: 'Last sign-in', 'zh-cn': '最近登录', 'zh-tw': '最近登入' },
  createTime: { en: 'Created', 'zh-cn': '创建时间', 'zh-tw': '建立時間' },
  enabled: { en: 'Enabled', 'zh-cn': '启用', 'zh-tw': '啟用' },
  disabled: { en: 'Disabled', 'zh-cn': '停用', 'zh-tw': '停用' },
  sheet: { en: 'Accounts', 'zh-cn': '账号', 'zh-tw': '帳號' },
  unknownOrg: { en: 'no organisation with code {v}', 'zh-cn': '机构编码 {v} 不存在', 'zh-tw': '機構編碼 {v} 不存在' },
  unknownPos: { en: 'no position with code {v}', 'zh-cn': '职位编码 {v} 不存在', 'zh-tw': '職位編碼 {v} 不存在' },
  unknownRole: { en: 'no role with code {v}', 'zh-cn': '角色编码 {v} 不存在', 'zh-tw': '角色編碼 {v} 不存在' },
  accountTaken: { en: 'account {v} already exists', 'zh-cn': '账号 {v} 已存在', 'zh-tw': '帳號 {v} 已存在' },
  duplicateInFile: {
    en: 'account {v} appears more than once in the file',
    'zh-cn': '账号 {v} 在文件中重复',
    'zh-tw': '帳號 {v} 在檔案中重複',
  },
  outOfScope: {
    en: 'organisation {v} is outside your data scope',
    'zh-cn': '机构 {v} 不在您的数据权限范围内',
    'zh-tw': '機構 {v} 不在您的資料權限範圍內',
  },
};
const text = (key: string, locale: Locale, v = '') => (SHEET_TEXT[key]?.[locale] ?? key).replace('{v}', v);

const IMPORT_KEYS = ['account', 'realName', 'phone', 'email', 'orgCode', 'posCode', 'roleCodes'] as const;
const EXPORT_KEYS = [
  'account',
  'realName',
  'phone',
  'email',
  'orgName',
  'posName',
  'roles',
  'status',
  'lastLoginTime',
  'createTime',
] as const;
const columnsOf = <K extends string>(keys: readonly K[], locale: Locale): SheetColumn<K>[] =>
  keys.map((key) => ({ key, header: text(key, locale), width: key === 'email' || key === 'roles' ? 28 : 18 }));

/**
 * Accounts: administrators manage accounts inside their data scope and never above their own account type;
 * users manage their own profile. Changes of status, roles and passwords take effect at once: principals are
 * rebuilt and ended sessions are refused on every node and told through their sockets.
 */
export function createUserService(kernel: Kernel, realtime: Realtime) {
  const { settings } = kernel;
  const tdb = kernel.tenantDb;
  const guard = createLoginGuard(kernel.cache, settings);

  /** Super admins manage everyone; others manage accounts of their own type or below, never a super admin. */
  function assertMayManage(ctx: UserContext, accountType: number) {
    if (ctx.isSuperAdmin) return;
    if (accountType === AccountType.superAdmin || accountType > ctx.accountType) {
      throw new AppError('accountTypeNotAllowed');
    }
  }

  async function targetOr404(ctx: UserContext, id: number) {
    const row = await repo.visible(tdb(ctx), ctx, id);
    if (!row) throw notFound();
    assertMayManage(ctx, row.account_type);
    return row;
  }

  async function checkPlacement(ctx: UserContext, input: Input<'add'>) {
    assertMayManage(ctx, input.accountType);
    if (!(await repo.orgExists(tdb(ctx), input.orgId))) throw notFound('organisation');
    if (!scopeCoversOrg(ctx, input.orgId)) throw new AppError('outsideDataScope');
    if (input.posId !== null && !(await repo.posExists(tdb(ctx), input.posId))) throw notFound('position');
    const roleIds = [...new Set(input.roleIds)];
    if ((await repo.existingRoles(tdb(ctx), roleIds)).length !== roleIds.length) throw notFound('role');
    return roleIds;
  }

  async function endSessions(ctx: UserContext, userId: number, reason: string) {
    if (await kernel.sessions.revokeUser(ctx.tenantId, userId, reason)) {
      realtime.forceOffline(rooms.user(ctx.tenantId, userId), reason);
    }
  }

  /** The personal columns; a seeded display name sent back unchanged in the reader's language stays the seeded one. */
  const profile = (
    input: Pick<Input<'add'>, 'realName' | 'nickName' | 'phone' | 'idCardNum' | 'email' | 'address'>,
    before?: { real_name: string | null },
  ) => ({
    real_name: keepSeedText('account', before?.real_name, input.realName),
    nick_name: input.nickName,
    phone: input.phone,
    id_card_num: input.idCardNum,
    email: input.email,
    address: input.address,
  });

  function newUser(
    ctx: UserContext,
    id: number,
    fields: Partial<TenantDatabase['sys_user']>,
    hash: string,
    now: number,
  ) {
    return audited(
      ctx,
      id,
      {
        account: '',
        password_hash: hash,
        real_name: null,
        nick_name: null,
        phone: null,
        id_card_num: null,
        email: null,
        account_type: AccountType.normalUser,
        avatar: null,
        address: null,
        signature: null,
        org_id: null,
        pos_id: null,
        status: Status.enabled,
        failed_count: 0,
        locked_until: null,
        last_login_at: null,
        last_login_ip: null,
        order_no: 100,
        remark: null,
        ...fields,
      },
      now,
    );
  }

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), ctx, input);
      const roles = await repo.rolesOf(
        tdb(ctx),
        page.items.map((u) => u.id),
      );
      const now = Date.now();
      return { ...page, items: page.items.map((u) => userDto(u, roles.get(u.id), time, now, ctx.locale)) };
    },
    async detail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await repo.visible(tdb(ctx), ctx, id);
      if (!row) throw notFound();
      return userDto(row, (await repo.rolesOf(tdb(ctx), [id])).get(id), time, Date.now(), ctx.locale);
    },
    /** Role ids of an account the caller may see. */
    async ownRoleList(ctx: UserContext, id: number) {
      if (!(await repo.visible(tdb(ctx), ctx, id))) throw notFound();
      return (await repo.rolesOf(tdb(ctx), [id])).get(id)?.ids ?? [];
    },
    async add(ctx: UserContext, input: Input<'add'>) {
      const roleIds = await checkPlacement(ctx, input);
      if (await repo.accountTaken(tdb(ctx), input.account))
        throw new AppError('duplicateCode', { value: input.account });
      if (input.password) await checkPasswordRule(settings, input.password);
      const password = input.password ?? generatePassword();
      const id = kernel.ids.next();
      const row = newUser(
        ctx,
        id,
        {
          account: input.account,
          ...profile(input),
          account_type: input.accountType,
          org_id: input.orgId,
          pos_id: input.posId,
          status: input.status,
          order_no: input.orderNo,
          remark: input.remark,
        },
        await hashPassword(password),
        Date.now(),
      );
      await repo.insert(tdb(ctx), [{ user: row, roleIds }]);
      return { id, password: input.password ? null : password };
    },
    async update(ctx: UserContext, input: Input<'update'>) {
      const before = await targetOr404(ctx, input.id);
      const roleIds = await checkPlacement(ctx, input);
      if (input.id === ctx.userId && (input.status !== before.status || input.accountType !== before.account_type)) {
        throw new AppError('selfAction');
      }
      if (await repo.accountTaken(tdb(ctx), input.account, input.id)) {
        throw new AppError('duplicateCode', { value: input.account });
      }
      await repo.update(
        tdb(ctx),
        input.id,
        {
          account: input.account,
          ...profile(input, before),
          account_type: input.accountType,
          org_id: input.orgId,
          pos_id: input.posId,
          status: input.status,
          order_no: input.orderNo,
          remark: input.remark,
          ...updatedBy(ctx, Date.now()),
        },
        roleIds,
      );
      kernel.logs.diff(ctx, {
        table: 'sys_user',
        id: input.id,
        op: 'update',
        before: { ...before, roleIds: (await repo.rolesOf(tdb(ctx), [input.id])).get(input.id)?.ids ?? [] },
        after: {
          ...before,
          account: input.account,
          ...profile(input, before),
          account_type: input.accountType,
          org_id: input.orgId,
          pos_id: input.posId,
          status: input.status,
          order_no: input.orderNo,
          remark: input.remark,
          roleIds,
        },
      });
      await kernel.principals.invalidateAll();
      if (input.status === Status.disabled && before.status !== Status.disabled) {
        await endSessions(ctx, input.id, 'accountDisabled');
      }
    },
    async delete(ctx: UserContext, id: number) {
      if (id === ctx.userId) throw new AppError('selfAction');
      const before = await targetOr404(ctx, id);
      await repo.remove(tdb(ctx), id);
      // the account's pictures stay stored, used by nothing now (platform/file)
      for (const key of [before.avatar, before.signature]) if (key) await fileRegister.detach(tdb(ctx), key);
      kernel.logs.diff(ctx, { table: 'sys_user', id, op: 'delete', before });
      await kernel.principals.invalidateAll();
      await endSessions(ctx, id, 'accountDeleted');
    },
    async setStatus(ctx: UserContext, id: number, status: number) {
      if (id === ctx.userId) throw new AppError('selfAction');
      const before = await targetOr404(ctx, id);
      await repo.update(tdb(ctx), id, { status, ...updatedBy(ctx, Date.now()) });
      kernel.logs.diff(ctx, { table: 'sys_user', id, op: 'update', before, after: { ...before, status } });
      await kernel.principals.invalidateAll();
      if (status === Status.disabled) await endSessions(ctx, id, 'accountDisabled');
    },
    async resetPwd(ctx: UserContext, id: number) {
      const row = await targetOr404(ctx, id);
      const password = generatePassword();
      await repo.update(tdb(ctx), id, {
        password_hash: await hashPassword(password),
        failed_count: 0,
        locked_until: null,
        ...updatedBy(ctx, Date.now()),
      });
      await guard.clear(ctx.tenantId, row.account);
      if (id !== ctx.userId) await endSessions(ctx, id, 'passwordReset');
      return { password };
    },
    async unlock(ctx: UserContext, id: number) {
      const row = await targetOr404(ctx, id);
      await repo.update(tdb(ctx), id, { failed_count: 0, locked_until: null, ...updatedBy(ctx, Date.now()) });
      // the sign-in back-off of the account ends, and so do the blocks its wrong passwords put on addresses
      await guard.clear(ctx.tenantId, row.account);
    },
    async grantRole(ctx: UserContext, input: Input<'grantRole'>) {
      await targetOr404(ctx, input.id);
      const previous = (await repo.rolesOf(tdb(ctx), [input.id])).get(input.id)?.ids ?? [];
      const roleIds = [...new Set(input.roleIds)];
      if ((await repo.existingRoles(tdb(ctx), roleIds)).length !== roleIds.length) throw notFound('role');
      await repo.update(tdb(ctx), input.id, updatedBy(ctx, Date.now()), roleIds);
      kernel.logs.diff(ctx, {
        table: 'sys_user_role',
        id: input.id,
        op: 'update',
        before: { roleIds: previous },
        after: { roleIds },
      });
      await kernel.principals.invalidateAll();
    },

    /** Streams the accounts of the filters (or the chosen ids) as .xlsx. */
    async export(ctx: UserContext, input: Input<'export'>, time: TimeFormatter): Promise<Readable> {
      const { scope, ids, page, pageSize, field: _f, order: _o, ...filters } = input;
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(EXPORT_KEYS, ctx.locale));
      const write = async () => {
        const only = scope === 'selected' ? (ids ?? []) : undefined;
        const batches =
          scope === 'page' ? pageBatch(ctx, input) : repo.each(tdb(ctx), ctx, filters as UserFilters, only);
        for await (const rows of batches) {
          const roles = await repo.rolesOf(
            tdb(ctx),
            rows.map((r) => r.id),
          );
          for (const u of rows) {
            sheet.add({
              account: u.account,
              realName: u.real_name,
              phone: u.phone,
              email: u.email,
              orgName: u.org_name,
              posName: u.pos_name,
              roles: roles.get(u.id)?.names.join(', ') ?? '',
              status: text(u.status === Status.enabled ? 'enabled' : 'disabled', ctx.locale),
              lastLoginTime: time(u.last_login_at),
              createTime: time(u.created_at),
            });
          }
        }
        await sheet.finish();
      };
      write().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;

      async function* pageBatch(c: UserContext, i: Input<'export'>) {
        yield (await repo.page(tdb(c), c, { ...i, page, pageSize })).items;
      }
    },
    /** An empty import sheet with the headers in the caller's language. */
    async importTemplate(ctx: UserContext): Promise<Readable> {
      const sheet = xlsxWriter(text('sheet', ctx.locale), columnsOf(IMPORT_KEYS, ctx.locale));
      sheet.finish().catch((e: Error) => sheet.stream.destroy(e));
      return sheet.stream;
    },
    /**
     * Imports accounts from an .xlsx stream. Every row is checked (schema, codes, scope, duplicates in the file and
     * in the tenant); with any failure nothing is written unless `partial` is set, then the good rows are.
     */
    async import(ctx: UserContext, file: Readable, partial: boolean) {
      let sheet: Awaited<ReturnType<typeof readXlsx>>;
      try {
        sheet = await readXlsx(file, columnsOf(IMPORT_KEYS, ctx.locale), MAX_IMPORT_ROWS);
      } catch (e) {
        throw new AppError('importInvalidFile', { reason: (e as Error).message.slice(0, 200) });
      }
      const required = ['account', 'realName', 'orgCode'];
      const missing = sheet.missing.filter((h) => required.some((k) => text(k, ctx.locale) === h));
      if (missing.length) throw new AppError('importInvalidFile', { reason: missing.join(', ') });
      const codes = await repo.codes(tdb(ctx));
      const taken = await repo.takenAccounts(
        tdb(ctx),
        sheet.rows.map((r) => r.cells.account ?? ''),
      );
      const seen = new Set<string>();
      const errors: { row: number; message: string }[] = [];
      const good: { account: string; user: Parameters<typeof newUser>[2]; roleIds: number[] }[] = [];
      for (const { row, cells } of sheet.rows) {
        const parsed = userImportRow.safeParse(Object.fromEntries(IMPORT_KEYS.map((k) => [k, cells[k] ?? ''])));
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = text(String(issue?.path[0] ?? ''), ctx.locale);
          errors.push({ row, message: `${field}: ${issue ? plainIssue(issue, ctx.locale) : ''}` });
          continue;
        }
        const r = parsed.data;
        const problems: string[] = [];
        const orgId = codes.orgs.get(r.orgCode);
        if (orgId === undefined) problems.push(text('unknownOrg', ctx.locale, r.orgCode));
        else if (!scopeCoversOrg(ctx, orgId)) problems.push(text('outOfScope', ctx.locale, r.orgCode));
        const posId = r.posCode ? codes.positions.get(r.posCode) : null;
        if (posId === undefined) problems.push(text('unknownPos', ctx.locale, r.posCode ?? ''));
        const roleIds: number[] = [];
        for (const code of (r.roleCodes ?? '').split(/[,;，、\s]+/).filter(Boolean)) {
          const id = codes.roles.get(code);
          if (id === undefined) problems.push(text('unknownRole', ctx.locale, code));
          else if (!roleIds.includes(id)) roleIds.push(id);
        }
        if (taken.has(r.account)) problems.push(text('accountTaken', ctx.locale, r.account));
        if (seen.has(r.account)) problems.push(text('duplicateInFile', ctx.locale, r.account));
        seen.add(r.account);
        if (problems.length) {
          errors.push({ row, message: problems.join('; ') });
          continue;
        }
        good.push({
          account: r.account,
          user: {
            account: r.account,
            real_name: r.realName,
            phone: r.phone,
            email: r.email,
            org_id: orgId ?? null,
            pos_id: posId ?? null,
          },
          roleIds,
        });
      }
      const passwords: { account: string; password: string }[] = [];
      const writes = errors.length && !partial ? [] : good;
      if (writes.length) {
        const now = Date.now();
        const rows = [];
        for (const g of writes) {
          const password = generatePassword();
          passwords.push({ account: g.account, password });
          rows.push({
            user: newUser(ctx, kernel.ids.next(), g.user, await hashPassword(password), now),
            roleIds: g.roleIds,
          });
        }
        await repo.insert(tdb(ctx), rows);
      }
      return {
        total: sheet.rows.length,
        succeeded: writes.length,
        failed: sheet.rows.length - writes.length,
        errors,
        passwords,
      };
    },

    async baseInfo(ctx: UserContext, time: TimeFormatter) {
      const row = await repo.own(tdb(ctx), ctx.userId);
      if (!row) throw notFound();
      return userDto(row, (await repo.rolesOf(tdb(ctx), [ctx.userId])).get(ctx.userId), time, Date.now(), ctx.locale);
    },
    async updateBaseInfo(ctx: UserContext, input: Input<'updateBaseInfo'>) {
      const before = await repo.own(tdb(ctx), ctx.userId);
      await repo.update(tdb(ctx), ctx.userId, { ...profile(input, before), ...updatedBy(ctx, Date.now()) });
    },
    /** Changes the caller's password; their other sessions end. */
    async changePwd(ctx: UserContext, input: Input<'changePwd'>) {
      const hash = await repo.passwordHash(tdb(ctx), ctx.userId);
      if (!hash || !(await verifyPassword(hash, input.passwordOld))) throw new AppError('passwordWrong');
      await checkPasswordRule(settings, input.passwordNew);
      await repo.update(tdb(ctx), ctx.userId, {
        password_hash: await hashPassword(input.passwordNew),
        ...updatedBy(ctx, Date.now()),
      });
      const ended = await kernel.sessions.revokeOthers(ctx.homeTenantId, ctx.userId, ctx.sessionId, 'passwordChanged');
      for (const sid of ended) realtime.forceOffline(rooms.session(sid), 'passwordChanged');
    },
    uploadAvatar: (ctx: UserContext, data: Buffer) => storeOwnPicture(kernel, ctx, 'avatar', data),
    uploadSignature: (ctx: UserContext, data: Buffer) => storeOwnPicture(kernel, ctx, 'signature', data),
    /** An account's avatar or signature file, when the account is of the caller's tenant. */
    async image(ctx: UserContext, kind: 'avatar' | 'signature', id: number) {
      const row = await repo.own(tdb(ctx), id);
      const key = row?.[kind];
      const file = key ? await kernel.files.open(key) : null;
      if (!key || !file) throw notFound(kind);
      return { ...file, type: key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
    },
  };
}
