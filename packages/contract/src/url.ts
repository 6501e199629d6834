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

function isPrivateV4(host: string): boolean {
  return PRIVATE_V4.some((re) => re.test(host));
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (compressed hex), or null. */
function v6Groups(host: string): number[] | null {
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array(fill).fill('0'), ...tail];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

function isPrivateV6(host: string): boolean {
  const g = v6Groups(host);
  if (!g) return true; // not understood: refuse rather than guess
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embedded = `${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && (g5 === 0 || g5 === 0xffff)) {
    // ::, ::1, IPv4-compatible ::a.b.c.d and IPv4-mapped ::ffff:a.b.c.d: judged by the IPv4 address inside
    return g5 === 0 && g6 === 0 ? true : isPrivateV4(embedded);
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPrivateV4(embedded);
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  return false;
}

/**
 * The spec's URL check (§5): http, https or ftp, or protocol-relative (`//host/path`); hosts that are
 * loopback or private addresses (IPv4, IPv6 and IPv4 inside IPv6) and `localhost` are refused.
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
  const raw = url.hostname.toLowerCase();
  if (raw.startsWith('[')) return !isPrivateV6(raw.slice(1, -1));
  const host = raw.replace(/\.$/, '');
  if (!host || host === 'localhost' || host.endsWith('.localhost')) return false;
  return !isPrivateV4(host);
}

/** An optional public link (empty string allowed to clear it). */
export const zSafeUrl = z
  .string()
  .max(512)
  .refine((v) => v === '' || isSafeUrl(v), { error: 'invalid_url' });
