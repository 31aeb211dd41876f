import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunk } from './stale-chunk-reload';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

function preloadError(): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('stale chunk reload guard', () => {
  it('reloads once, then not again within 60 s, then again after', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 12), toFake: ['Date'] });
    const reload = vi.fn();
    const remove = reloadOnStaleChunk(reload);
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.UTC(2026, 10, 21, 12, 0, 59));
    // Within the guard the error is left to the router's error page.
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.UTC(2026, 10, 21, 12, 1, 1));
    preloadError();
    expect(reload).toHaveBeenCalledTimes(2);
    remove();
  });
});
