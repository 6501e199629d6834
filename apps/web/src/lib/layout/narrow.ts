import { useSyncExternalStore } from 'react';
import { create } from 'zustand';

/** Screens narrower than this are phones and handheld scanners: the side menu becomes a drawer. */
export const NARROW_MAX_WIDTH = 767;
const QUERY = `(max-width: ${NARROW_MAX_WIDTH}px)`;

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const narrowNow = () => typeof window !== 'undefined' && !!window.matchMedia?.(QUERY).matches;

/** Whether the window is phone-sized (follows rotation and resizing). */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, narrowNow, () => false);
}

/** Whether the menu drawer of a phone-sized window is open. */
export const useMobileMenu = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
