// Loads what needs consent — the analytics tracker and the ad server script — once the
// visitor chose "Alle akzeptieren", and only when they are configured (shared/lib/config.ts).
// Nothing is requested before that.
import { useEffect } from 'react';
import { config } from '@/shared/lib/config';
import { useConsent } from '../lib/consent-store';

function addScript(src: string, id: string) {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

export function OptionalScripts() {
  const { optionalAllowed } = useConsent();
  useEffect(() => {
    if (!optionalAllowed) return;
    if (config.analyticsUrl) {
      const base = config.analyticsUrl.replace(/\/?$/, '/');
      const queue = ((window as unknown as { _paq?: unknown[][] })._paq ??= []);
      queue.push(['setTrackerUrl', `${base}matomo.php`], ['setSiteId', config.analyticsSiteId], ['trackPageView']);
      addScript(`${base}matomo.js`, 'jh-analytics');
    }
    if (config.adServerUrl) addScript(config.adServerUrl, 'jh-ad-server');
  }, [optionalAllowed]);
  return null;
}
