import type { Endpoint } from '@shelfwise/contract';
import { z } from 'zod';

const SECRET_KEY = /pass(word)?|pwd|secret/i;

/** Trims every string, deeply, except secrets (a password may really start or end with a space). */
export function trimStrings(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return SECRET_KEY.test(key) ? value : value.trim();
  if (Array.isArray(value)) return value.map((v) => trimStrings(v, key));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = trimStrings(v, k);
    return out;
  }
  return value;
}

/** Top-level keys of an endpoint's input object (unwrapping optional), for case-insensitive query names. */
export function inputKeys(endpoint: Endpoint): Map<string, string> {
  let schema: z.ZodType = endpoint.input;
  while (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    schema = (schema as z.ZodOptional<z.ZodType>).unwrap();
  }
  const keys = new Map<string, string>();
  if (schema instanceof z.ZodObject) for (const k of Object.keys(schema.shape)) keys.set(k.toLowerCase(), k);
  return keys;
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
