/** What a masked secret reads as. */
export const MASK = '***';

/**
 * Keys whose values are secrets (compared without case, `_` and `-`): passwords, secrets, tokens, keys,
 * verification codes, signatures, identity card numbers.
 */
const SECRET_KEY =
  /password|passwd|^pass$|pwd|secret|token|captcha|signature|^sign$|idcard|credential|privatekey|accesskey|apikey|smscode|authorization|cookie/;

/** A `code` is a secret next to a `codeId` (a captcha answer); elsewhere it names a record. */
const isSecretKey = (key: string, siblings: Record<string, unknown>) => {
  const k = key.toLowerCase().replace(/[_-]/g, '');
  return SECRET_KEY.test(k) || (k === 'code' && ('codeId' in siblings || 'code_id' in siblings));
};

/** Limits of what a log keeps of a value. */
export interface MaskLimits {
  /** Longer strings are cut (a logo data URI is not worth keeping). */
  maxString: number;
  /** Longer arrays keep their first items and a count. */
  maxItems: number;
  /** Deeper values are replaced by a marker. */
  maxDepth: number;
}

const DEFAULT_LIMITS: MaskLimits = { maxString: 512, maxItems: 50, maxDepth: 6 };

/** A copy of a value with secrets replaced by `***` and long strings, arrays and deep nesting cut. */
export function maskValue(value: unknown, limits: MaskLimits = DEFAULT_LIMITS, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > limits.maxString ? `${value.slice(0, limits.maxString)}…(${value.length} chars)` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= limits.maxDepth) return '…';
  if (Array.isArray(value)) {
    const head = value.slice(0, limits.maxItems).map((v) => maskValue(v, limits, depth + 1));
    return value.length > limits.maxItems ? [...head, `…(${value.length} items)`] : head;
  }
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(source)) {
    out[key] =
      isSecretKey(key, source) && v !== null && v !== undefined && v !== '' ? MASK : maskValue(v, limits, depth + 1);
  }
  return out;
}

/**
 * The masked value as JSON of at most `maxChars` characters (cut with a marker past that); `null` when there
 * is nothing to keep.
 */
export function maskedJson(value: unknown, maxChars = 4096): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(maskValue(value));
  if (text === undefined) return null;
  return cut(text, maxChars);
}

/** The text cut to at most `maxChars` characters, with a marker saying how long it was. */
export function cut(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const marker = `…(truncated, ${text.length} chars)`;
  return text.slice(0, Math.max(0, maxChars - marker.length)) + marker;
}
