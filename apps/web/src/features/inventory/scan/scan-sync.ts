import type { QueueEntry, ScanInput, ScanOutcome, ScanQueue } from './scan-queue';

/** How the sync loop reaches the server (the API in the app, a fake in tests). */
export interface ScanTransport {
  sync(scans: ScanInput[]): Promise<ScanOutcome[]>;
  undo(scan: ScanInput): Promise<ScanOutcome>;
  confirmEmpty(scan: ScanInput): Promise<ScanOutcome>;
  confirmLocation(input: { subTaskId: number; locationId: number }): Promise<void>;
}

/** The state the header shows. */
export interface SyncState {
  /** An upload is under way. */
  running: boolean;
  /** Failed uploads in a row (drives the back-off). */
  failures: number;
  /** The last upload reached the server (false after a network failure until one succeeds). */
  reachable: boolean;
  /** When the next retry is planned (ms since epoch), if one is. */
  nextRetryAt: number | null;
}

/** Options of the loop; timers and clock are injectable for tests. */
export interface ScanSyncOptions {
  queue: ScanQueue;
  transport: ScanTransport;
  isOnline: () => boolean;
  /** Scans per `sync` request (the API takes 500; smaller batches answer sooner on a weak network). */
  batchSize?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** An entry the server took (applied or duplicate), with its outcome (null for a location confirmation). */
  onSettled?: (entry: QueueEntry, outcome: ScanOutcome | null) => void;
  onRejected?: (entry: QueueEntry, errorCode: string | null, message: string | null) => void;
  onState?: (state: SyncState) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => number;
}

/**
 * An error worth retrying: no answer (network, status 0), a timeout, throttling, a server failure, or a 401 (the
 * client refreshes the session). Any other 4xx is the server refusing this request: retrying cannot help.
 */
export function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return true;
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

function errorParts(error: unknown): { errorCode: string | null; message: string | null } {
  const e = error as { errorCode?: unknown; message?: unknown } | null;
  return {
    errorCode: typeof e?.errorCode === 'string' ? e.errorCode : null,
    message: typeof e?.message === 'string' ? e.message : null,
  };
}

const BATCHABLE = new Set(['unit', 'carton']);

/** Whether an entry goes with others in one `sync` request (units and cartons) or alone to its own endpoint. */
const batchable = (e: QueueEntry) => e.op === 'scan' && !!e.input && BATCHABLE.has(e.input.kind);

class RetryLater extends Error {}

/**
 * The upload loop. It sends the queue in order: runs of unit / carton scans in `sync` batches, an undo or a
 * "location empty" to its own endpoint, a "location done" to `confirmLocation`. Applied and duplicate scans leave
 * the queue; rejected ones move to the problems; no answer keeps them queued and retries with exponential back-off.
 * A scan whose answer was lost is sent again with the same `clientId`, and the server counts it once.
 */
export class ScanSync {
  private readonly o: Required<Omit<ScanSyncOptions, 'onSettled' | 'onRejected' | 'onState'>> &
    Pick<ScanSyncOptions, 'onSettled' | 'onRejected' | 'onState'>;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  private stopped = false;
  readonly state: SyncState = { running: false, failures: 0, reachable: true, nextRetryAt: null };

  constructor(options: ScanSyncOptions) {
    this.o = {
      batchSize: 200,
      baseDelayMs: 2_000,
      maxDelayMs: 60_000,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      now: () => Date.now(),
      ...options,
    };
  }

  private emit() {
    this.o.onState?.({ ...this.state });
  }

  /** Starts an upload now (or right after the running one). */
  kick(): void {
    if (this.stopped) return;
    void this.flush();
  }

  /** Stops the retries (the page unmounts). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = null;
  }

  /** Uploads until the queue is empty or an upload fails; one at a time. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      this.state.running = true;
      this.emit();
      try {
        do {
          this.again = false;
          await this.drain();
        } while (this.again && !this.stopped);
      } finally {
        this.state.running = false;
        this.running = null;
        this.emit();
      }
    })();
    return this.running;
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.state.nextRetryAt = this.o.now() + ms;
    this.timer = this.o.setTimer(() => {
      this.timer = null;
      this.state.nextRetryAt = null;
      this.kick();
    }, ms);
  }

  /** The delay before the n-th retry: base, 2x, 4x, ... up to the maximum. */
  backoff(failures: number): number {
    return Math.min(this.o.baseDelayMs * 2 ** Math.max(0, failures - 1), this.o.maxDelayMs);
  }

  private async drain(): Promise<void> {
    if (!this.o.isOnline()) {
      // the browser says offline: the 'online' event kicks us; poll slowly in case it never fires
      if (this.o.queue.pending().length > 0) this.schedule(this.o.maxDelayMs);
      return;
    }
    try {
      for (;;) {
        if (this.stopped) return;
        const pending = this.o.queue.pending();
        const head = pending[0];
        if (!head) break;
        if (batchable(head)) {
          const batch: QueueEntry[] = [];
          for (const e of pending) {
            if (!batchable(e) || batch.length >= this.o.batchSize) break;
            batch.push(e);
          }
          await this.sendBatch(batch);
        } else {
          await this.sendOne(head);
        }
      }
      this.state.failures = 0;
      this.state.reachable = true;
      this.emit();
    } catch (e) {
      if (!(e instanceof RetryLater)) throw e;
      this.state.failures++;
      this.schedule(this.backoff(this.state.failures));
      this.emit();
    }
  }

  private async failed(entries: QueueEntry[], error: unknown): Promise<never> {
    const status = (error as { status?: unknown } | null)?.status;
    this.state.reachable = typeof status === 'number' && status !== 0;
    await this.o.queue.failed(entries.map((e) => e.id));
    throw new RetryLater();
  }

  private async sendBatch(batch: QueueEntry[]): Promise<void> {
    let outcomes: ScanOutcome[];
    try {
      outcomes = await this.o.transport.sync(batch.map((e) => e.input as ScanInput));
    } catch (error) {
      if (isRetryable(error)) return this.failed(batch, error);
      // the whole request was refused (one bad scan fails validation): send them one by one to find it
      if (batch.length > 1) {
        for (const e of batch) await this.sendBatch([e]);
        return;
      }
      const { errorCode, message } = errorParts(error);
      return this.reject(batch[0] as QueueEntry, errorCode, message);
    }
    this.state.reachable = true;
    await this.apply(batch, outcomes);
  }

  /** Applies the answers by `clientId`, in the order the scans were taken (the answer order does not matter). */
  private async apply(batch: QueueEntry[], outcomes: ScanOutcome[]): Promise<void> {
    const byId = new Map(outcomes.map((o) => [o.clientId, o]));
    const settled: QueueEntry[] = [];
    const unanswered: QueueEntry[] = [];
    for (const entry of batch) {
      const outcome = byId.get(entry.id);
      if (!outcome) unanswered.push(entry);
      else if (outcome.status === 'rejected') await this.reject(entry, outcome.errorCode, outcome.message);
      else settled.push(entry);
    }
    await this.o.queue.settle(settled.map((e) => e.id));
    for (const e of settled) this.o.onSettled?.(e, byId.get(e.id) ?? null);
    if (unanswered.length > 0) return this.failed(unanswered, { status: 500 });
  }

  private async reject(entry: QueueEntry, errorCode: string | null, message: string | null) {
    await this.o.queue.reject(entry.id, errorCode, message);
    this.o.onRejected?.(entry, errorCode, message);
  }

  private async sendOne(entry: QueueEntry): Promise<void> {
    try {
      if (entry.op === 'confirm') {
        await this.o.transport.confirmLocation(entry.confirm as { subTaskId: number; locationId: number });
        this.state.reachable = true;
        await this.o.queue.settle([entry.id]);
        this.o.onSettled?.(entry, null);
        return;
      }
      const input = entry.input as ScanInput;
      const outcome =
        input.kind === 'undo' ? await this.o.transport.undo(input) : await this.o.transport.confirmEmpty(input);
      this.state.reachable = true;
      await this.apply([entry], [outcome]);
    } catch (error) {
      if (error instanceof RetryLater) throw error;
      if (isRetryable(error)) return this.failed([entry], error);
      const { errorCode, message } = errorParts(error);
      await this.reject(entry, errorCode, message);
    }
  }
}
