// The window's inner width, updated at most once per `debounceMs` while the user resizes
// (the spec's menus re-count their visible items 200 ms after the last resize event).
import { useEffect, useState } from 'react';

export const RESIZE_DEBOUNCE_MS = 200;

export function useWindowWidth(debounceMs = RESIZE_DEBOUNCE_MS): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1440 : window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), debounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [debounceMs]);
  return width;
}

/** The spec's breakpoints (xs 600, sm 960, md 1264, lg 1904). Below `sm` is "mobile". */
export const BREAKPOINTS = { xs: 600, sm: 960, md: 1264, lg: 1904 } as const;
