// After a deploy, a page opened before it may ask for a code chunk whose hashed
// name no longer exists. Vite reports that as `vite:preloadError`; one reload
// fetches the new index.html and its new chunks. The spec allows at most one such
// reload per 60 s, so a chunk that is truly broken shows the error page instead
// of reloading forever.
const STORAGE_KEY = 'jobhafen:stale-chunk-reload-at';
const RELOAD_GUARD_MS = 60_000;

/** Installs the guard; returns a function that removes it (tests). */
export function reloadOnStaleChunk(reload: () => void = () => window.location.reload()): () => void {
  const onPreloadError = (event: Event) => {
    try {
      const last = Number(sessionStorage.getItem(STORAGE_KEY) ?? 0);
      if (Date.now() - last < RELOAD_GUARD_MS) return;
      sessionStorage.setItem(STORAGE_KEY, String(Date.now()));
    } catch {
      return; // no storage (privacy mode): without the guard, don't risk a reload loop
    }
    event.preventDefault();
    reload();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
