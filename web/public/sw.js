// Jobhafen's service worker, registered at the site root (scope "/"). It takes control at once
// and leaves every request to the network: pages and API answers must never come from a stale
// cache (hashed assets are already cached by the browser for a year). It exists so the site can
// be installed and so later features (push messages) have a worker to build on.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
