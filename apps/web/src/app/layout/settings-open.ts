import { create } from 'zustand';

/** Whether the settings drawer is open (the gear of the top bar opens it). */
export const useSettingsDrawer = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
