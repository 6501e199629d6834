/**
 * Time-ordered 53-bit ids (docs/architecture.md#data-rules): milliseconds since 2025-01-01 (41 bits, ~69 years),
 * node number (5 bits, leased per running process), sequence (7 bits, 128 ids per millisecond).
 * They fit a JS number exactly and a BIGINT in every dialect.
 */
const EPOCH = Date.UTC(2025, 0, 1);
const NODE_BITS = 5;
const SEQ_BITS = 7;
const MAX_SEQ = (1 << SEQ_BITS) - 1;

/** Largest node number a process can hold. */
export const MAX_NODE = (1 << NODE_BITS) - 1;

/** Mints ids for one node. */
export interface IdGenerator {
  next(): number;
  readonly node: number;
}

/** Creates the generator of one node; two nodes with different numbers never mint the same id. */
export function createIdGenerator(node: number, now: () => number = Date.now): IdGenerator {
  if (!Number.isInteger(node) || node < 0 || node > MAX_NODE) throw new Error(`node must be 0..${MAX_NODE}`);
  let lastMs = -1;
  let seq = 0;
  return {
    node,
    next() {
      let ms = now() - EPOCH;
      if (ms < lastMs) ms = lastMs; // the clock went back: keep counting on the last millisecond
      if (ms === lastMs) {
        seq += 1;
        if (seq > MAX_SEQ) {
          // borrow the next millisecond rather than spin; the clock catches up within the burst
          ms = lastMs + 1;
          seq = 0;
        }
      } else {
        seq = 0;
      }
      lastMs = ms;
      return ms * 2 ** (NODE_BITS + SEQ_BITS) + node * 2 ** SEQ_BITS + seq;
    },
  };
}

/** The creation time encoded in an id. */
export function idTime(id: number): number {
  return Math.floor(id / 2 ** (NODE_BITS + SEQ_BITS)) + EPOCH;
}

/** The smallest id minted at `ms` (epoch-ms) or later: ids below it were minted before. */
export function idAt(ms: number): number {
  return (ms - EPOCH) * 2 ** (NODE_BITS + SEQ_BITS);
}

/** A stable id for a seeded row, derived from its key (FNV-1a), below every generated id. */
export function seedId(key: string): number {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  // 1e12 .. 1e12 + 2^39: a range generated ids (>= 2^12 * ms since 2025) left behind within days of the epoch
  return 1_000_000_000_000 + (((h1 & 0x7f) * 2 ** 32 + h2) % 2 ** 39);
}
