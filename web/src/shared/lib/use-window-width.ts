// The window's inner width, updated at most once per `debounceMs` while the user resizes
// (the spec's menus re-count their visible items 200 ms after the last resize event).
import { useEffect, useState } from 'react';
import { useHydrated } from './hydration';

export const RESIZE_DEBOUNCE_MS = 200;

/** The width a prerendered page is drawn for (and hydrated with, before the real width applies). */
export const PRERENDER_WIDTH = 1440;

export function useWindowWidth(debounceMs = RESIZE_DEBOUNCE_MS): number {
  const hydrated = useHydrated();
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? PRERENDER_WIDTH : window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), debounceMs);
    };
    window.addEventListener('resize', onResize);
    // A resize between the first render (hydration of a prerendered page) and this listener
    // would otherwise go unseen until the next one.
    setWidth(window.innerWidth);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [debounceMs]);
  return hydrated ? width : PRERENDER_WIDTH;
}

/** The spec's breakpoints (xs 600, sm 960, md 1264, lg 1904). Below `sm` is "mobile". */
export const BREAKPOINTS = { xs: 600, sm: 960, md: 1264, lg: 1904 } as const;
