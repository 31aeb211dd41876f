// Calls back once, the first time any part of an element enters the viewport
// (IntersectionObserver); a browser without the observer counts it as seen at once. The
// element's component mounts once per page view, so "once" is once per element and page view.
import { useEffect, useRef } from 'react';

export function useSeenOnce<T extends Element>(onSeen: () => void) {
  const ref = useRef<T>(null);
  const callback = useRef(onSeen);
  useEffect(() => {
    callback.current = onSeen;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      callback.current();
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      callback.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}
