import { z } from 'zod';

const PRIVATE_V4 = [
  /^10\./,
  /^127\./,
  /^0\./,
  /^169\.254\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];

/**
 * The spec's URL check (§5): http, https or ftp, or protocol-relative (`//host/path`); hosts that are
 * loopback or private addresses (and `localhost`) are refused.
 */
export function isSafeUrl(value: string): boolean {
  const text = value.trim();
  if (!/^(https?:|ftp:)?\/\//i.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text.startsWith('//') ? `http:${text}` : text);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (!host || host === 'localhost' || host.endsWith('.localhost')) return false;
  if (PRIVATE_V4.some((re) => re.test(host))) return false;
  if (host === '::1' || host === '::' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe80:/.test(host)) return false;
  if (host.startsWith('::ffff:')) return isSafeUrl(`//${host.slice(7)}`);
  return true;
}

/** An optional public link (empty string allowed to clear it). */
export const zSafeUrl = z
  .string()
  .max(512)
  .refine((v) => v === '' || isSafeUrl(v), { error: 'invalid_url' });
