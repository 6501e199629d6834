import type { routes as api, RouteInput, RouteOutput } from '@shelfwise/contract/routes';
import type { ScanStore } from './scan-store';

/** One scan as the API takes it (`inventoryScan.sync` / `scan` / `undo` / `confirmEmpty`); ids always numbers here. */
export type ScanInput = Omit<RouteInput<typeof api.inventoryScan.sync>['scans'][number], 'subTaskId' | 'locationId'> & {
  subTaskId: number;
  locationId: number;
};
/** What the server did with one scan. */
export type ScanOutcome = RouteOutput<typeof api.inventoryScan.scan>;
/** A location context with its lines. */
export type ScanLocation = RouteOutput<typeof api.inventoryScan.location>;
/** One line of a location. */
export type ScanLine = ScanLocation['lines'][number];

/**
 * A queued action of the device. `op: 'scan'` carries a scan (its `id` is the scan's `clientId`); `op: 'confirm'`
 * is a "location done" taken offline, sent with `confirmLocation` once the scans before it are through.
 * `itemId` / `delta` are what the device resolved for its optimistic view (never sent).
 */
export interface QueueEntry {
  id: string;
  seq: number;
  op: 'scan' | 'confirm';
  input?: ScanInput;
  confirm?: { subTaskId: number; locationId: number };
  /** The line the device matched (null: unknown barcode, or not a line scan). */
  itemId: number | null;
  /** Units the scan adds to that line as far as the device knows (negative for an undo). */
  delta: number | null;
  /** Taken offline with a barcode none of the cached lines carries: the server decides. */
  toCheck: boolean;
  /** Upload attempts that failed without an answer (network, server error). */
  attempts: number;
  createdAt: string;
}

/** A scan the server refused, kept visible until the counter dismisses it. */
export interface ScanProblem {
  id: string;
  entry: QueueEntry;
  errorCode: string | null;
  message: string | null;
  at: string;
}

/** What a new entry needs; the queue adds the sequence number, attempts and time. */
export type NewEntry = Omit<QueueEntry, 'seq' | 'attempts' | 'createdAt'>;

/**
 * The durable queue of scans, in memory for reading and in the store for safety: `add` resolves only after the
 * entry is written, so a scan survives a closed tab or a flat battery before it was ever sent.
 */
export class ScanQueue {
  private entries = new Map<string, QueueEntry>();
  private problemList = new Map<string, ScanProblem>();
  private lastSeq = 0;
  private listeners = new Set<() => void>();
  private version = 0;

  private constructor(readonly store: ScanStore) {}

  /** Loads what an earlier session left in the store. */
  static async open(store: ScanStore): Promise<ScanQueue> {
    const q = new ScanQueue(store);
    for (const e of await store.all<QueueEntry>('queue')) {
      q.entries.set(e.id, e);
      q.lastSeq = Math.max(q.lastSeq, e.seq);
    }
    for (const p of await store.all<ScanProblem>('problems')) q.problemList.set(p.id, p);
    return q;
  }

  /** Entries waiting for the server, oldest first. */
  pending(): QueueEntry[] {
    return [...this.entries.values()].sort((a, b) => a.seq - b.seq);
  }

  /** Rejected scans, newest first. */
  problems(): ScanProblem[] {
    return [...this.problemList.values()].sort((a, b) => b.entry.seq - a.entry.seq);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Changes with every write (for `useSyncExternalStore`). */
  snapshot(): number {
    return this.version;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed() {
    this.version++;
    for (const l of this.listeners) l();
  }

  /** Writes a new entry to the store first, then shows it. */
  async add(entry: NewEntry, now = new Date()): Promise<QueueEntry> {
    // time-based so that sequence numbers keep growing across sessions of the same device
    this.lastSeq = Math.max(this.lastSeq + 1, now.getTime());
    const full: QueueEntry = { ...entry, seq: this.lastSeq, attempts: 0, createdAt: now.toISOString() };
    await this.store.put('queue', full.id, full);
    this.entries.set(full.id, full);
    this.changed();
    return full;
  }

  /** The server has the entries (applied, or already had them): they leave the queue. */
  async settle(ids: readonly string[]): Promise<void> {
    const present = ids.filter((id) => this.entries.has(id));
    if (present.length === 0) return;
    await this.store.delete('queue', present);
    for (const id of present) this.entries.delete(id);
    this.changed();
  }

  /** The server refused an entry: it moves to the problems, with the server's code and message. */
  async reject(id: string, errorCode: string | null, message: string | null, now = new Date()): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    const problem: ScanProblem = { id, entry, errorCode, message, at: now.toISOString() };
    await this.store.put('problems', id, problem);
    await this.store.delete('queue', [id]);
    this.entries.delete(id);
    this.problemList.set(id, problem);
    this.changed();
  }

  /** Counts a failed attempt on entries that got no answer. */
  async failed(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const e = this.entries.get(id);
      if (!e) continue;
      const next = { ...e, attempts: e.attempts + 1 };
      await this.store.put('queue', id, next);
      this.entries.set(id, next);
    }
    this.changed();
  }

  /** The counter has read a problem and clears it. */
  async dismiss(ids: readonly string[]): Promise<void> {
    await this.store.delete('problems', ids);
    for (const id of ids) this.problemList.delete(id);
    this.changed();
  }
}
