import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { tokens } from '../../../lib/auth/tokens';
import { taskKeys } from './task.api';

/** Bursts of scans push many events: the figures are fetched again at most this often. */
const THROTTLE_MS = 2_000;

/** What the server pushes while counting (the figures of `inventoryCheckTask/progress`, at least the task id). */
type ProgressEvent = { taskId?: number } | undefined;

/**
 * Keeps count progress live while a page is on screen: listens to the Socket.IO event `inventory:progress` and fetches
 * the task's figures (and the task, sub-task and item lists) again. The pages also poll every 10 s, so figures stay
 * fresh when the socket is refused or lost.
 */
export function useProgressLive(enabled = true) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || !tokens.access()) return;
    const socket = io({ path: '/socket.io', auth: (cb) => cb({ token: tokens.access() }) });
    const pending = new Set<number | 'all'>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const ids = [...pending];
      pending.clear();
      for (const id of ids)
        if (id !== 'all') void qc.invalidateQueries({ queryKey: taskKeys.progress(id) });
        else void qc.invalidateQueries({ queryKey: [...taskKeys.all, 'progress'] });
      void qc.invalidateQueries({ queryKey: [...taskKeys.all, 'page'] });
      void qc.invalidateQueries({ queryKey: ['inventoryCheckSubTask'] });
    };
    socket.on('inventory:progress', (e: ProgressEvent) => {
      pending.add(typeof e?.taskId === 'number' ? e.taskId : 'all');
      if (!timer) timer = setTimeout(flush, THROTTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      socket.close();
    };
  }, [qc, enabled]);
}
