import { Button, type ButtonProps } from 'antd';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: click-guarded controls stay disabled for 500 ms after a click. */
export const CLICK_GUARD_MS = 500;

/** A disabled flag and a trigger: after `trigger()`, `guarded` is true for `ms` milliseconds. */
export function useClickGuard(ms = CLICK_GUARD_MS) {
  const [guarded, setGuarded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const trigger = useCallback(() => {
    setGuarded(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setGuarded(false), ms);
  }, [ms]);
  return { guarded, trigger };
}

/** An antd button that disables itself for `guardMs` after each click (docs/web-shell.md#the-chrome). */
export function GuardedButton({ guardMs, onClick, disabled, ...rest }: ButtonProps & { guardMs?: number }) {
  const { guarded, trigger } = useClickGuard(guardMs);
  const handle = (e: MouseEvent<HTMLElement>) => {
    if (guarded) return;
    trigger();
    (onClick as ((e: MouseEvent<HTMLElement>) => void) | undefined)?.(e);
  };
  return <Button {...rest} disabled={disabled || guarded} onClick={handle} />;
}
