import { rooms } from '../../../kernel/realtime/realtime';

/** What the progress emitter needs of the realtime service. */
export interface ProgressSink {
  emit(room: string, event: string, payload: unknown): void;
}

/** The Socket.IO event supervisors' pages listen to. */
export const PROGRESS_EVENT = 'inventory:progress';

/** Shortest gap between two progress events of one task. */
export const PROGRESS_THROTTLE_MS = 500;

type Pending = { last: number; timer: NodeJS.Timeout | null; subTaskIds: Set<number>; tenantId: number };

const emitters = new WeakMap<ProgressSink, (tenantId: number, taskId: number, subTaskId: number | null) => void>();

/**
 * Tells the tenant's sockets that counting progressed (`inventory:progress` with `{ taskId, subTaskId }`), at most
 * once per task per 500 ms: the first change is sent at once, later ones within the window once at its end (with
 * the sub-task when only one changed, else `subTaskId` null). One emitter per realtime service, shared by the routes that count.
 */
export function progressEmitter(sink: ProgressSink) {
  const known = emitters.get(sink);
  if (known) return known;
  const tasks = new Map<number, Pending>();
  const send = (tenantId: number, taskId: number, subTaskId: number | null) =>
    sink.emit(rooms.tenant(tenantId), PROGRESS_EVENT, { taskId, subTaskId });
  const notify = (tenantId: number, taskId: number, subTaskId: number | null) => {
    const now = Date.now();
    const p = tasks.get(taskId);
    if (!p || (now - p.last >= PROGRESS_THROTTLE_MS && !p.timer)) {
      tasks.set(taskId, { last: now, timer: null, subTaskIds: new Set(), tenantId });
      send(tenantId, taskId, subTaskId);
      return;
    }
    p.subTaskIds.add(subTaskId ?? 0);
    if (p.timer) return;
    p.timer = setTimeout(
      () => {
        p.timer = null;
        p.last = Date.now();
        // one event for the window: its sub-task when only one changed, else null (several)
        const ids = [...p.subTaskIds];
        p.subTaskIds.clear();
        send(p.tenantId, taskId, ids.length === 1 && ids[0] !== 0 ? (ids[0] as number) : null);
      },
      Math.max(0, PROGRESS_THROTTLE_MS - (now - p.last)),
    );
    p.timer.unref();
  };
  emitters.set(sink, notify);
  return notify;
}
