// The service worker (src/sw/sw.ts) lets the scanning workbench reload without a network. It is registered in
// production builds only (the dev server has no dist/sw.js).

/** Registers `/sw.js` once the page has loaded (it then caches the app shell in the background). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // a page still loading when the worker activated is not claimed with the others, and an uncontrolled page
        // cannot be reloaded offline: it asks the worker to claim it
        if (!navigator.serviceWorker.controller) registration.active?.postMessage('claim');
      })
      .catch(() => {
        // without a worker the app works as before, only not reloadable offline
      });
  });
}

/**
 * Calls `then` once when this page, loaded without a worker, comes under one (the worker's claim). What the page
 * fetched before that passed the worker by, so it was not kept for an offline start: `then` fetches it again.
 * Returns the unsubscribe.
 */
export function whenClaimed(then: () => void): () => void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || navigator.serviceWorker.controller) return () => {};
  const container = navigator.serviceWorker;
  const on = () => then();
  container.addEventListener('controllerchange', on, { once: true });
  return () => container.removeEventListener('controllerchange', on);
}

/** Forgets the API answers the worker kept for starting offline (they belong to the user signing out). */
export function clearOfflineData(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage('clear-api');
}
