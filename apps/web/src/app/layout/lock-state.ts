import { useEffect } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_PREFIX } from '../../lib/auth/storage';
import { useTheme } from '../../lib/theme/theme-store';

/** Whether the screen is locked; kept for the browser session so a reload stays locked. */
export const useLock = create<{ locked: boolean; setLocked: (v: boolean) => void }>()(
  persist((set) => ({ locked: false, setLocked: (locked) => set({ locked }) }), {
    name: `${STORAGE_PREFIX}lock`,
    storage: createJSONStorage(() => sessionStorage),
  }),
);

/** Locks after `lockScreenTime` seconds without input when the lock screen is switched on (default 300 s). */
export function useIdleLock() {
  const { isLockScreen, lockScreenTime } = useTheme();
  const setLocked = useLock((s) => s.setLocked);
  useEffect(() => {
    if (!isLockScreen) return;
    let timer = setTimeout(() => setLocked(true), lockScreenTime * 1000);
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setLocked(true), lockScreenTime * 1000);
    };
    const events = ['mousemove', 'keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, reset, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, reset);
    };
  }, [isLockScreen, lockScreenTime, setLocked]);
}
