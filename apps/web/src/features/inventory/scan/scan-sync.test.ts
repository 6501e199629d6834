import { describe, expect, it } from 'vitest';
import { type NewEntry, type ScanInput, type ScanOutcome, ScanQueue } from './scan-queue';
import { memoryScanStore } from './scan-store';
import { ScanSync, type ScanTransport } from './scan-sync';

let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function scan(code: string, extra: Partial<ScanInput> = {}): NewEntry {
  const clientId = id();
  return {
    id: clientId,
    op: 'scan',
    input: { clientId, subTaskId: 1, locationId: 10, kind: 'unit', code, ...extra },
    itemId: null,
    delta: 1,
    toCheck: false,
  };
}

class NetworkError extends Error {
  status = 0;
}
class RefusedError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

/** A server that counts by code and applies every client id once, like the real one promises. */
function fakeServer() {
  const applied = new Map<string, ScanInput>();
  const counts = new Map<string, number>();
  const calls: string[] = [];
  const s = {
    applied,
    counts,
    calls,
    /** Answers of the next sync calls are lost after the server applied them. */
    loseAnswers: 0,
    /** The next calls fail without reaching the server. */
    down: 0,
    /** Answer outcomes in reverse order. */
    reverse: false,
    unknown: new Set<string>(['NOPE']),
    one(input: ScanInput): ScanOutcome {
      const base = { clientId: input.clientId, itemId: 1, errorCode: null, message: null };
      if (applied.has(input.clientId)) return { ...base, status: 'duplicate', countedQty: null };
      if (input.kind === 'undo') {
        const target = applied.get(input.undoOf ?? '');
        if (!target) {
          return {
            ...base,
            status: 'rejected',
            errorCode: 'undoTargetMissing',
            message: 'Nothing to undo',
            countedQty: null,
          };
        }
        applied.set(input.clientId, input);
        counts.set(target.code ?? '', (counts.get(target.code ?? '') ?? 0) - (target.quantity ?? 1));
        return { ...base, status: 'applied', countedQty: counts.get(target.code ?? '') ?? 0 };
      }
      if (s.unknown.has(input.code ?? '')) {
        return {
          ...base,
          status: 'rejected',
          errorCode: 'unknownBarcode',
          message: 'Unknown barcode',
          itemId: null,
          countedQty: null,
        };
      }
      applied.set(input.clientId, input);
      const c = (counts.get(input.code ?? '') ?? 0) + (input.quantity ?? 1);
      counts.set(input.code ?? '', c);
      return { ...base, status: 'applied', countedQty: c };
    },
  };
  const transport: ScanTransport = {
    async sync(scans) {
      calls.push(`sync:${scans.length}`);
      if (s.down > 0) {
        s.down--;
        throw new NetworkError('offline');
      }
      if (scans.some((x) => x.code === 'INVALID')) throw new RefusedError(400, 'validation', 'Bad input');
      const out = scans.map((x) => s.one(x));
      if (s.loseAnswers > 0) {
        s.loseAnswers--;
        throw new NetworkError('answer lost');
      }
      return s.reverse ? out.reverse() : out;
    },
    async undo(input) {
      calls.push('undo');
      return s.one(input);
    },
    async confirmEmpty(input) {
      calls.push('empty');
      applied.set(input.clientId, input);
      return {
        clientId: input.clientId,
        status: 'applied',
        itemId: null,
        countedQty: null,
        errorCode: null,
        message: null,
      };
    },
    async confirmLocation() {
      calls.push('confirm');
    },
  };
  return { server: s, transport };
}

/** A sync loop whose timers are collected instead of run. */
async function setup(options: { online?: () => boolean; batchSize?: number } = {}) {
  const store = memoryScanStore();
  const queue = await ScanQueue.open(store);
  const { server, transport } = fakeServer();
  const timers: number[] = [];
  const sync = new ScanSync({
    queue,
    transport,
    isOnline: options.online ?? (() => true),
    batchSize: options.batchSize,
    setTimer: (_fn, ms) => timers.push(ms),
    clearTimer: () => {},
  });
  return { store, queue, server, sync, timers };
}

describe('ScanQueue', () => {
  it('writes an entry to the store before it is pending, and reloads it in a new session', async () => {
    const store = memoryScanStore();
    const queue = await ScanQueue.open(store);
    const a = await queue.add(scan('A'));
    const b = await queue.add(scan('B'));
    expect(store.tables.get('queue')?.size).toBe(2);
    expect(b.seq).toBeGreaterThan(a.seq);
    const again = await ScanQueue.open(store);
    expect(again.pending().map((e) => e.input?.code)).toEqual(['A', 'B']);
    const c = await again.add(scan('C'), new Date(0)); // a clock set back still sorts after the reloaded ones
    expect(c.seq).toBeGreaterThan(b.seq);
  });
});

describe('ScanSync', () => {
  it('uploads the queue in batches and removes applied scans', async () => {
    const { queue, server, sync } = await setup({ batchSize: 2 });
    for (const c of ['A', 'A', 'B', 'A', 'C']) await queue.add(scan(c));
    await sync.flush();
    expect(server.calls).toEqual(['sync:2', 'sync:2', 'sync:1']);
    expect(queue.pending()).toEqual([]);
    expect(Object.fromEntries(server.counts)).toEqual({ A: 3, B: 1, C: 1 });
  });

  it('counts a retried upload once when the first answer was lost', async () => {
    const { queue, server, sync, timers } = await setup();
    for (const c of ['A', 'A', 'B']) await queue.add(scan(c));
    server.loseAnswers = 1;
    await sync.flush();
    // the server applied them, the device does not know: still queued, retry planned
    expect(queue.pending()).toHaveLength(3);
    expect(queue.pending().every((e) => e.attempts === 1)).toBe(true);
    expect(timers).toEqual([2_000]);
    expect(sync.state.failures).toBe(1);
    expect(sync.state.reachable).toBe(false);
    await sync.flush();
    expect(queue.pending()).toEqual([]);
    expect(Object.fromEntries(server.counts)).toEqual({ A: 2, B: 1 });
    expect(sync.state.failures).toBe(0);
    expect(sync.state.reachable).toBe(true);
  });

  it('backs off exponentially up to the maximum while the server cannot be reached', async () => {
    const { queue, server, sync, timers } = await setup();
    await queue.add(scan('A'));
    server.down = 7;
    for (let i = 0; i < 7; i++) await sync.flush();
    expect(timers).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    await sync.flush();
    expect(queue.pending()).toEqual([]);
    expect(server.counts.get('A')).toBe(1);
  });

  it('does not call the server while the browser is offline, and polls slowly', async () => {
    let online = false;
    const { queue, server, sync, timers } = await setup({ online: () => online });
    await queue.add(scan('A'));
    await sync.flush();
    expect(server.calls).toEqual([]);
    expect(timers).toEqual([60_000]);
    online = true;
    await sync.flush();
    expect(server.counts.get('A')).toBe(1);
  });

  it('matches answers by client id, whatever their order', async () => {
    const { queue, server, sync } = await setup();
    server.reverse = true;
    const settled: string[] = [];
    const entries = [];
    for (const c of ['A', 'NOPE', 'B']) entries.push(await queue.add(scan(c)));
    const sync2 = new ScanSync({
      queue,
      transport: (sync as unknown as { o: { transport: ScanTransport } }).o.transport,
      isOnline: () => true,
      onSettled: (e) => settled.push(e.input?.code ?? ''),
    });
    await sync2.flush();
    expect(settled).toEqual(['A', 'B']); // in the order they were scanned
    expect(queue.problems().map((p) => p.entry.input?.code)).toEqual(['NOPE']);
    expect(queue.pending()).toEqual([]);
  });

  it('gives the same counts whatever order the scans arrive in (order independence)', async () => {
    const codes = ['A', 'B', 'A', 'C', 'A', 'B'];
    const results: string[] = [];
    for (const order of [
      [0, 1, 2, 3, 4, 5],
      [5, 4, 3, 2, 1, 0],
      [2, 0, 5, 1, 4, 3],
    ]) {
      const { queue, server, sync } = await setup({ batchSize: 4 });
      const made = codes.map((c) => scan(c));
      // the first half reached the server once already (an earlier upload whose answer was lost)
      for (const i of order.slice(0, 3)) server.one(made[i]?.input as ScanInput);
      for (const i of order) await queue.add(made[i] as NewEntry);
      await sync.flush();
      expect(queue.pending()).toEqual([]);
      results.push(JSON.stringify([...server.counts].sort()));
    }
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toBe(
      JSON.stringify([
        ['A', 3],
        ['B', 2],
        ['C', 1],
      ]),
    );
  });

  it('keeps rejected scans as problems with the server message, and they are not retried', async () => {
    const { queue, server, sync, store } = await setup();
    await queue.add(scan('NOPE'));
    await queue.add(scan('A'));
    await sync.flush();
    expect(queue.pending()).toEqual([]);
    const [problem] = queue.problems();
    expect(problem).toMatchObject({ errorCode: 'unknownBarcode', message: 'Unknown barcode' });
    expect(store.tables.get('problems')?.size).toBe(1);
    // a new session still shows it
    const again = await ScanQueue.open(store);
    expect(again.problems()).toHaveLength(1);
    await sync.flush();
    expect(server.calls).toEqual(['sync:2']);
    await queue.dismiss([problem?.id ?? '']);
    expect(queue.problems()).toEqual([]);
    expect(store.tables.get('problems')?.size).toBe(0);
  });

  it('isolates a scan that makes the whole request fail validation', async () => {
    const { queue, server, sync } = await setup();
    for (const c of ['A', 'INVALID', 'B']) await queue.add(scan(c));
    await sync.flush();
    expect(server.calls).toEqual(['sync:3', 'sync:1', 'sync:1', 'sync:1']);
    expect(queue.problems().map((p) => [p.entry.input?.code, p.errorCode, p.message])).toEqual([
      ['INVALID', 'validation', 'Bad input'],
    ]);
    expect(Object.fromEntries(server.counts)).toEqual({ A: 1, B: 1 });
  });

  it('sends undo, "location empty" and "location done" in order through their own endpoints', async () => {
    const { queue, server, sync } = await setup();
    const a = await queue.add(scan('A'));
    await queue.add(scan('A'));
    await queue.add(scan('A', { kind: 'undo', undoOf: a.id }));
    await queue.add(scan('B'));
    await queue.add(scan('', { kind: 'empty', code: undefined }));
    await queue.add({
      id: id(),
      op: 'confirm',
      confirm: { subTaskId: 1, locationId: 10 },
      itemId: null,
      delta: null,
      toCheck: false,
    });
    await sync.flush();
    expect(server.calls).toEqual(['sync:2', 'undo', 'sync:1', 'empty', 'confirm']);
    expect(Object.fromEntries(server.counts)).toEqual({ A: 1, B: 1 });
    expect(queue.pending()).toEqual([]);
  });

  it('runs one upload at a time and picks up scans added meanwhile', async () => {
    const { queue, server, sync } = await setup();
    await queue.add(scan('A'));
    const first = sync.flush();
    await queue.add(scan('B'));
    const second = sync.flush();
    await Promise.all([first, second]);
    expect(server.calls).toEqual(['sync:1', 'sync:1']);
    expect(queue.pending()).toEqual([]);
  });
});
