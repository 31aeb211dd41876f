// Runs before every test file. Vitest here runs without globals, so Testing
// Library cannot register its own cleanup; do it explicitly.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { ASYNC_WAIT_MS } from './wait';

// The files share one jsdom per worker (vite.config.ts: isolate off, a new jsdom per file was 40 %
// of the run's time), so each file starts from what a fresh page would be: no globals stubbed by
// the file before, real timers, no cookies, empty storage, the site's root as the URL, an empty
// head and body and no title.
function startAsAFreshPage() {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (typeof document === 'undefined') return;
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
}
startAsAFreshPage();

// Lazy pages are transformed on first import; on a busy 2-core CI machine that
// can take far longer than Testing Library's default 1 s for findBy*/waitFor
// (5 s was not enough under load: src/testing/wait.ts).
configure({ asyncUtilTimeout: ASYNC_WAIT_MS });

afterEach(() => {
  cleanup();
});

// jsdom has no layout and only logs "not implemented" for scrollTo, which the
// router's ScrollRestoration calls on every navigation.
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
}

// jsdom has no modal dialogs yet: open/close them as plain elements so dialogs render.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
