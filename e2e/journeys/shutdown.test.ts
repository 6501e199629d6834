import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startServer } from '../support/server';

describe('graceful shutdown of the built server', () => {
  it('finishes every request it has started when SIGTERM arrives, and exits promptly', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    const body = JSON.stringify({ account: 'admin', password: server.password });
    const received = () =>
      server
        .output()
        .split('\n')
        .filter((l) => l.includes('"url":"/api/sysAuth/login"') && l.includes('"msg":"incoming request"')).length;
    // sign-ins spend tens of milliseconds hashing: many are still running when the signal comes
    const inFlight = [...Array(30)].map(() =>
      fetch(`${server.url}/api/sysAuth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
        .then((r) => r.status)
        .catch((e: Error & { cause?: { code?: string } }) => `error ${e.cause?.code ?? e.message}`),
    );
    // the signal comes once the server has received every request (its log says so); a request still unread in
    // a socket when the listener closes counts as new, and Node resets those connections
    const waitUntil = Date.now() + 10_000;
    while (received() < 30 && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 5));
    assert.equal(received(), 30, 'the server received every request');
    const started = Date.now();
    await server.stop();
    const statuses = await Promise.all(inFlight);
    assert.deepEqual(statuses, Array(30).fill(200), 'every request the server had started completes');
    assert.ok(Date.now() - started < 5000, `shutdown took ${Date.now() - started} ms`);
  });
});
