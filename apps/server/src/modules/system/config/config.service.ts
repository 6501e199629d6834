import { createHash } from 'node:crypto';
import { type InputOf, type Locale, type OutputOf, sysConfig, YesNo } from '@shelfwise/contract';
import { LRUCache } from 'lru-cache';
import type { SysConfigTable } from '../../../kernel/db/schema';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import { fileRegister, imageContentType } from '../../../kernel/files/file-register';
import { detectImageType, MAX_UPLOAD_BYTES } from '../../../kernel/files/file-store';
import type { RequestContext, TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { PreparedJson } from '../../../kernel/http/prepared-json';
import { keepSeedText, seedText } from '../../../kernel/i18n/seed-texts';
import { configRepo as repo, sysInfoRepo } from './config.repo';

type PageOutput = OutputOf<typeof sysConfig.page>;

/** Where tenant logos are served from. */
export const LOGO_URL_PREFIX = '/api/sysConfig/logo/';

/** What leaves the server of a parameter row; a built-in row's name as seeded is in the reader's language. */
export function toConfigDto(row: SysConfigTable, time: TimeFormatter, locale: Locale) {
  return {
    id: row.id,
    name: seedText('config', row.name, locale),
    code: row.code,
    value: row.value,
    sysFlag: row.sys_flag,
    groupCode: row.group_code,
    orderNo: row.order_no,
    remark: seedText('configRemark', row.remark, locale),
    createTime: time(row.created_at),
    updateTime: time(row.updated_at),
    createUserId: row.created_by,
    updateUserId: row.updated_by,
  };
}

/** Parameters, branding and the public system info. */
export function createConfigService(kernel: Kernel) {
  const { ids, settings, tenants, files, logs } = kernel;
  // parameters and tenants' branding are platform rows (no tenant scope applies)
  // parameters and branding are platform rows, which the caller's tenant database leaves as they are
  const tdb = kernel.tenantDb;
  // a minute at most: a row changed in the database behind the server's back shows within it
  const pages = new LRUCache<string, PreparedJson<PageOutput>>({ max: 200, ttl: 60_000 });

  async function assertCodeFree(ctx: UserContext, code: string, exceptId?: number) {
    const other = await repo.byCode(tdb(ctx), code);
    if (other && other.id !== exceptId) throw new AppError('duplicateCode', { value: code });
  }

  return {
    /**
     * A page of parameters. The table is small and read far more often than written: each answer is kept checked
     * and serialised per query and time zone under the parameters' version, so any write (on any node) drops it.
     */
    async page(ctx: UserContext, input: InputOf<typeof sysConfig.page>, time: TimeFormatter) {
      const { timeZone, locale } = ctx;
      const key = `${await settings.version()}|${timeZone}|${locale}|${JSON.stringify(input)}`;
      const kept = pages.get(key);
      if (kept) return kept;
      const page = await repo.page(tdb(ctx), input);
      const json = PreparedJson.of(sysConfig.page.output, {
        ...page,
        items: page.items.map((r) => toConfigDto(r, time, locale)),
      });
      pages.set(key, json);
      return json;
    },

    list: async (ctx: UserContext, input: InputOf<typeof sysConfig.list>, time: TimeFormatter) =>
      (await repo.list(tdb(ctx), input)).map((r) => toConfigDto(r, time, ctx.locale)),

    async detail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) throw notFound();
      return toConfigDto(row, time, ctx.locale);
    },

    async add(input: InputOf<typeof sysConfig.add>, ctx: UserContext) {
      await assertCodeFree(ctx, input.code);
      const id = ids.next();
      await repo.insert(tdb(ctx), {
        id,
        name: input.name,
        code: input.code,
        value: input.value ?? null,
        sys_flag: YesNo.no,
        group_code: input.groupCode ?? null,
        order_no: input.orderNo,
        remark: input.remark ?? null,
        created_at: Date.now(),
        created_by: ctx.userId,
        updated_at: null,
        updated_by: null,
      });
      await settings.invalidate();
      return id;
    },

    async update(input: InputOf<typeof sysConfig.update>, ctx: UserContext) {
      const row = await repo.byId(tdb(ctx), input.id);
      if (!row) throw notFound();
      // the server reads built-in rows by code: renaming one would silently switch a setting off
      if (row.sys_flag === YesNo.yes && row.code !== input.code) throw new AppError('sysFlagProtected');
      await assertCodeFree(ctx, input.code, input.id);
      const changes = {
        name: keepSeedText('config', row.name, input.name),
        code: input.code,
        value: input.value ?? null,
        group_code: input.groupCode ?? null,
        order_no: input.orderNo,
        remark: keepSeedText('configRemark', row.remark, input.remark ?? null),
        updated_at: Date.now(),
        updated_by: ctx.userId,
      };
      const before = await repo.update(tdb(ctx), input.id, changes);
      if (!before) throw notFound();
      logs.diff(ctx, { table: 'sys_config', id: input.id, op: 'update', before, after: { ...before, ...changes } });
      await settings.invalidate();
    },

    async remove(id: number, ctx: UserContext) {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) throw notFound();
      if (row.sys_flag === YesNo.yes) throw new AppError('sysFlagProtected');
      const removed = await repo.removeEditable(tdb(ctx), [id]);
      for (const before of removed) logs.diff(ctx, { table: 'sys_config', id: before.id, op: 'delete', before });
      await settings.invalidate();
    },

    async batchDelete(idList: number[], ctx: UserContext) {
      const unique = [...new Set(idList)];
      const removed = await repo.removeEditable(tdb(ctx), unique);
      for (const before of removed) logs.diff(ctx, { table: 'sys_config', id: before.id, op: 'delete', before });
      await settings.invalidate();
      return { deleted: removed.length, skipped: unique.length - removed.length };
    },

    async batchUpdate(items: InputOf<typeof sysConfig.batchUpdate>, ctx: UserContext) {
      const now = Date.now();
      const changed = await repo.setValues(tdb(ctx), items, { updated_at: now, updated_by: ctx.userId });
      for (const c of changed) logs.diff(ctx, { table: 'sys_config', id: c.before.id, op: 'update', ...c });
      await settings.invalidate();
      return { updated: changed.length };
    },

    groups: (ctx: UserContext) => repo.groups(tdb(ctx)),

    /** Branding of the caller's tenant (by token, else host, else default) and the login switches. */
    async sysInfo(ctx: RequestContext) {
      const tenant = await tenants.get(ctx.tenantId);
      // the sign-in page offers one scheme, the tenant's own, and only while registration is open: the others
      // (their names and ids) are nobody's business before signing in
      const offered = tenant?.enable_reg === YesNo.yes ? tenant.reg_way_id : null;
      const ways = offered === null ? [] : await sysInfoRepo.offeredWays(kernel.tenantDb(ctx), offered);
      const on = (b: boolean) => (b ? YesNo.yes : YesNo.no);
      return {
        logo: tenant?.logo ?? '',
        title: tenant?.title ?? 'Shelfwise',
        viceTitle: seedText('signIn', tenant?.vice_title, ctx.locale) ?? '',
        viceDesc: seedText('signIn', tenant?.vice_desc, ctx.locale) ?? '',
        icp: tenant?.icp ?? '',
        icpUrl: tenant?.icp_url ?? '',
        watermark: tenant?.watermark ?? '',
        copyright: tenant?.copyright ?? '',
        secondVer: on(await settings.bool('sys_second_ver', false)),
        captcha: on(await settings.bool('sys_captcha', true)),
        enableReg: tenant?.enable_reg === YesNo.yes ? YesNo.yes : YesNo.no,
        hideTenantForLogin: await settings.bool('sys_hide_tenant_login', false),
        regWayId: tenant?.reg_way_id ?? null,
        wayList: ways.map((w) => ({ label: seedText('regWay', w.name, ctx.locale), value: w.id })),
      };
    },

    /** Saves the caller's tenant branding; a logo data URI is checked by content and stored as a file. */
    async saveSysInfo(input: InputOf<typeof sysConfig.saveSysInfo>, ctx: UserContext) {
      const tenant = await tenants.get(ctx.tenantId);
      if (!tenant) throw notFound();
      let logo = tenant.logo;
      let stored: Awaited<ReturnType<typeof storeLogo>> | null = null;
      if (input.logo !== undefined && input.logo !== tenant.logo) {
        stored = input.logo === '' ? null : await storeLogo(input.logo);
        logo = stored?.url ?? null;
      }
      await repo.saveBranding(tdb(ctx), ctx.tenantId, {
        logo,
        title: input.title,
        vice_title: input.viceTitle,
        vice_desc: input.viceDesc,
        icp: input.icp,
        icp_url: input.icpUrl,
        watermark: input.watermark,
        copyright: input.copyright,
        updated_at: Date.now(),
        updated_by: ctx.userId,
      });
      if (logo !== tenant.logo) await registerLogo(ctx, tenant.logo, stored);
      await tenants.invalidate(ctx.tenantId);
    },

    openLogo: (file: string) => files.open(`logo/${file}`),
  };

  /** The file register follows the tenant's logo: the old one released, the new one recorded (platform/file). */
  async function registerLogo(
    ctx: UserContext,
    before: string | null,
    stored: Awaited<ReturnType<typeof storeLogo>> | null,
  ) {
    if (before?.startsWith(LOGO_URL_PREFIX)) {
      await fileRegister.release(tdb(ctx), `logo/${before.slice(LOGO_URL_PREFIX.length)}`);
    }
    if (!stored) return;
    await fileRegister.record(tdb(ctx), {
      id: ids.next(),
      key: stored.key,
      name: `logo.${stored.type}`,
      contentType: imageContentType(stored.type),
      data: stored.bytes,
      bizType: 'tenantLogo',
      bizId: ctx.tenantId,
      userId: ctx.userId,
    });
  }

  async function storeLogo(dataUri: string) {
    const m = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUri);
    if (!m?.[1]) throw new AppError('imageInvalid');
    const bytes = Buffer.from(m[1], 'base64');
    if (bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES) throw new AppError('imageInvalid');
    const type = detectImageType(bytes);
    if (!type) throw new AppError('imageInvalid');
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${type}`;
    await files.put(`logo/${name}`, bytes);
    return { url: `${LOGO_URL_PREFIX}${name}`, key: `logo/${name}`, bytes, type };
  }
}
