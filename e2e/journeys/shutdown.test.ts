import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startServer } from '../support/server';

describe('graceful shutdown of the built server', () => {
  it('answers every request in flight when SIGTERM arrives, refuses new ones, and exits promptly', async () => {
    const server = await startServer({ LOG_LEVEL: 'warn' });
    const body = JSON.stringify({ account: 'admin', password: server.password });
    // sign-ins spend tens of milliseconds hashing: 30 of them are still running when the signal comes
    const inFlight = [...Array(30)].map(() =>
      fetch(`${server.url}/api/sysAuth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
        .then((r) => r.status)
        .catch((e: Error & { cause?: { code?: string } }) => `error ${e.cause?.code ?? e.message}`),
    );
    await new Promise((r) => setTimeout(r, 120));
    const started = Date.now();
    await server.stop();
    const statuses = await Promise.all(inFlight);
    assert.deepEqual(
      statuses.filter((s) => s !== 200 && s !== 503),
      [],
      'no request may be cut off',
    );
    assert.ok(statuses.includes(200), 'requests already running complete normally');
    assert.ok(Date.now() - started < 5000, `shutdown took ${Date.now() - started} ms`);
  });
});
