import { z } from 'zod';
import { auditFields, idArrayBody, idBody, idQuery, pageInputWith, pageOf, zId, zOptText, zStatus } from '../common';
import { service } from '../endpoint';
import { LOCALES } from '../i18n';

/** The largest template text, in bytes of UTF-8 (the server's engine refuses bigger ones too). */
export const TEMPLATE_CONTENT_MAX_BYTES = 100 * 1024;
/** The largest sample data, in bytes of its JSON text. */
export const TEMPLATE_DATA_MAX_BYTES = 64 * 1024;

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** A template text: at most 100 KB of UTF-8. */
const zContent = z.string().refine((s) => utf8Bytes(s) <= TEMPLATE_CONTENT_MAX_BYTES, { error: 'template_too_large' });

/** Sample data as the API takes it: a JSON object of at most 64 KB. */
export const zTemplateData = z
  .record(z.string(), z.unknown())
  .refine((v) => utf8Bytes(JSON.stringify(v)) <= TEMPLATE_DATA_MAX_BYTES, { error: 'template_data_too_large' });

/** Sample data as a template stores it: the JSON text of an object (empty: none). */
const zSampleDataText = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || utf8Bytes(v) <= TEMPLATE_DATA_MAX_BYTES, { error: 'template_data_too_large' })
  .refine((v) => v === null || isJsonObject(v), { error: 'template_data_invalid' });

function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** A named text template of a tenant, with its text in each language. */
export const templateEntity = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  groupName: z.string().nullable(),
  content: z.string(),
  contentZhCn: z.string().nullable(),
  contentZhTw: z.string().nullable(),
  sampleData: z.string().nullable(),
  orderNo: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});

export const templateFields = {
  code: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9][\w.-]*$/, { error: 'invalid_code' }),
  name: z.string().min(1).max(128),
  groupName: zOptText(32),
  /** The English text (required; the other languages fall back to it). */
  content: zContent.pipe(z.string().min(1)),
  contentZhCn: zContent.nullish().transform((v) => v || null),
  contentZhTw: zContent.nullish().transform((v) => v || null),
  /** The sample data (JSON object text) the placeholders are checked against and previews start from. */
  sampleData: zSampleDataText,
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  status: zStatus.default(1),
  remark: zOptText(256),
};

/** Filters of the template list (Admin.NET's `PageTemplateInput`: name, code, group). */
export const templateFilters = pageInputWith(['code', 'name', 'groupName', 'orderNo', 'createTime']).extend({
  code: z.string().max(128).optional(),
  name: z.string().max(128).optional(),
  groupName: z.string().max(32).optional(),
  status: zStatus.optional(),
});

/** Templates (`sysTemplate`): action names and verbs as Admin.NET's `SysTemplateService` has them. */
export const sysTemplate = service('sysTemplate', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysTemplate:page',
    input: templateFilters,
    output: pageOf(templateEntity),
    summary: 'Page of templates (keyword matches code, name and group), by order then age',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'sysTemplate:list',
    input: z.object({}),
    output: z.array(templateEntity),
    summary: 'Every template of the tenant (pickers)',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'sysTemplate:detail',
    input: idQuery,
    output: templateEntity,
    summary: 'One template',
  },
  groupList: {
    action: 'groupList',
    method: 'GET',
    permission: 'sysTemplate:groupList',
    input: z.object({}),
    output: z.array(z.string()),
    summary: 'The distinct groups of the tenant’s templates',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysTemplate:add',
    input: z.object(templateFields),
    output: z.number(),
    summary:
      'Add a template (code unique in the tenant; every placeholder must be known to the sample data, unknown ones are named in a 400)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysTemplate:update',
    input: z.object({ id: zId, ...templateFields }),
    output: z.null(),
    summary: 'Update a template (same checks as add)',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysTemplate:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a template',
  },
  batchDelete: {
    action: 'batchDelete',
    method: 'POST',
    permission: 'sysTemplate:batchDelete',
    input: idArrayBody,
    output: z.object({ deleted: z.number(), skipped: z.number() }),
    summary: 'Delete several templates; unknown ids are skipped',
  },
  proView: {
    action: 'proView',
    method: 'POST',
    permission: 'sysTemplate:preview',
    input: z.object({ id: zId, data: zTemplateData, lang: z.enum(LOCALES).optional() }),
    output: z.string(),
    summary:
      "Render a saved template with the given data (Admin.NET's name), in `lang` or the caller's language (English when that text is empty)",
  },
  render: {
    action: 'render',
    method: 'POST',
    permission: 'sysTemplate:preview',
    input: z.object({ content: zContent.pipe(z.string().min(1)), data: zTemplateData }),
    output: z.string(),
    summary: 'Render a template text with the given data (previews of unsaved text); values are HTML-escaped',
  },
});
