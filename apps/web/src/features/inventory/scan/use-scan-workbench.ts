import { MAX_QUANTITY } from '@shelfwise/contract';
import { LocationCountState } from '@shelfwise/contract/enums';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cacheKeys, fetchScanLocation, type MyScanTask } from './scan.api';
import { feedback } from './scan-feedback';
import { displayLines, locationKey, matchLine, readCode, routeCode, unitsOf, uuid } from './scan-lines';
import type { QueueEntry, ScanInput, ScanLine, ScanLocation, ScanOutcome } from './scan-queue';
import { type ScanSession, useScanSession } from './use-scan-session';

/** The last-scan banner. */
export interface Banner {
  tone: 'ok' | 'warn' | 'error' | 'info';
  text: string;
  at: number;
}

/** A scan of the counter at the current location that "undo last" can take back. */
interface Taken {
  entryId: string;
  itemId: number | null;
  delta: number | null;
  name: string;
}

/** How a code came in (`ScanSourceEnum`: scanner, camera, typed). */
export type Source = 1 | 2 | 3;

const DEVICE_KEY = 'sw-scan-device';

function deviceId(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = uuid();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return 'unknown';
  }
}

type CodeMap = Record<string, number>;

/**
 * The workbench's behaviour, without its look: the chosen sub-task and location, reading codes, queueing scans
 * (written to the device before anything is sent), the optimistic counts, undo / empty / done, and the answers of
 * the upload loop.
 */
export function useScanWorkbench(userKey: string | null) {
  const { t } = useTranslation('scan');
  const [subTask, setSubTask] = useState<MyScanTask | null>(null);
  const [location, setLocationState] = useState<ScanLocation | null>(null);
  const [fromCache, setFromCache] = useState(false);
  const [locationMode, setLocationModeState] = useState(false);
  const [carton, setCarton] = useState(false);
  const [qty, setQty] = useState('');
  const [banner, setBanner] = useState<Banner>({ tone: 'info', text: '', at: 0 });
  const [codes, setCodesState] = useState<CodeMap>({});
  const [busy, setBusy] = useState(false);
  const [lastItemId, setLastItemId] = useState<number | null>(null);
  const taken = useRef<Taken[]>([]);
  const locationRef = useRef<ScanLocation | null>(null);
  const sessionRef = useRef<ScanSession | null>(null);
  const device = useMemo(deviceId, []);
  // what reading a code depends on, current even for a code read before the last change was rendered (a scanner
  // types the location and the first item within milliseconds)
  const locationModeRef = useRef(false);
  const codesRef = useRef<CodeMap>({});
  const setLocationMode = useCallback((on: boolean) => {
    locationModeRef.current = on;
    setLocationModeState(on);
  }, []);
  const setCodes = useCallback((map: CodeMap) => {
    codesRef.current = map;
    setCodesState(map);
  }, []);
  /** Codes are handled one after another, in the order they were read. */
  const reading = useRef<Promise<void>>(Promise.resolve());

  const say = useCallback((tone: Banner['tone'], text: string) => {
    setBanner({ tone, text, at: Date.now() });
    if (tone !== 'info') feedback(tone !== 'error');
  }, []);

  const setLocation = useCallback((loc: ScanLocation | null, cached = false) => {
    locationRef.current = loc;
    setLocationState(loc);
    setFromCache(cached);
  }, []);

  /** Keeps the server's view of a location on the device (for offline work). */
  const remember = useCallback(
    async (loc: ScanLocation) => {
      const store = sessionRef.current?.store;
      if (!store) return;
      await store.put('cache', cacheKeys.location(loc.subTaskId, loc.locationId), loc);
      const key = cacheKeys.locationCodes(loc.subTaskId);
      const map = (await store.get<CodeMap>('cache', key)) ?? {};
      if (map[locationKey(loc.locationCode)] !== loc.locationId) {
        map[locationKey(loc.locationCode)] = loc.locationId;
        await store.put('cache', key, map);
        setCodes({ ...map });
      }
    },
    [setCodes],
  );

  const refetch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Counts the server's answers to this device's scans: a location read while one came may predate it. */
  const answers = useRef(0);
  const refreshCurrent = useCallback(() => {
    clearTimeout(refetch.current);
    refetch.current = setTimeout(function refresh() {
      const loc = locationRef.current;
      if (!loc || !navigator.onLine) return;
      const before = answers.current;
      fetchScanLocation(loc.subTaskId, loc.locationCode)
        .then((fresh) => {
          // a scan was answered meanwhile: this copy may not include it (its count would replace the newer one
          // and stay until the next scan), so it is read again
          if (answers.current !== before) {
            refetch.current = setTimeout(refresh, 300);
            return;
          }
          if (locationRef.current?.locationId === fresh.locationId) setLocation(fresh);
          return remember(fresh);
        })
        .catch(() => {});
    }, 300);
  }, [remember, setLocation]);

  /** The server took an entry: its answer becomes the base count of the line. */
  const onSettled = useCallback(
    (entry: QueueEntry, outcome: ScanOutcome | null) => {
      answers.current++;
      const input = entry.input;
      if (!input) return;
      const current = locationRef.current;
      const isCurrent = current?.subTaskId === input.subTaskId && current.locationId === input.locationId;
      const update = (loc: ScanLocation): { loc: ScanLocation; stale: boolean } => {
        if (input.kind === 'empty') return { loc, stale: true };
        if (!outcome?.itemId || outcome.countedQty === null) return { loc, stale: false };
        if (!loc.lines.some((l) => l.itemId === outcome.itemId)) return { loc, stale: true };
        const lines = loc.lines.map((l) =>
          l.itemId === outcome.itemId ? { ...l, countedQty: outcome.countedQty } : l,
        );
        // a location not started is being counted from its first applied scan (as the server moves it)
        const state =
          outcome.status === 'applied' && loc.state === LocationCountState.notStarted
            ? LocationCountState.counting
            : loc.state;
        return { loc: { ...loc, lines, state }, stale: false };
      };
      if (isCurrent && current) {
        const { loc, stale } = update(current);
        if (loc !== current) {
          setLocation(loc, false);
          void remember(loc);
        }
        if (stale) refreshCurrent();
        return;
      }
      const store = sessionRef.current?.store;
      void store?.get<ScanLocation>('cache', cacheKeys.location(input.subTaskId, input.locationId)).then((cached) => {
        if (cached) void remember(update(cached).loc);
      });
    },
    [refreshCurrent, remember, setLocation],
  );

  const onRejected = useCallback(
    (entry: QueueEntry, errorCode: string | null, message: string | null) => {
      answers.current++;
      const reason = errorCode ? t(`error.server.${errorCode}`, { defaultValue: message ?? errorCode }) : message;
      say('error', [entry.input?.code, reason].filter(Boolean).join(': '));
      const input = entry.input;
      if (input && locationRef.current?.locationId === input.locationId) refreshCurrent();
    },
    [refreshCurrent, say, t],
  );

  const { session, syncState, online } = useScanSession(userKey, { onSettled, onRejected });
  sessionRef.current = session;

  // the device remembers the sub-task and location it was at, so a reload (or a restart offline) continues there
  const subTaskId = subTask?.subTaskId ?? null;
  const locationId = location?.subTaskId === subTaskId ? (location?.locationId ?? null) : null;
  useEffect(() => {
    if (!session || !restored.current) return;
    void session.store.put('cache', cacheKeys.current, { subTaskId, locationId });
    if (subTaskId === null) return;
    void session.store.get<CodeMap>('cache', cacheKeys.locationCodes(subTaskId)).then((m) => setCodes(m ?? {}));
  }, [session, subTaskId, locationId, setCodes]);

  const restored = useRef(false);
  /** Once per page: back to the sub-task and location this device was at (a reload, or a restart offline). */
  const restore = useCallback(
    async (tasks: MyScanTask[]) => {
      const store = sessionRef.current?.store;
      if (!store || restored.current) return;
      restored.current = true;
      const current = await store.get<{ subTaskId: number; locationId: number | null }>('cache', cacheKeys.current);
      const task = tasks.find((x) => x.subTaskId === current?.subTaskId);
      if (!task) return;
      setSubTask(task);
      if (current?.locationId) {
        const loc = await store.get<ScanLocation>('cache', cacheKeys.location(task.subTaskId, current.locationId));
        if (loc) {
          setLocation(loc, true);
          refreshCurrent();
        }
      }
    },
    [setLocation, refreshCurrent],
  );

  const chooseTask = useCallback(
    (task: MyScanTask | null) => {
      setSubTask(task);
      setLocation(null);
      setLocationMode(false);
      taken.current = [];
    },
    [setLocation, setLocationMode],
  );

  const openLocation = useCallback(
    async (code: string) => {
      if (!subTask) return;
      const store = sessionRef.current?.store;
      setBusy(true);
      try {
        const loc = await fetchScanLocation(subTask.subTaskId, code);
        setLocation(loc);
        await remember(loc);
      } catch (e) {
        const status = (e as { status?: number }).status;
        if (status !== 0) {
          const message = (e as Error).message;
          say('error', status === 400 || status === 404 ? t('error.notLocation', { code }) : message);
          return;
        }
        // offline: the device's copy, when this location was opened here before
        const id = codesRef.current[locationKey(code)];
        const cached = id
          ? await store?.get<ScanLocation>('cache', cacheKeys.location(subTask.subTaskId, id))
          : undefined;
        if (!cached) {
          say('error', t('error.offlineLocation', { code }));
          return;
        }
        setLocation(cached, true);
      } finally {
        setBusy(false);
      }
      taken.current = [];
      setLocationMode(false);
      say('ok', t('banner.location', { code: locationRef.current?.locationCode ?? code }));
    },
    [subTask, remember, say, setLocation, setLocationMode, t],
  );

  const baseInput = useCallback(
    (kind: ScanInput['kind'], source: Source): ScanInput => {
      const loc = locationRef.current as ScanLocation;
      const clientId = uuid();
      return {
        clientId,
        subTaskId: loc.subTaskId,
        locationId: loc.locationId,
        kind,
        source,
        deviceId: device,
        deviceTime: new Date().toISOString(),
        offline: !online,
      };
    },
    [device, online],
  );

  /** Queues an entry (durably) and starts the upload. */
  const enqueue = useCallback(async (entry: Omit<QueueEntry, 'seq' | 'attempts' | 'createdAt'>) => {
    const s = sessionRef.current;
    if (!s) throw new Error('no session');
    await s.queue.add(entry);
    s.sync.kick();
  }, []);

  /**
   * A code from the scanner, the camera or the keyboard; with `target` (the "+" of a line) it books that line by its
   * SKU code and lot, whatever the mode.
   */
  const handle = useCallback(
    async (raw: string, source: Source, target?: ScanLine) => {
      if (!raw.trim()) return;
      if (!subTask) return say('error', t('error.noTask'));
      const read = target ? ({ kind: 'plain', code: target.skuCode, raw } as const) : readCode(raw);
      if (read.kind === 'error') {
        return say('error', t(`error.gs1.${read.reason}`, { ai: read.ai ?? '' }));
      }
      if (read.code.length > 128) return say('error', t('error.tooLong'));
      const known = new Set(Object.keys(codesRef.current));
      const route = target
        ? 'item'
        : routeCode(read, {
            locationMode: locationModeRef.current,
            location: locationRef.current,
            knownLocationCodes: known,
          });
      if (route === 'location') return openLocation(read.code);
      if (route === 'locationRefused') return say('error', t('error.locationRefused', { code: read.code }));
      const loc = locationRef.current;
      if (route === 'needLocation' || !loc) return say('error', t('location.none'));

      let typed: number | undefined;
      if (qty.trim()) {
        typed = Number(qty);
        if (!Number.isFinite(typed) || typed <= 0 || typed > MAX_QUANTITY) return say('error', t('error.qty'));
      }
      const lot = read.kind === 'gs1' ? read.lot : (target?.lot ?? undefined);
      const line = target ?? matchLine(loc.lines, read.code, lot);
      const kind = carton ? 'carton' : 'unit';
      const quantity = typed ?? (read.kind === 'gs1' ? read.quantity : undefined);
      if (kind === 'carton' && line && !line.boxGauge) {
        return say('error', t('error.noBoxGauge', { name: line.skuName ?? line.skuCode }));
      }
      const delta = line ? unitsOf(kind, quantity, line) : null;
      const input: ScanInput = { ...baseInput(kind, source), code: read.code, raw: raw.slice(0, 512) };
      if (quantity !== undefined) input.quantity = quantity;
      if (lot !== undefined) input.lot = lot.slice(0, 64);
      await enqueue({
        id: input.clientId,
        op: 'scan',
        input,
        itemId: line?.itemId ?? null,
        delta,
        toCheck: !line && !online,
      });
      const name = line ? (line.skuName ?? line.skuCode) : read.code;
      taken.current.push({ entryId: input.clientId, itemId: line?.itemId ?? null, delta, name });
      setLastItemId(line?.itemId ?? null);
      setQty('');
      const suffix = online ? '' : t('banner.offlineSuffix');
      if (!line) return say('warn', t('banner.queuedUnknown', { code: read.code }) + suffix);
      const shown = displayLines(loc, sessionRef.current?.queue.pending() ?? []).find((l) => l.itemId === line.itemId);
      say('ok', t('banner.counted', { name, delta: delta ?? quantity ?? 1, qty: shown?.countedQty ?? '?' }) + suffix);
    },
    [subTask, qty, carton, online, baseInput, enqueue, openLocation, say, t],
  );

  /**
   * A code from the scanner, the camera or the keyboard, handled after the codes read before it: an item scanned
   * while its location is still opening is counted there, not refused (or lost to a disabled field).
   */
  const submit = useCallback(
    (raw: string, source: Source, target?: ScanLine) => {
      const next = reading.current.then(() => handle(raw, source, target));
      reading.current = next.catch(() => {});
      return next;
    },
    [handle],
  );

  const undo = useCallback(async () => {
    const last = taken.current.pop();
    if (!last || !locationRef.current) return say('error', t('actions.nothingToUndo'));
    const input: ScanInput = { ...baseInput('undo', 3), undoOf: last.entryId };
    await enqueue({
      id: input.clientId,
      op: 'scan',
      input,
      itemId: last.itemId,
      delta: last.delta === null ? null : -last.delta,
      toCheck: false,
    });
    say('ok', t('banner.undone', { name: last.name }));
  }, [baseInput, enqueue, say, t]);

  const leaveLocation = useCallback(
    (state: number) => {
      const loc = locationRef.current;
      if (loc) void remember({ ...loc, state });
      setLocation(null);
      setLocationMode(true);
      taken.current = [];
    },
    [remember, setLocation, setLocationMode],
  );

  const confirmEmpty = useCallback(async () => {
    const loc = locationRef.current;
    if (!loc) return;
    const input = baseInput('empty', 3);
    await enqueue({ id: input.clientId, op: 'scan', input, itemId: null, delta: null, toCheck: false });
    leaveLocation(LocationCountState.confirmedEmpty);
    say('ok', t('banner.empty', { code: loc.locationCode }));
  }, [baseInput, enqueue, leaveLocation, say, t]);

  const confirmDone = useCallback(async () => {
    const loc = locationRef.current;
    if (!loc) return;
    const confirm = { subTaskId: loc.subTaskId, locationId: loc.locationId };
    await enqueue({ id: uuid(), op: 'confirm', confirm, itemId: null, delta: null, toCheck: false });
    leaveLocation(LocationCountState.confirmed);
    say('ok', t('banner.done', { code: loc.locationCode }));
  }, [enqueue, leaveLocation, say, t]);

  const pending = session?.queue.pending() ?? [];
  const lines = location ? displayLines(location, pending) : [];
  const toCheck = location
    ? pending.filter(
        (e) => e.toCheck && e.input?.locationId === location.locationId && e.input.subTaskId === location.subTaskId,
      )
    : [];

  return {
    session,
    syncState,
    online,
    pending,
    subTask,
    chooseTask,
    restore,
    location,
    fromCache,
    lines,
    toCheck,
    locationMode,
    setLocationMode,
    carton,
    setCarton,
    qty,
    setQty,
    banner,
    busy,
    lastItemId,
    codes,
    canUndo: taken.current.length > 0,
    submit,
    undo,
    confirmEmpty,
    confirmDone,
  };
}
