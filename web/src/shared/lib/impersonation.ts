// Impersonation (used by the API client, auth and tracking) (site-shell-and-providers.md, section 4): `/?_switch_user=<grant>` makes every API
// call carry the `_switch_user` header while the administrator is logged in. The grant comes from an
// administrator's POST /api/admin/impersonations (its `switchUrl`); the server refuses a bare
// address. The value lives in sessionStorage (this tab only) and the parameter is stripped from the address.
import { setDefaultHeader } from '@/shared/api/client';

const KEY = 'jobhafen:switch-user';
export const SWITCH_USER_HEADER = '_switch_user';

export function startImpersonation(grant: string) {
  try {
    sessionStorage.setItem(KEY, grant);
  } catch {
    // without storage the header still applies until the tab is reloaded
  }
  setDefaultHeader(SWITCH_USER_HEADER, grant);
}

export function stopImpersonation() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
  setDefaultHeader(SWITCH_USER_HEADER, null);
}

/** Restores the header after a reload of the tab. */
export function restoreImpersonation() {
  try {
    const email = sessionStorage.getItem(KEY);
    if (email) setDefaultHeader(SWITCH_USER_HEADER, email);
  } catch {
    // no storage
  }
}

export function isImpersonating(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}
