// The service worker of the web app (built by `sw-build.mjs` into `dist/sw.js`). It lets a counter reload the
// scanning workbench without a network: the app shell (index.html, the entry's and the scanning page's files) is
// cached when the worker installs, other hashed assets as they are fetched, and the few GET answers the shell
// needs to start (the user, the menu tree, the branding) are kept from their last successful fetch. Everything
// else goes to the network as usual; scans themselves wait in IndexedDB (the workbench's queue), not here.

const sw = self as unknown as ServiceWorkerGlobalScope;
/** Files to cache on install (injected by the build). */
declare const __PRECACHE__: string[];
/** A name that changes with every build whose files change (injected by the build). */
declare const __BUILD__: string;

const SHELL = `shelfwise-shell-${__BUILD__}`;
const API = 'shelfwise-api';
/** GET answers the shell needs to start; kept per URL from their last successful fetch. */
const START_API = new Set(['/api/sysAuth/userInfo', '/api/sysMenu/loginMenuTree', '/api/sysConfig/sysInfo']);

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(__PRECACHE__))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  // files of earlier builds go; the kept API answers stay (they do not depend on the build)
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('shelfwise-shell-') && k !== SHELL).map((k) => caches.delete(k))),
      )
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('message', (event) => {
  // sign-out (or a different user signing in): the kept answers were the previous user's
  if (event.data === 'clear-api') event.waitUntil(caches.delete(API));
  // a page whose navigation was under way while the worker activated missed its `claim`: it asks again
  if (event.data === 'claim') event.waitUntil(sw.clients.claim());
});

/**
 * How kept answers are found: by URL alone. The server answers `Vary: Origin`, and a module script's request carries
 * an `Origin` header that the install's own requests had not, so matching by `Vary` found none of the precached
 * files, and a page reloaded without a network had no scripts.
 */
const KEPT_MATCH: CacheQueryOptions = { ignoreVary: true };

/** The network's answer, kept in `cacheName` when it is a success; without a network, the kept one. */
async function networkFirst(request: Request, cacheName: string, fallback?: string): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(cacheName);
      await cache.put(fallback ?? request, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(fallback ?? request, KEPT_MATCH);
    if (kept) return kept;
    throw error;
  }
}

/** A hashed (immutable) asset: from the cache, else fetched and kept. */
async function cacheFirst(request: Request): Promise<Response> {
  const kept = await caches.match(request, KEPT_MATCH);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(SHELL)).put(request, response.clone());
  return response;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') {
    // every client route is the same page
    event.respondWith(networkFirst(request, SHELL, '/index.html'));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (START_API.has(url.pathname)) {
    event.respondWith(networkFirst(request, API));
  }
});
