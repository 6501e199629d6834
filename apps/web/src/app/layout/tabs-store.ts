import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_PREFIX } from '../../lib/auth/storage';

/** One open tab: the full location it shows and the page's title. */
export interface Tab {
  /** pathname + search: the tab's identity */
  key: string;
  pathname: string;
  title: string;
  icon: string;
  affix: boolean;
  /** bumped to remount the page ("refresh") */
  version: number;
}

interface TabsState {
  tabs: Tab[];
  open(tab: Omit<Tab, 'version'>): void;
  close(key: string): string | undefined;
  closeOthers(key: string): void;
  closeAll(): void;
  refresh(key: string): void;
  /** Gives tabs new titles (the menu's titles in another language); `titleOf` answers undefined to keep one. */
  retitle(titleOf: (tab: Tab) => string | undefined): void;
}

/** Open tabs, kept for the browser session (spec: "other settings in session storage"). */
export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [],
      retitle(titleOf) {
        let changed = false;
        const tabs = get().tabs.map((t) => {
          const title = titleOf(t);
          if (!title || title === t.title) return t;
          changed = true;
          return { ...t, title };
        });
        if (changed) set({ tabs });
      },
      open(tab) {
        const existing = get().tabs.find((t) => t.key === tab.key);
        if (existing) {
          if (existing.title !== tab.title) {
            set({ tabs: get().tabs.map((t) => (t.key === tab.key ? { ...t, title: tab.title } : t)) });
          }
          return;
        }
        set({ tabs: [...get().tabs, { ...tab, version: 0 }] });
      },
      /** Closes a tab (affixed tabs stay) and says which tab to show instead. */
      close(key) {
        const tabs = get().tabs;
        const index = tabs.findIndex((t) => t.key === key);
        if (index < 0 || tabs[index]?.affix) return undefined;
        const next = tabs.filter((t) => t.key !== key);
        set({ tabs: next });
        return (next[index] ?? next[index - 1] ?? next[0])?.key;
      },
      closeOthers(key) {
        set({ tabs: get().tabs.filter((t) => t.key === key || t.affix) });
      },
      closeAll() {
        set({ tabs: get().tabs.filter((t) => t.affix) });
      },
      refresh(key) {
        set({ tabs: get().tabs.map((t) => (t.key === key ? { ...t, version: t.version + 1 } : t)) });
      },
    }),
    {
      name: `${STORAGE_PREFIX}tabs`,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ tabs: s.tabs }),
    },
  ),
);
