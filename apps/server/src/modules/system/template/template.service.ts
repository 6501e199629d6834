import { type InputOf, type Locale, Status, type sysTemplate } from '@shelfwise/contract';
import { audited, type TenantOf, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import { auditDto } from '../../../kernel/http/dto';
import type { Kernel } from '../../../kernel/http/kernel';
import { t } from '../../../kernel/i18n/translate';
import { compileTemplate, renderCompiled, TemplateError, unknownNames } from '../../../kernel/templates/engine';
import { templateRepo as repo, type TemplateRow } from './template.repo';

type Input<K extends keyof typeof sysTemplate> = InputOf<(typeof sysTemplate)[K]>;

function templateDto(row: TemplateRow, time: TimeFormatter) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    groupName: row.group_name,
    content: row.content,
    contentZhCn: row.content_zh_cn,
    contentZhTw: row.content_zh_tw,
    sampleData: row.sample_data,
    orderNo: row.order_no,
    status: row.status,
    remark: row.remark,
    ...auditDto(row, time),
  };
}

/** The text of a template in a language: the English one when that language has none. */
function contentIn(row: TemplateRow, locale: Locale): string {
  if (locale === 'zh-cn') return row.content_zh_cn || row.content;
  if (locale === 'zh-tw') return row.content_zh_tw || row.content;
  return row.content;
}

/** A refusal of the engine as a field error, in the caller's language. */
const engineError = (field: string, e: TemplateError, locale: Locale) =>
  new AppError('validation', { count: 1 }, { [field]: [t(e.code, locale, e.params)] });

const CONTENT_FIELDS = ['content', 'contentZhCn', 'contentZhTw'] as const;

/**
 * Checks each text of a template before it is saved: it parses, and each placeholder is a name the sample data has
 * (so a misspelt `{{ custmer }}` is caught when the template is written, not when a notice goes out empty). All
 * problems are reported at once, per field, in the caller's language.
 */
function checkTexts(input: Input<'add'>, locale: Locale) {
  const sample: unknown = input.sampleData ? JSON.parse(input.sampleData) : {};
  const errors: Record<string, string[]> = {};
  for (const field of CONTENT_FIELDS) {
    const text = input[field];
    if (!text) continue;
    try {
      const unknown = unknownNames(compileTemplate(text), sample);
      if (unknown.length) {
        const names = unknown
          .slice(0, 20)
          .map((n) => `{{ ${n} }}`)
          .join(', ');
        errors[field] = [t('template_unknown_names', locale, { names })];
      }
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      errors[field] = [t(e.code, locale, e.params)];
    }
  }
  const count = Object.keys(errors).length;
  if (count) throw new AppError('validation', { count }, errors);
}

/** Renders a text with data; a refusal of the engine is a 400 on `field`. */
function render(text: string, data: unknown, field: string, locale: Locale): string {
  try {
    return renderCompiled(compileTemplate(text), data);
  } catch (e) {
    if (e instanceof TemplateError) throw engineError(field, e, locale);
    throw e;
  }
}

/** Templates: named texts per tenant with placeholders, codes unique in the tenant, previews with sample data. */
export function createTemplateService(kernel: Kernel) {
  const tdb = kernel.tenantDb;
  const columns = (input: Input<'add'>) => ({
    code: input.code,
    name: input.name,
    group_name: input.groupName,
    content: input.content,
    content_zh_cn: input.contentZhCn,
    content_zh_tw: input.contentZhTw,
    sample_data: input.sampleData,
    order_no: input.orderNo,
    status: input.status,
    remark: input.remark,
  });

  return {
    async page(ctx: UserContext, input: Input<'page'>, time: TimeFormatter) {
      const page = await repo.page(tdb(ctx), input);
      return { ...page, items: page.items.map((r) => templateDto(r, time)) };
    },
    list: async (ctx: UserContext, time: TimeFormatter) => (await repo.list(tdb(ctx))).map((r) => templateDto(r, time)),
    async detail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) throw notFound();
      return templateDto(row, time);
    },
    groupList: (ctx: UserContext) => repo.groups(tdb(ctx)),
    async add(ctx: UserContext, input: Input<'add'>): Promise<number> {
      checkTexts(input, ctx.locale);
      if (await repo.codeTaken(tdb(ctx), input.code)) throw new AppError('duplicateCode', { value: input.code });
      const id = kernel.ids.next();
      await repo.insert(tdb(ctx), audited(ctx, id, columns(input), Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: Input<'update'>): Promise<void> {
      const before = await repo.byId(tdb(ctx), input.id);
      if (!before) throw notFound();
      checkTexts(input, ctx.locale);
      if (await repo.codeTaken(tdb(ctx), input.code, input.id)) {
        throw new AppError('duplicateCode', { value: input.code });
      }
      const changes = { ...columns(input), ...updatedBy(ctx, Date.now()) };
      await repo.update(tdb(ctx), input.id, changes);
      kernel.logs.diff(ctx, {
        table: 'sys_template',
        id: input.id,
        op: 'update',
        before,
        after: { ...before, ...changes },
      });
    },
    async delete(ctx: UserContext, id: number): Promise<void> {
      const row = await repo.byId(tdb(ctx), id);
      if (!row) throw notFound();
      await repo.remove(tdb(ctx), id);
      kernel.logs.diff(ctx, { table: 'sys_template', id, op: 'delete', before: row });
    },
    /** Deletes the given templates; ids the tenant does not have are skipped. */
    async batchDelete(ctx: UserContext, ids: number[]) {
      let deleted = 0;
      const unique = [...new Set(ids)];
      for (const id of unique) {
        const row = await repo.byId(tdb(ctx), id);
        if (!row) continue;
        await repo.remove(tdb(ctx), id);
        kernel.logs.diff(ctx, { table: 'sys_template', id, op: 'delete', before: row });
        deleted++;
      }
      return { deleted, skipped: unique.length - deleted };
    },
    /** A saved template rendered with the given data, in the language asked for (or the caller's). */
    async proView(ctx: UserContext, input: Input<'proView'>): Promise<string> {
      const row = await repo.byId(tdb(ctx), input.id);
      if (!row) throw notFound();
      return render(contentIn(row, input.lang ?? ctx.locale), input.data, 'content', ctx.locale);
    },
    /**
     * What other modules send (notices, e-mails): the tenant's enabled template of that code rendered with the data in
     * a language (English when that text is empty); undefined when there is no such template.
     */
    async renderByCode(ctx: TenantOf, code: string, data: unknown, locale: Locale): Promise<string | undefined> {
      const row = await repo.byCode(tdb(ctx), code);
      if (!row || row.status !== Status.enabled) return undefined;
      return render(contentIn(row, locale), data, 'content', locale);
    },
    /** A template text rendered with the given data (the page's preview of unsaved text). */
    render: (ctx: UserContext, input: Input<'render'>): string =>
      render(input.content, input.data, 'content', ctx.locale),
  };
}
