// Silent token refresh (docs/accounts.md, "Auth"): the access token lives 900 s in an HttpOnly
// cookie, so the app cannot read it; it learns the expiry from the token in the body of login,
// registration and refresh answers (the JWT's `exp`) and keeps it in localStorage, so every tab
// shares it. A refresh is due REFRESH_MARGIN_S before expiry; a tab whose timer fires re-reads the
// stored expiry first, so when another tab refreshed already it only reschedules (a refresh token
// presented twice would revoke the whole login). With no known expiry (a reload) it refreshes at
// once. A refused refresh (401) logs out cleanly: cookies cleared by the server, user set to null.
import { api, ApiError } from '@/shared/api/client';

export const TOKEN_EXPIRY_KEY = 'jh.tokenExpiry';
export const REFRESH_MARGIN_S = 60;
/** After a network failure the next try waits this long (the token may still be valid). */
export const RETRY_AFTER_MS = 30_000;

/** The `exp` claim (seconds since 1970) of a JWT, or null when it cannot be read. */
export function tokenExpiry(jwt: string | undefined | null): number | null {
  const payload = jwt?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

/** Milliseconds until the refresh is due: REFRESH_MARGIN_S before `expiry`, never negative. */
export function refreshDelayMs(expiry: number | null, nowMs: number): number {
  if (expiry === null) return 0;
  return Math.max(0, (expiry - REFRESH_MARGIN_S) * 1000 - nowMs);
}

export function readExpiry(): number | null {
  try {
    const value = Number(localStorage.getItem(TOKEN_EXPIRY_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the expiry of a token the server just issued (login, registration, refresh). */
export function noteToken(jwt: string | undefined | null) {
  const expiry = tokenExpiry(jwt);
  try {
    if (expiry === null) localStorage.removeItem(TOKEN_EXPIRY_KEY);
    else localStorage.setItem(TOKEN_EXPIRY_KEY, String(expiry));
  } catch {
    // no storage: the next page load refreshes at once
  }
}

export function forgetToken() {
  try {
    localStorage.removeItem(TOKEN_EXPIRY_KEY);
  } catch {
    // nothing stored
  }
}

type Refresher = {
  /** Calls POST /token/refresh; resolves with the new access token. */
  refresh: () => Promise<string | undefined>;
  /** The session is gone (401 on refresh). */
  onExpired: () => void;
  now?: () => number;
};

export const refreshWithCookie = async () =>
  (await api.post<{ token?: string }>('/token/refresh', {}))?.token;

/**
 * Keeps the session alive while signed in; answers a function that stops the timers. Time and the
 * refresh call come in from outside so the schedule can be tested with fake timers.
 */
export function startTokenRefresh({ refresh, onExpired, now = Date.now }: Refresher): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let dueAt = 0;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    dueAt = now() + delay;
    timer = setTimeout(fire, delay);
  };

  async function fire() {
    if (stopped) return;
    const expiry = readExpiry();
    const delay = refreshDelayMs(expiry, now());
    if (expiry !== null && delay > 0) return schedule(delay); // another tab refreshed already
    try {
      noteToken(await refresh());
      if (!stopped) schedule(refreshDelayMs(readExpiry(), now()) || RETRY_AFTER_MS);
    } catch (error) {
      if (stopped) return;
      if (error instanceof ApiError && error.status === 401) {
        forgetToken();
        onExpired();
      } else {
        schedule(RETRY_AFTER_MS);
      }
    }
  }

  // Another tab stored a new expiry: follow it instead of refreshing on the old schedule.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_EXPIRY_KEY) return;
    const delay = refreshDelayMs(readExpiry(), now());
    if (readExpiry() !== null && Math.abs(now() + delay - dueAt) > 1000) schedule(delay);
  };
  window.addEventListener('storage', onStorage);
  schedule(refreshDelayMs(readExpiry(), now()));
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('storage', onStorage);
  };
}
