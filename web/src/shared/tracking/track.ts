// Tracking events: POST /api/webhook/{event} with the event's fields, the last-click parameters,
// the page address, referrer and query. The server adds cookies, device and address, drops what
// it must not keep, and answers 204 either way. Failures are ignored (spec).
// Nothing is sent before the visitor chose "Alle akzeptieren" (TDDDG § 25: our product statistics
// follow the same choice as analytics), and nothing while an administrator impersonates.
import { allowsOptional, readConsentCookie } from '@/shared/lib/consent';
import { isImpersonating } from '@/shared/lib/impersonation';
import { recruitmentPixel } from './pixel';
import { lastClick } from './visitor';

/** The 45 events of site-shell-and-providers.md section 7, as the server accepts them. */
export const SPEC_EVENTS = [
  'article_details_viewed', 'article_listing_viewed', 'article_shared',
  'page_viewed',
  'jobs_searched', 'job_shared', 'job_box_viewed', 'job_details_clicked', 'job_application_clicked',
  'job_details_viewed', 'job_listing_viewed',
  'organization_details_viewed', 'organization_listing_viewed', 'organizations_searched', 'organization_contacted',
  'project_contact', 'general_contact',
  'byll_account_created', 'byll_used',
  'email_verified', 'job_applied_to', 'job_favored', 'job_unfavored',
  'logged_in', 'newsletter_setting_changed', 'jobletter_setting_changed',
  'profile_data_changed', 'profile_document_changed', 'profile_image_changed', 'profile_video_changed',
  'incomplete_profile_dialog_opened',
  'registered', 'organization_registered',
  'sedcard_downloaded', 'user_settings_changed',
  'deleted', 'forgot_password',
  'organization_stared', 'organization_unstared',
  'job_alert_subscribed', 'job_alert_unsubscribed',
  'wiki_shared',
  'event_details_viewed', 'event_listing_viewed', 'event_shared',
] as const;

/** The steps of the tracked flows and of the registration dialog (spec section 4). */
export const FLOW_EVENTS = ['flow_step', 'registration_dialog'] as const;

/** The steps of shifts (issue 30, docs/shifts.md "Tracking"): shifts chosen, one confirmed, a calendar link made. */
export const SHIFT_EVENTS = ['shift_chosen', 'shift_confirmed', 'calendar_subscribed'] as const;

export type SpecEvent = (typeof SPEC_EVENTS)[number];
export type TrackedEvent = SpecEvent | (typeof FLOW_EVENTS)[number] | (typeof SHIFT_EVENTS)[number];

/** The five tracked flows (spec section 4) and their steps. */
export type Flow =
  | 'job_application'
  | 'registration_and_application'
  | 'registration_before_application'
  | 'update_and_application'
  | 'organisation_registration'
  | 'organisation_registration_with_job';
export type FlowStep = 'started' | 'finished' | 'back' | 'closed';

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
  shiftIds: number[];
  shiftId: number;
  shiftApplicationId: number;
}>;

/** Web analytics values per event (site-shell-and-providers.md, section 9); others count 1. */
export const ANALYTICS_VALUES: Partial<Record<TrackedEvent, number>> = {
  registered: 100,
  organization_registered: 100,
  job_applied_to: 50,
  byll_account_created: 50,
  email_verified: 50,
  profile_data_changed: 25,
  profile_document_changed: 25,
  profile_image_changed: 25,
  profile_video_changed: 25,
  user_settings_changed: 25,
  newsletter_setting_changed: 25,
  jobletter_setting_changed: 25,
  job_alert_subscribed: 25,
  job_alert_unsubscribed: 25,
  general_contact: 20,
  project_contact: 20,
  organization_contacted: 20,
  job_favored: 10,
  job_unfavored: 10,
  job_shared: 10,
  article_shared: 10,
  event_shared: 10,
  wiki_shared: 10,
  logged_in: 10,
};

/** True once the visitor chose "Alle akzeptieren" (and that choice is still valid). */
export function trackingAllowed(): boolean {
  return allowsOptional(readConsentCookie(), Date.now());
}

/** The analytics tracker's queue exists only after consent and when configured (features/consent). */
function analyticsEvent(event: TrackedEvent, fields: EventFields) {
  const queue = (window as unknown as { _paq?: unknown[][] })._paq;
  if (!queue || event === 'page_viewed') return;
  const [category = event, ...rest] = event === 'flow_step' ? ['flow', fields.step ?? ''] : event.split('_');
  const name = fields.flow ?? window.location.pathname;
  queue.push(['trackEvent', category, rest.join('_') || event, name, ANALYTICS_VALUES[event] ?? 1]);
}

export function track(event: TrackedEvent, fields: EventFields = {}): void {
  if (isImpersonating() || !trackingAllowed()) return;
  analyticsEvent(event, fields);
  recruitmentPixel(event, fields);
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

/** One step of a tracked flow (started, finished, back, closed). */
export function trackFlow(flow: Flow, step: FlowStep, fields: EventFields = {}): void {
  track('flow_step', { ...fields, flow, step });
}
