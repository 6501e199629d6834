import { type Endpoint, PAGE_SIZE_MAX, zId } from '@shelfwise/contract';
import { z } from 'zod';
import { AppError } from '../errors/app-error';

const SECRET_KEY = /pass(word)?|pwd|secret/i;

/** The deepest value `trimStrings` walks; JSON bodies are refused deeper than this long before (json-body.ts). */
const TRIM_MAX_DEPTH = 64;

/**
 * Trims every string, deeply, except secrets (a password may really start or end with a space). The walk is
 * bounded: a value nested deeper than any input may be is refused (`jsonTooComplex`), never a stack overflow.
 */
export function trimStrings(value: unknown, key = '', depth = 0): unknown {
  if (typeof value === 'string') return SECRET_KEY.test(key) ? value : value.trim();
  if (!value || typeof value !== 'object') return value;
  if (depth >= TRIM_MAX_DEPTH) throw new AppError('jsonTooComplex');
  if (Array.isArray(value)) return value.map((v) => trimStrings(v, key, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = trimStrings(v, k, depth + 1);
  return out;
}

/** The object schema of an endpoint's input (unwrapping optional and default), if it is one. */
function inputObject(endpoint: Endpoint): z.ZodObject | undefined {
  let schema: z.ZodType = endpoint.input;
  while (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    schema = (schema as z.ZodOptional<z.ZodType>).unwrap();
  }
  return schema instanceof z.ZodObject ? schema : undefined;
}

/** Top-level keys of an endpoint's input object (unwrapping optional), for case-insensitive query names. */
export function inputKeys(endpoint: Endpoint): Map<string, string> {
  const keys = new Map<string, string>();
  const schema = inputObject(endpoint);
  if (schema) for (const k of Object.keys(schema.shape)) keys.set(k.toLowerCase(), k);
  return keys;
}

/**
 * The key of a read that takes exactly one id (`detail?id=`, `ownRoleList?userId=`): such a read also takes the
 * id as a last path segment (`detail/{id}`), the way Admin.NET's clients send it. Undefined for any other endpoint.
 */
export function singleIdKey(endpoint: Endpoint): string | undefined {
  if (endpoint.method !== 'GET' || endpoint.path.includes('{')) return undefined;
  const shape = inputObject(endpoint)?.shape;
  if (!shape) return undefined;
  const keys = Object.keys(shape);
  return keys.length === 1 && shape[keys[0] as string] === zId ? keys[0] : undefined;
}

/** A read of a whole list or tree (`list`, `tree`): Admin.NET's clients POST some of them with a JSON body. */
export function isListRead(endpoint: Endpoint): boolean {
  return endpoint.method === 'GET' && (endpoint.action === 'list' || endpoint.action === 'tree');
}

/**
 * The scope of an export body that names none, as Admin.NET's clients ask: the selected rows as `selectKeyList`,
 * and all rows as one page larger than any page (`page: 1, pageSize: 99999999`). Such a page size means all rows
 * (streamed); any other body is left as it is, for the schema to judge.
 */
export function exportScopeOf(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const body = raw as Record<string, unknown>;
  if (body.scope !== undefined) return raw;
  const { selectKeyList, ...rest } = body;
  if (Array.isArray(selectKeyList) && selectKeyList.length > 0)
    return { ...rest, scope: 'selected', ids: selectKeyList };
  const size = typeof rest.pageSize === 'string' && rest.pageSize.trim() !== '' ? Number(rest.pageSize) : rest.pageSize;
  if (typeof size === 'number' && Number.isInteger(size) && size > PAGE_SIZE_MAX) {
    const { page: _page, pageSize: _size, ...filters } = rest;
    return { ...filters, scope: 'all' };
  }
  return raw;
}

/**
 * Query parameters renamed to the schema's spelling (`Id` and `id` both work); unknown names pass as they are. Path
 * parameters, when given, are added after them (a path parameter wins over a query parameter of the same name).
 */
export function normalizeQuery(
  query: Record<string, unknown>,
  keys: Map<string, string>,
  params?: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in query) out[keys.get(k.toLowerCase()) ?? k] = query[k];
  if (params) for (const k in params) out[keys.get(k.toLowerCase()) ?? k] = params[k];
  return out;
}

/**
 * Structured-syntax JSON media types (`application/problem+json`, `application/json-patch+json`, ...): read as JSON
 * like `application/json`. Admin.NET's generated clients send every body as `application/json-patch+json`.
 */
export const JSON_SUFFIX_MEDIA_TYPE = /^application\/[\w.!#$&^-]+\+json(?:\s*;|$)/i;
