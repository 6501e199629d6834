import { create } from 'zustand';

/** A notice as the bell lists it. */
export interface BellItem {
  id: number;
  title: string;
  time: string;
  /** Opens the item (e.g. in the notice centre). */
  onOpen?: () => void;
}

interface NotificationState {
  unread: number;
  items: BellItem[];
  markAllRead: () => void;
}

/**
 * What the bell shows. Empty until the notices feature installs its source (unread count, latest items,
 * mark-all-read) with `useNotifications.setState`.
 */
export const useNotifications = create<NotificationState>(() => ({ unread: 0, items: [], markAllRead: () => {} }));
