import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy of everything this server sends: only our own origin, inline styles for antd. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Security headers on every response, computed once (the usual middleware rebuilds them per request, a
 * measurable cost on small JSON answers). Routes may replace one, e.g. the API docs set their own CSP.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }) {
  const headers: Record<string, string> = {
    'content-security-policy': CSP,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
}
