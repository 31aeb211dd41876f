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

export function track(event: TrackedEvent, fields: EventFields = {}): void {
  if (isImpersonating()) return;
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
