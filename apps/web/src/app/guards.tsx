import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { useMenuTree, useUserInfo } from '../features/auth/session.api';
import { tokens } from '../lib/auth/tokens';

/**
 * Non-public routes: without a token, go to /login with the wanted path and query in `redirect` and clear
 * stored sign-in data; with one, load the user and the menu tree first, then show the same path again.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const hasToken = !!tokens.access();
  const user = useUserInfo(hasToken);
  const menus = useMenuTree(hasToken);
  if (!hasToken) {
    tokens.clear();
    const wanted = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  if (user.isPending || menus.isPending) return <PageLoading />;
  if (user.isError || menus.isError) return <PageLoading failed />;
  return <>{children}</>;
}

/** A signed-in user who opens /login goes to the home page (or to where the redirect points). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!tokens.access()) return <>{children}</>;
  return <Navigate to={safeRedirect(new URLSearchParams(location.search).get('redirect'))} replace />;
}

/** Only paths inside this app (no scheme, no `//host`) may be redirect targets. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) {
    return '/dashboard/home';
  }
  return target;
}
