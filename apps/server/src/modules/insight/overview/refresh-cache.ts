/**
 * A small in-process cache of values that are costly to build (the floor layout of a large warehouse, the count
 * states of a large task), for one server node:
 * - an entry is fresh while its stamp is the caller's and it is younger than `maxAge`;
 * - a value that is not fresh is rebuilt before answering, unless `serveStale` says the value is large enough to
 *   answer from the old one: then it is rebuilt in the background (at most once at a time, and not sooner than
 *   `minInterval` after the last build) and the old value answers meanwhile;
 * - concurrent callers of one key share one build; a failed background build keeps the old value;
 * - at most `capacity` keys, the least recently used dropped first.
 */
export interface Built<T> {
  value: T;
  /** When the build started (epoch ms): the value reflects the data at least as new as this. */
  at: number;
  /** Increases with every build of any key: lets derived values tell builds apart. */
  build: number;
}

export interface CachePolicy<T> {
  stamp: string;
  maxAge: number;
  /** Whether a value this large may answer while its successor is built. */
  serveStale: (value: T) => boolean;
  minInterval: number;
  /**
   * Whether a rebuilt value says the same as the one kept: then the kept value and its build number stay (only its
   * time moves on), so values derived from it by build number need not be derived again.
   */
  equal?: (a: T, b: T) => boolean;
}

interface Entry<T> extends Built<T> {
  stamp: string;
}

let builds = 0;

export class RefreshCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Promise<Built<T>>>();

  constructor(
    private readonly capacity: number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  async get(key: string, policy: CachePolicy<T>, build: () => Promise<T>): Promise<Built<T>> {
    const now = Date.now();
    const e = this.entries.get(key);
    const running = this.pending.get(key);
    if (e) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, e);
      if (e.stamp === policy.stamp && now - e.at <= policy.maxAge) return e;
      if (policy.serveStale(e.value)) {
        if (!running && now - e.at >= policy.minInterval) this.start(key, policy, build).catch(this.onError);
        return e;
      }
    }
    return running ?? this.start(key, policy, build);
  }

  /** Drops every entry (tests, and after changes a caller knows of). */
  clear() {
    this.entries.clear();
  }

  private start(key: string, policy: CachePolicy<T>, build: () => Promise<T>): Promise<Built<T>> {
    const at = Date.now();
    const { stamp } = policy;
    const pending = build()
      .then((value) => {
        const current = this.entries.get(key);
        const same = current && policy.equal?.(current.value, value);
        const entry: Entry<T> =
          current && same
            ? { value: current.value, at, build: current.build, stamp }
            : { value, at, build: ++builds, stamp };
        // a slower, older build never replaces a newer one
        if (!current || current.at <= at) {
          this.entries.delete(key);
          this.entries.set(key, entry);
          while (this.entries.size > this.capacity) {
            const first = this.entries.keys().next().value as string;
            this.entries.delete(first);
          }
        }
        return entry;
      })
      .finally(() => {
        if (this.pending.get(key) === pending) this.pending.delete(key);
      });
    this.pending.set(key, pending);
    return pending;
  }
}
