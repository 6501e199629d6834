/**
 * The device-side storage of the scanning workbench: a tiny key-value interface with an IndexedDB implementation
 * (no library) and an in-memory one for tests. Tables: `queue` (scans not yet accepted by the server),
 * `problems` (scans the server rejected) and `cache` (sub-tasks, locations and their lines for offline work).
 */

/** The tables of the store. */
export type ScanTable = 'queue' | 'problems' | 'cache';

const TABLES: readonly ScanTable[] = ['queue', 'problems', 'cache'];

/** What the queue and the page need from storage; every write resolves once it is durable. */
export interface ScanStore {
  get<T>(table: ScanTable, key: string): Promise<T | undefined>;
  put(table: ScanTable, key: string, value: unknown): Promise<void>;
  delete(table: ScanTable, keys: readonly string[]): Promise<void>;
  all<T>(table: ScanTable): Promise<T[]>;
}

/** A store in memory (tests, and the fallback when IndexedDB cannot be opened, e.g. private mode of old browsers). */
export function memoryScanStore(): ScanStore & { tables: Map<ScanTable, Map<string, unknown>> } {
  const tables = new Map<ScanTable, Map<string, unknown>>(TABLES.map((t) => [t, new Map()]));
  const table = (t: ScanTable) => tables.get(t) as Map<string, unknown>;
  // values are copied in and out like IndexedDB's structured clone, so callers never share objects with the store
  const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
  return {
    tables,
    get: async <T>(t: ScanTable, key: string) => clone(table(t).get(key) as T | undefined),
    put: async (t, key, value) => {
      table(t).set(key, clone(value));
    },
    delete: async (t, keys) => {
      for (const k of keys) table(t).delete(k);
    },
    all: async <T>(t: ScanTable) => [...table(t).values()].map((v) => clone(v) as T),
  };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error);
  });
}

/**
 * Opens (creating when needed) the IndexedDB database `name`. One database per tenant and user keeps a shared
 * handheld from uploading one counter's scans under another's sign-in.
 */
export async function openIdbScanStore(name: string): Promise<ScanStore> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    for (const t of TABLES) if (!open.result.objectStoreNames.contains(t)) open.result.createObjectStore(t);
  };
  const db = await request(open);
  return {
    async get<T>(t: ScanTable, key: string) {
      const tx = db.transaction(t, 'readonly');
      return (await request(tx.objectStore(t).get(key))) as T | undefined;
    },
    async put(t, key, value) {
      const tx = db.transaction(t, 'readwrite');
      tx.objectStore(t).put(value, key);
      await done(tx);
    },
    async delete(t, keys) {
      if (keys.length === 0) return;
      const tx = db.transaction(t, 'readwrite');
      for (const k of keys) tx.objectStore(t).delete(k);
      await done(tx);
    },
    async all<T>(t: ScanTable) {
      const tx = db.transaction(t, 'readonly');
      return (await request(tx.objectStore(t).getAll())) as T[];
    },
  };
}
