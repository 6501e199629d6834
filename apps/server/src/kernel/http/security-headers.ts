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
 * measurable cost on small JSON answers). Pages and files get the browser set; API answers get the short set
 * OWASP recommends for REST services, including `no-store` (they carry tokens and personal data). Routes may
 * replace one, e.g. the API docs set their own CSP.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }) {
  const hsts: Record<string, string> = options.hsts
    ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    : {};
  const documents: Record<string, string> = {
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
    ...hsts,
  };
  const api: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...hsts,
  };
  // a callback hook, not an async one: it runs on every request, and a promise per request is measurable
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') ? api : documents);
    done();
  });
}
