import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of everything this server sends: only our own origin, inline styles for antd. Media
 * may also come from `blob:` (a video fed through Media Source Extensions, as the HLS player does); the live view's
 * camera streams from the configured stream sources (LIVE_STREAM_SOURCES), which the browser fetches directly from
 * the warehouse's network.
 */
export function contentSecurityPolicy(streamSources: readonly string[] = []): string {
  const streams = streamSources.map((s) => ` ${s}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${streams}`,
    `media-src 'self' blob:${streams}`,
    "font-src 'self' data:",
    `connect-src 'self' ws: wss:${streams}`,
    "object-src 'none'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Security headers on every response, computed once (the usual middleware rebuilds them per request, a
 * measurable cost on small JSON answers). Pages and files get the browser set; API answers get the short set
 * OWASP recommends for REST services, including `no-store` (they carry tokens and personal data). Routes may
 * replace one, e.g. the API docs set their own CSP.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean; streamSources?: readonly string[] },
) {
  const hsts: Record<string, string> = options.hsts
    ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    : {};
  const documents: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options.streamSources),
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
