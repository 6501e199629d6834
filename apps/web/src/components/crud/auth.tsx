import type { PermissionCode } from '@shelfwise/contract/routes';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useUserInfo } from '../../lib/auth/user-info';

/**
 * A permission check: one code, any of a set, or all of a set (docs/tenancy-and-permissions.md#permission-codes).
 * Codes are those the contract's endpoints declare, so a misspelt one does not type-check.
 */
export type AuthCheck = PermissionCode | { any: readonly PermissionCode[] } | { all: readonly PermissionCode[] };

function holds(buttons: readonly string[], check: AuthCheck): boolean {
  if (typeof check === 'string') return buttons.includes(check);
  if ('any' in check) return check.any.some((c) => buttons.includes(c));
  return check.all.every((c) => buttons.includes(c));
}

/** `can(code)`: whether the signed-in user holds a button permission (or a set of them). */
export function useCan(): (check: AuthCheck) => boolean {
  const { data } = useUserInfo();
  const buttons = data?.buttons;
  return useCallback((check: AuthCheck) => holds(buttons ?? [], check), [buttons]);
}

/** Renders its children only when the user holds `code` (or any / all of a set); otherwise nothing. */
export function Auth({ code, children }: { code: AuthCheck; children: ReactNode }) {
  const can = useCan();
  return can(code) ? children : null;
}
