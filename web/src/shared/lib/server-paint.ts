// The main content the server drew into the page's HTML (actors/content/job_paint.h: a job detail,
// the job list), so the job shows before any script runs. React does not take this HTML over (it
// is not the app's markup): main.tsx keeps it here and starts the app afresh; until the app's own
// page has its code and data, the loading places show the server's picture instead of a spinner
// (shared/ui/server-paint.tsx), so the content stays on screen throughout.

let paint: { path: string; element: Element } | null = null;

/** Keeps the server's drawing of `container` (the root element), if it has one; true when it had. */
export function keepServerPaint(container: Element, path = window.location.pathname): boolean {
  const element = container.firstElementChild;
  if (!element?.hasAttribute('data-server-paint')) return false;
  paint = { path, element };
  return true;
}

/** The first navigation ends the server's picture: it shows only the page it was drawn for. */
export function serverPaintOver(): void {
  paint = null;
}

/**
 * The HTML of the server's drawing (or of its part matching `selector`) while the app is still on
 * the page it was drawn for; null otherwise.
 */
export function serverPaintHtml(selector?: string, path?: string): string | null {
  if (!paint || paint.path !== (path ?? window.location.pathname)) return null;
  const part = selector ? paint.element.querySelector(selector) : paint.element;
  return part ? part.outerHTML : null;
}
