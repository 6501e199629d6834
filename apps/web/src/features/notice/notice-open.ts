import { create } from 'zustand';

/** A notice or message the notice centre should open when it shows (set by the bell). */
export interface OpenTarget {
  kind: 'notice' | 'message';
  id: number;
}

/**
 * The item to open next in the notice centre. A store rather than the address: the centre's tab is keyed by its
 * path and query, so a query would open a second tab.
 */
export const useOpenTarget = create<{ target: OpenTarget | null }>(() => ({ target: null }));
