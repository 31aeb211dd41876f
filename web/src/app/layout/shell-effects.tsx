// Behaviour every layout shares and that draws nothing itself: visitor id and campaign cookies and
// page-view tracking (only after "Alle akzeptieren", TDDDG § 25), scrolling to #anchors, impersonation via ?_switch_user, the
// "login failed" notice (?not_logged_in=1), the silent token refresh while signed in.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useConsent } from '@/features/consent/lib/consent-store';
import { authKeys } from '@/shared/auth/keys';
import { startTokenRefresh, refreshWithCookie } from '@/shared/auth/token-refresh';
import { getMe, useUser } from '@/shared/auth/use-user';
import { startImpersonation, stopImpersonation } from '@/shared/lib/impersonation';
import { track } from '@/shared/tracking/track';
import { ensureVisitorId, rememberCampaign } from '@/shared/tracking/visitor';
import { notify } from '@/shared/ui/notifications';

export const ANCHOR_RETRY_MS = 1000;
export const ANCHOR_MAX_TRIES = 50;
/** The spec's offset: arriving from another page, the anchor lands this far below the top. */
export const ANCHOR_OFFSET_PX = 590;

/**
 * Scrolls smoothly to the element named by the hash, waiting for it to appear (lazy pages, content
 * sections that arrive with the page's data). Arriving from another page (or on the first load)
 * the element is kept ANCHOR_OFFSET_PX below the top; a hash change on the same page scrolls it
 * to the top.
 */
function useAnchorScrolling() {
  const { hash, pathname } = useLocation();
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    const routeChanged = previousPath.current !== pathname;
    previousPath.current = pathname;
    if (!hash || hash.length < 2) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      const element = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (element) {
        const offset = routeChanged ? ANCHOR_OFFSET_PX : 0;
        const top = element.getBoundingClientRect().top + window.scrollY - offset;
        window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
        return;
      }
      if (++tries < ANCHOR_MAX_TRIES) timer = setTimeout(attempt, ANCHOR_RETRY_MS);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [hash, pathname]);
}

function useImpersonation() {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const grant = params.get('_switch_user');
    if (!grant) return;
    params.delete('_switch_user');
    startImpersonation(grant);
    void navigate({ pathname, search: params.toString() ? `?${params}` : '' }, { replace: true });
    getMe()
      .then((user) => {
        if (!user) throw new Error('impersonation refused');
        queryClient.setQueryData(authKeys.me(), user);
      })
      .catch(() => {
        stopImpersonation();
        void queryClient.invalidateQueries({ queryKey: authKeys.all });
      });
  }, [search, pathname, navigate, queryClient]);
}

/** Refreshes the tokens before they expire while someone is signed in; a refused refresh signs out. */
function useTokenRefresh() {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    return startTokenRefresh({
      refresh: refreshWithCookie,
      onExpired: () => {
        queryClient.setQueryData(authKeys.me(), null);
        notify({ message: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.', color: 'error', timeout: 5000 });
      },
    });
  }, [signedIn, queryClient]);
}

export function ShellEffects() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  const { optionalAllowed } = useConsent();

  // The visitor id and the campaign cookie are not strictly necessary: set only after consent.
  useEffect(() => {
    if (!optionalAllowed) return;
    ensureVisitorId();
    rememberCampaign(window.location.search);
  }, [optionalAllowed]);

  useEffect(() => {
    if (!optionalAllowed) return;
    track('page_viewed');
  }, [pathname, optionalAllowed]);

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.get('not_logged_in') !== '1') return;
    notify({ message: 'Die Anmeldung hat leider nicht geklappt. Bitte versuche es noch einmal.', color: 'error', timeout: 5000 });
    params.delete('not_logged_in');
    void navigate({ pathname, search: params.toString() ? `?${params}` : '' }, { replace: true });
  }, [search, pathname, navigate]);

  useAnchorScrolling();
  useImpersonation();
  useTokenRefresh();
  return null;
}
