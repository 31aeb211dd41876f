import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/client';
import { readExpiry, refreshDelayMs, RETRY_AFTER_MS, startTokenRefresh, tokenExpiry, TOKEN_EXPIRY_KEY } from './token-refresh';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ sub: 1, exp })).replace(/=+$/, '')}.s`;

describe('token refresh scheduling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());
  const now = () => Date.now() / 1000;

  it('reads the expiry of a JWT and refreshes a minute before it', () => {
    expect(tokenExpiry(jwt(1234))).toBe(1234);
    expect(tokenExpiry('garbage')).toBeNull();
    expect(refreshDelayMs(now() + 900, Date.now())).toBe(840_000);
    expect(refreshDelayMs(now() + 30, Date.now())).toBe(0);
    expect(refreshDelayMs(null, Date.now())).toBe(0);
  });

  it('refreshes at once without a known expiry, then again before the new token expires', async () => {
    const refresh = vi.fn(async () => jwt(now() + 900));
    const onExpired = vi.fn();
    const stop = startTokenRefresh({ refresh, onExpired });
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(readExpiry()).toBe(now() + 900);
    await vi.advanceTimersByTimeAsync(839_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(2_000_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('does not refresh when another tab already did', async () => {
    localStorage.setItem(TOKEN_EXPIRY_KEY, String(now() + 900));
    const refresh = vi.fn(async () => jwt(now() + 900));
    const stop = startTokenRefresh({ refresh, onExpired: vi.fn() });
    await vi.advanceTimersByTimeAsync(800_000);
    localStorage.setItem(TOKEN_EXPIRY_KEY, String(now() + 900)); // the other tab's new token
    await vi.advanceTimersByTimeAsync(40_000);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  it('signs out on 401 and retries later after a network failure', async () => {
    const onExpired = vi.fn();
    const refresh = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockRejectedValueOnce(new ApiError(401, undefined));
    const stop = startTokenRefresh({ refresh, onExpired });
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(readExpiry()).toBeNull();
    stop();
  });
});
