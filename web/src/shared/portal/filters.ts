// What the portal's lists are filtered by: a job posting's state and an applicant's status. Both
// the query keys (keys.ts) and the API modules (job-postings.ts, applications.ts) use them, so they
// live here and keys.ts imports no API module (no import cycle).

/** `review`: published anyway with findings of the AGG wording check, waiting for an administrator (docs/fair-play.md). */
export type JobPostingState = 'draft' | 'published' | 'review' | 'paused' | 'closed';
export const JOB_POSTING_STATES: JobPostingState[] = ['draft', 'published', 'review', 'paused', 'closed'];

/** `sent` is "new": the organization has not looked at it yet. */
export type ApplicantStatus = 'sent' | 'seen' | 'shortlisted' | 'invited' | 'declined' | 'hired';
/** The statuses a provider sets (the server refuses `sent`). */
export const REVIEW_STATUSES: ApplicantStatus[] = ['seen', 'shortlisted', 'invited', 'declined', 'hired'];
export const FILTER_STATUSES: ApplicantStatus[] = ['sent', ...REVIEW_STATUSES];

export type ApplicantFilter = { jobPosting?: number; status?: ApplicantStatus; page: number };
