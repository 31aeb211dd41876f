// Tracking events: POST /api/webhook/{event} with the event's fields, the last-click parameters,
// the page address, referrer and query. The server adds cookies, device and address, drops what
// it must not keep, and answers 204 either way. Failures are ignored (spec); nothing is sent while
// an administrator impersonates a candidate.
import { isImpersonating } from '@/shared/lib/impersonation';
import { lastClick } from './visitor';

export type TrackedEvent =
  | 'page_viewed'
  | 'jobs_searched'
  | 'job_shared'
  | 'job_details_viewed'
  | 'job_listing_viewed'
  | 'job_application_clicked'
  | 'job_favored'
  | 'job_alert_subscribed'
  | 'organization_details_viewed'
  | 'organization_listing_viewed'
  | 'organization_contacted'
  | 'organizations_searched'
  | 'logged_in'
  | 'registered'
  | 'general_contact'
  | 'project_contact'
  | 'organization_registered'
  | 'article_details_viewed'
  | 'event_details_viewed'
  | 'wiki_shared';

export type EventFields = Partial<{
  jobPostingId: number;
  organizationId: number;
  articleId: number;
  eventId: number;
  wikiId: number;
  type: string;
  step: string;
  flow: string;
  formName: string;
  subscribed: boolean;
  searchable: boolean;
}>;

/** Web analytics values per event (site-shell-and-providers.md, section 9); others count 1. */
const ANALYTICS_VALUES: Partial<Record<TrackedEvent, number>> = {
  organization_registered: 100,
  job_alert_subscribed: 25,
  general_contact: 20,
  project_contact: 20,
  organization_contacted: 20,
  job_favored: 10,
  job_shared: 10,
  wiki_shared: 10,
  logged_in: 10,
  registered: 100,
};

/** The analytics tracker's queue exists only after consent and when configured (features/consent). */
function analyticsEvent(event: TrackedEvent) {
  const queue = (window as unknown as { _paq?: unknown[][] })._paq;
  if (!queue || event === 'page_viewed') return;
  const [category = event, ...rest] = event.split('_');
  queue.push(['trackEvent', category, rest.join('_') || event, window.location.pathname, ANALYTICS_VALUES[event] ?? 1]);
}

export function track(event: TrackedEvent, fields: EventFields = {}): void {
  if (isImpersonating()) return;
  analyticsEvent(event);
  const body = JSON.stringify({
    ...fields,
    ...lastClick(),
    url: window.location.href,
    referrer: document.referrer || undefined,
    queryParams: Object.fromEntries(new URLSearchParams(window.location.search)),
    ssr: false,
  });
  try {
    void fetch(`/api/webhook/${event}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // tracking never disturbs the page
  }
}
