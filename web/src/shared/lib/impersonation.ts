// Impersonation (used by the API client, auth and tracking) (site-shell-and-providers.md, section 4): `/?_switch_user=<email>` makes every API
// call carry the `_switch_user` header while the administrator is logged in. The value lives in
// sessionStorage (this tab only) and the parameter is stripped from the address.
import { setDefaultHeader } from '@/shared/api/client';

const KEY = 'jobhafen:switch-user';
export const SWITCH_USER_HEADER = '_switch_user';

export function startImpersonation(email: string) {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // without storage the header still applies until the tab is reloaded
  }
  setDefaultHeader(SWITCH_USER_HEADER, email);
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
