/**
 * Where the shell keeps things (docs/web-shell.md#fixed-values): the token under the key `token`, token, user info and constants in
 * cookies; other settings in local and session storage under a key prefix.
 */
export const STORAGE_PREFIX = 'shelfwise:';

const COOKIE_DAYS = 7;

/** Reads a cookie. */
export function getCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** Writes a cookie for this site (SameSite=Strict; Secure on https). */
export function setCookie(name: string, value: string, days = COOKIE_DAYS): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${days * 86400}; SameSite=Strict${secure}`;
}

/** Removes a cookie. */
export function removeCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
}

function jsonStore(storage: () => Storage) {
  return {
    get<T>(key: string): T | undefined {
      const raw = storage().getItem(STORAGE_PREFIX + key);
      if (raw === null) return undefined;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return undefined;
      }
    },
    set(key: string, value: unknown): void {
      storage().setItem(STORAGE_PREFIX + key, JSON.stringify(value));
    },
    remove(key: string): void {
      storage().removeItem(STORAGE_PREFIX + key);
    },
    /** Removes every key of this app (other sites' keys on the same origin stay). */
    clear(): void {
      for (const k of Object.keys(storage())) if (k.startsWith(STORAGE_PREFIX)) storage().removeItem(k);
    },
  };
}

/** JSON in local storage under the prefix. */
export const local = jsonStore(() => localStorage);

/** JSON in session storage under the prefix. */
export const session = jsonStore(() => sessionStorage);
