import type { Endpoint } from '@shelfwise/contract';
import { expect } from 'vitest';
import type { Called, TestApp } from './harness';

/** The field errors of an answer's body (`{}` when it has none). */
export function errorsOf(body: { result: unknown }): Record<string, string[]> {
  return (body.result as { errors: Record<string, string[]> } | null)?.errors ?? {};
}

/** A 400 with this error code whose field errors name exactly these fields. */
export function expect400(res: Called<Endpoint>, fields: string[], errorCode = 'validation') {
  expect(res.status).toBe(400);
  expect(res.body.extras?.errorCode).toBe(errorCode);
  expect(Object.keys(errorsOf(res.body)).sort()).toEqual([...fields].sort());
}

/** An answer with this status and error code. */
export function expectError(res: Called<Endpoint>, status: number, errorCode: string) {
  expect(res.status).toBe(status);
  expect(res.body.extras?.errorCode).toBe(errorCode);
}

// ------------------------------------------------------------------------------ raw HTTP (app.inject) answers

/** An answer of `app.inject`, as far as the checks below read it. */
export type RawResponse = { statusCode: number; headers: Record<string, unknown>; body: string };

/** The JSON wrapper of a raw answer. */
export const json = (r: RawResponse) =>
  JSON.parse(r.body) as {
    code: number;
    type: string;
    message: string;
    result: unknown;
    extras: Record<string, unknown>;
  };

/** Posts a raw body as JSON (it need not be valid JSON). */
export const postJson = (t: TestApp, url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

/** Pages get the browser set; API answers the REST set (nothing may load, nothing may frame, never cached). */
export function expectSecurityHeaders(r: RawResponse, kind: 'document' | 'api' = 'document') {
  const csp = String(r.headers['content-security-policy'] ?? '');
  if (kind === 'api') {
    expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['cache-control']).toBe('no-store');
  } else {
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
  }
  const framing = String(r.headers['x-frame-options'] ?? '').toUpperCase();
  expect(csp.includes("frame-ancestors 'self'") || csp.includes("frame-ancestors 'none'") || framing !== '').toBe(true);
  expect(framing === '' || framing === 'SAMEORIGIN' || framing === 'DENY').toBe(true);
  expect(r.headers['x-content-type-options']).toBe('nosniff');
  expect(r.headers['referrer-policy']).toBe('no-referrer');
  expect(r.headers['x-request-id']).toMatch(/^[\w.-]{8,64}$/);
}

/** A JSON error wrapper with this status and error code, carrying the answer's request id; returns the body. */
export function expectJsonError(r: RawResponse, status: number, errorCode: string) {
  expect(r.statusCode).toBe(status);
  expect(String(r.headers['content-type'])).toMatch(/^application\/json/);
  const body = json(r);
  expect(body).toMatchObject({ code: status, type: 'error', extras: { errorCode } });
  expect(body.extras.requestId).toBe(r.headers['x-request-id']);
  return body;
}
