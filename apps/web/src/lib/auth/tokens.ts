import { clearOfflineData } from '../offline/service-worker';
import { getCookie, removeCookie, session, setCookie } from './storage';

const ACCESS = 'token';
const REFRESH = 'refreshToken';

/** The stored token pair (cookies `token` and `refreshToken`). */
export const tokens = {
  access: () => getCookie(ACCESS),
  refresh: () => getCookie(REFRESH),
  save(access: string, refresh?: string) {
    setCookie(ACCESS, access);
    if (refresh) setCookie(REFRESH, refresh);
  },
  /** Clears every piece of stored sign-in data (spec: on 401 and on redirect to /login). */
  clear() {
    removeCookie(ACCESS);
    removeCookie(REFRESH);
    removeCookie('userInfo');
    removeCookie('constList');
    session.clear();
    clearOfflineData();
  },
};

/** Seconds since epoch at which a JWT expires (read without verifying: the server decides). */
export function expiresAt(jwt: string | undefined): number {
  if (!jwt) return 0;
  try {
    const part = jwt.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: number }).exp;
    return typeof exp === 'number' ? exp : 0;
  } catch {
    return 0;
  }
}
