import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { scanTransport } from './scan.api';
import { type QueueEntry, type ScanOutcome, ScanQueue } from './scan-queue';
import { memoryScanStore, openIdbScanStore, type ScanStore } from './scan-store';
import { ScanSync, type SyncState } from './scan-sync';

/** Handlers the session calls when the server settles or refuses a queued entry. */
export interface SessionEvents {
  onSettled: (entry: QueueEntry, outcome: ScanOutcome | null) => void;
  onRejected: (entry: QueueEntry, errorCode: string | null, message: string | null) => void;
}

/** The device side of the workbench: store, queue and upload loop, opened once per signed-in user. */
export interface ScanSession {
  store: ScanStore;
  queue: ScanQueue;
  sync: ScanSync;
  /** IndexedDB could not be opened: scans live in memory only. */
  volatile: boolean;
}

function subscribeOnline(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

const useBrowserOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);

/**
 * Opens the session for `userKey` (tenant and user; null while unknown) and runs the upload loop: at once, when the
 * browser comes back online, when the tab becomes visible again, and on the loop's own back-off timer.
 */
export function useScanSession(userKey: string | null, events: SessionEvents) {
  const [session, setSession] = useState<ScanSession | null>(null);
  const [syncState, setSyncState] = useState<SyncState>({
    running: false,
    failures: 0,
    reachable: true,
    nextRetryAt: null,
  });
  const handlers = useRef(events);
  handlers.current = events;
  const browserOnline = useBrowserOnline();

  useEffect(() => {
    if (!userKey) return;
    let closed = false;
    let sync: ScanSync | undefined;
    void (async () => {
      let store: ScanStore;
      let volatile = false;
      try {
        store = await openIdbScanStore(`shelfwise-scan-${userKey}`);
      } catch {
        store = memoryScanStore();
        volatile = true;
      }
      const queue = await ScanQueue.open(store);
      if (closed) return;
      sync = new ScanSync({
        queue,
        transport: scanTransport,
        isOnline: () => navigator.onLine,
        onState: setSyncState,
        onSettled: (e, o) => handlers.current.onSettled(e, o),
        onRejected: (e, c, m) => handlers.current.onRejected(e, c, m),
      });
      setSession({ store, queue, sync, volatile });
      sync.kick();
    })();
    return () => {
      closed = true;
      sync?.stop();
      setSession(null);
    };
  }, [userKey]);

  useEffect(() => {
    if (!session) return;
    const kick = () => session.sync.kick();
    const visible = () => {
      if (document.visibilityState === 'visible') kick();
    };
    window.addEventListener('online', kick);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', kick);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [session]);

  // re-render on every queue change
  const subscribe = useCallback((cb: () => void) => session?.queue.subscribe(cb) ?? (() => {}), [session]);
  useSyncExternalStore(subscribe, () => session?.queue.snapshot() ?? -1);

  return { session, syncState, online: browserOnline && syncState.reachable };
}
