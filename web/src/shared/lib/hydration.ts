// Whether the page is past hydration. A prerendered page (scripts/prerender.mjs) is taken over by
// React with hydrateRoot, whose first render must draw exactly what the build drew. Whatever
// depends on the browser (the window's width, cookies) or on data the build did not have (the
// jobs of a job box) reads this first: false during the prerender and the hydrating render, true
// right after, and always true in an app started without prerendered HTML.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
