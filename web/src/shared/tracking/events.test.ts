// The event table: every tracking event of site-shell-and-providers.md section 7 and the component
// that sends it where its action happens. The test reads each named source file and fails when the
// event is not sent there, when an event has no sender, or when the web's list and the server's
// list (actors/tracking/tracking_events.cpp) disagree.
import { describe, expect, it } from 'vitest';
import { FLOW_EVENTS, SHIFT_EVENTS, SPEC_EVENTS, type SpecEvent } from './track';

// The server's list, read from its source (outside web/, so through Node rather than a Vite import).
const nodeFs = 'node:fs';
const { readFileSync } = (await import(/* @vite-ignore */ nodeFs)) as { readFileSync: (path: string, encoding: 'utf8') => string };
const webRoot = (globalThis as unknown as { process: { cwd(): string } }).process.cwd(); // vitest runs in web/
const serverEvents = readFileSync(`${webRoot}/../actors/tracking/tracking_events.cpp`, 'utf8');

// Every source file of the app as text, by its path below src/.
const SOURCES = Object.fromEntries(
  Object.entries(import.meta.glob<string>('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })).map(([path, text]) => [
    path.replace(/^\/src\//, ''),
    text,
  ]),
);
const CONTENT = 'shared/tracking/content-tracking.ts'; // used by features/content/routes/content-collection.tsx

export const EVENT_SENDERS: Record<SpecEvent, string> = {
  article_details_viewed: CONTENT,
  article_listing_viewed: CONTENT,
  article_shared: CONTENT,
  page_viewed: 'app/layout/shell-effects.tsx',
  jobs_searched: 'features/jobs/components/job-search.tsx',
  job_shared: 'features/jobs/routes/job-detail-page.tsx',
  job_box_viewed: 'app/routes/content-feature-sections.tsx',
  job_details_clicked: 'features/jobs/components/job-results.tsx',
  job_application_clicked: 'features/jobs/routes/job-detail-page.tsx',
  job_details_viewed: 'features/jobs/routes/job-detail-page.tsx',
  job_listing_viewed: 'features/jobs/components/job-search.tsx',
  organization_details_viewed: 'features/organizations/routes/organization-page.tsx',
  organization_listing_viewed: 'features/organizations/routes/organizations-page.tsx',
  organizations_searched: 'features/organizations/routes/organizations-page.tsx',
  organization_contacted: 'features/jobs/components/question-dialog.tsx',
  project_contact: 'features/contact/components/contact-dialog.tsx',
  general_contact: 'features/contact/components/contact-dialog.tsx',
  byll_account_created: 'features/account/routes/billing-page.tsx',
  byll_used: 'features/account/routes/billing-page.tsx',
  email_verified: 'features/auth/routes/verify-email-page.tsx',
  job_applied_to: 'features/jobs/routes/job-application-page.tsx',
  job_favored: 'features/jobs/routes/job-detail-page.tsx',
  job_unfavored: 'features/jobs/routes/job-detail-page.tsx',
  logged_in: 'features/auth/components/check-email-dialog.tsx',
  newsletter_setting_changed: 'features/account-settings/routes/settings-page.tsx',
  jobletter_setting_changed: 'features/account-settings/routes/settings-page.tsx',
  profile_data_changed: 'features/account/components/profile-block.tsx',
  profile_document_changed: 'features/account/routes/documents-page.tsx',
  profile_image_changed: 'features/account/routes/images-page.tsx',
  profile_video_changed: 'features/account/routes/videos-page.tsx',
  incomplete_profile_dialog_opened: 'features/jobs/routes/job-application-page.tsx',
  registered: 'features/auth/components/check-email-dialog.tsx',
  organization_registered: 'features/organization-registration/components/register-with-job-dialog.tsx',
  sedcard_downloaded: 'features/account/routes/sedcard-page.tsx',
  user_settings_changed: 'features/account-settings/routes/settings-page.tsx',
  deleted: 'features/account-settings/routes/delete-account-page.tsx',
  forgot_password: 'features/auth/components/check-email-dialog.tsx',
  organization_stared: 'features/organizations/components/star-rating.tsx',
  organization_unstared: 'features/ratings/routes/my-ratings-page.tsx',
  job_alert_subscribed: 'features/jobs/components/save-job-alert.tsx',
  job_alert_unsubscribed: 'features/account/routes/job-alert-unsubscribe-page.tsx',
  wiki_shared: CONTENT,
  event_details_viewed: CONTENT,
  event_listing_viewed: CONTENT,
  event_shared: CONTENT,
};

/** The steps of shifts (issue 30) and the file that tracks each where it happens. */
export const SHIFT_EVENT_SENDERS: Record<(typeof SHIFT_EVENTS)[number], string> = {
  shift_chosen: 'features/jobs/routes/job-application-page.tsx',
  shift_confirmed: 'shared/portal/shifts.ts',
  calendar_subscribed: 'features/shifts/api/calendar-token.ts',
};

/** The five flows of spec section 4 and the component that tracks their steps. */
export const FLOW_SENDERS = {
  job_application: 'features/jobs/routes/job-application-page.tsx',
  registration_and_application: 'features/auth/components/check-email-dialog.tsx',
  registration_before_application: 'features/auth/components/check-email-dialog.tsx',
  update_and_application: 'features/jobs/routes/job-application-page.tsx',
  organisation_registration: 'features/organization-registration/components/register-with-job-dialog.tsx',
};

const source = (path: string) => {
  const text = SOURCES[path];
  if (text === undefined) throw new Error(`no source file ${path}`);
  return text;
};

describe('tracking events', () => {
  it('knows the 45 events of the spec, the same as the server accepts', () => {
    expect(SPEC_EVENTS).toHaveLength(45);
    const names = [...serverEvents.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]);
    for (const event of [...SPEC_EVENTS, ...FLOW_EVENTS, ...SHIFT_EVENTS]) expect(names, event).toContain(event);
  });

  it.each(Object.entries(SHIFT_EVENT_SENDERS))('the shift step %s is sent by %s', (event, file) => {
    expect(source(file)).toContain(`track('${event}'`);
  });

  it.each(SPEC_EVENTS.map((event) => [event, EVENT_SENDERS[event]] as const))('%s is sent by %s', (event, file) => {
    expect(file, `no sender for ${event}`).toBeTruthy();
    // The event's name appears in the file as a literal passed to track() (directly or via a table).
    expect(source(file)).toContain(`'${event}'`);
    expect(source(file)).toMatch(/\btrack(Flow)?\(/);
  });

  it.each(Object.entries(FLOW_SENDERS))('the %s flow tracks its steps in %s', (flow, file) => {
    const text = source(file);
    const sendsFlow = text.includes(`'${flow}'`) || (flow === 'organisation_registration' && text.includes("'organisation_registration_with_job'"));
    expect(sendsFlow).toBe(true);
    for (const step of ['started', 'finished', 'closed']) expect(text, `${flow} ${step}`).toContain(`'${step}'`);
  });

  it('the content pages use the content tracking', () => {
    const page = source('features/content/routes/content-collection.tsx');
    expect(page).toContain('useContentViewTracking(');
    expect(page).toContain('shareContent(');
  });
});
