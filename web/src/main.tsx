// Browser entry point: global styles, the stale-chunk guard, the service worker, then the app.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { acceptEarlyBannerClicks } from './features/consent/lib/early-banner-clicks';
import { startFromHtml } from './shared/lib/hydration';
import { keepServerPaint } from './shared/lib/server-paint';
import { restoreImpersonation } from './shared/lib/impersonation';
import { startErrorReporting } from './shared/lib/error-reporting';
import { reloadOnStaleChunk } from './shared/lib/stale-chunk-reload';
import './styles/global.css';

reloadOnStaleChunk();
restoreImpersonation();
startErrorReporting();
acceptEarlyBannerClicks();

// The service worker lives at the root with root scope; a browser without support, or any
// failure to register, is ignored (the site works the same without it). It registers once the
// page has loaded and the browser is idle, so it never competes with the first page's work.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    const register = () => navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A prerendered page (scripts/prerender.mjs) arrives drawn: React takes over its HTML. The build
// drew it without a query string; with one (a search, a dialog such as ?registration=1, a
// campaign's parameters) the app draws the page afresh over it instead. A job page the server drew
// (shared/lib/server-paint.ts) is drawn afresh too, its picture kept for the loading places. Any
// other page starts empty and is drawn here.
// In a transition React works in slices and lets the browser paint and take input in between,
// instead of one long task that blocks the page.
const serverDrawn = keepServerPaint(container);
const prerendered = !serverDrawn && container.firstElementChild !== null && window.location.search === '';
if (prerendered) startFromHtml();
startTransition(() => {
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
