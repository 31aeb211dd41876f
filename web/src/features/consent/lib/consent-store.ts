// Shared consent state: the banner, the footer link that reopens it, and the loaders of
// optional scripts all read it here.
import { useSyncExternalStore } from 'react';
import { allowsOptional, needsBanner, readConsentCookie, storeConsent, type ConsentChoice } from '@/shared/lib/consent';

type State = { bannerOpen: boolean; optionalAllowed: boolean };

function initial(): State {
  const raw = typeof document === 'undefined' ? null : readConsentCookie();
  return { bannerOpen: needsBanner(raw, Date.now()), optionalAllowed: allowsOptional(raw, Date.now()) };
}

let state: State | null = null;
const listeners = new Set<() => void>();
const get = () => (state ??= initial());
const set = (next: State) => {
  state = next;
  listeners.forEach((listener) => listener());
};

export const consentStore = {
  choose(choice: ConsentChoice) {
    storeConsent(choice);
    set({ bannerOpen: false, optionalAllowed: choice === 'all' });
  },
  reopen() {
    set({ ...get(), bannerOpen: true });
  },
  /** The visitor has not chosen yet (the browser's view, whatever a prerendered page shows). */
  pending(): boolean {
    return get().bannerOpen;
  },
  /** Tests start from the cookie again. */
  reset() {
    state = null;
  },
};

// A prerendered page is drawn without the banner (nothing there needs consent before scripts
// run); the browser shows it right after hydration when the visitor has not chosen yet.
const prerendered: State = { bannerOpen: false, optionalAllowed: false };

export function useConsent(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get,
    () => prerendered,
  );
}
