import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './harness';

/** A browser-like User-Agent for sockets whose browser and OS a test reads back. */
export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Listens on a free port for the enclosing suite and opens signed-in Socket.IO clients against it (closed after
 * the suite). `open(token)` resolves once connected and rejects with the server's refusal.
 */
export function useSockets(get: () => TestApp) {
  let base = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    await get().app.listen({ port: 0, host: '127.0.0.1' });
    const address = get().app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });
  return {
    open(token: string, userAgent = CHROME_ON_WINDOWS) {
      return new Promise<Socket>((resolve, reject) => {
        const s = connect(base, {
          path: '/socket.io',
          auth: { token },
          transports: ['websocket'],
          reconnection: false,
          extraHeaders: { 'user-agent': userAgent },
        });
        sockets.push(s);
        s.on('connect', () => resolve(s));
        s.on('connect_error', (e) => reject(e));
      });
    },
  };
}

/** The next `event` a socket receives (rejects after `ms`). */
export function nextEvent<T>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Resolves with true when the socket receives `event` within `ms`, false otherwise. */
export async function receives(socket: Socket, event: string, ms = 300): Promise<boolean> {
  return nextEvent(socket, event, ms).then(
    () => true,
    () => false,
  );
}
