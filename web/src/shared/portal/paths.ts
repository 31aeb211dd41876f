// The portal's addresses, in one place (everything under /recruiting, the organization layout).
import { FILTER_STATUSES, type JobPostingState } from './filters';

export const PORTAL = '/recruiting/portal';

/** ?stelle=&status=&seite= of the applicants' list (also carried by an applicant opened from it). */
function listQuery({ job, status, page = 1 }: { job?: number; status?: string; page?: number }): string {
  const query = new URLSearchParams();
  if (job) query.set('stelle', String(job));
  if (status) query.set('status', status);
  if (page > 1) query.set('seite', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The applicants' list filter from an address (the list page's, or an applicant's opened from it). */
export function readApplicantFilter(params: URLSearchParams) {
  const job = Number.parseInt(params.get('stelle') ?? '', 10);
  const status = FILTER_STATUSES.find((s) => s === params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('seite') ?? '1', 10) || 1);
  return { job: job > 0 ? job : undefined, status, page };
}

export const portalPath = {
  signIn: (next?: string) => `${PORTAL}/anmelden${next ? `?weiter=${encodeURIComponent(next)}` : ''}`,
  jobs: (state?: JobPostingState, page = 1) => {
    const query = new URLSearchParams();
    if (state) query.set('status', state);
    if (page > 1) query.set('seite', String(page));
    const text = query.toString();
    return `${PORTAL}/stellenanzeigen${text ? `?${text}` : ''}`;
  },
  newJob: () => `${PORTAL}/stellenanzeigen/neu`,
  /** "Stellen importieren": a CSV or Indeed XML file of many jobs (issue 44 item 7). */
  jobImport: () => `${PORTAL}/stellen-importieren`,
  job: (id: number) => `${PORTAL}/stellenanzeigen/${id}`,
  jobShifts: (id: number) => `${PORTAL}/stellenanzeigen/${id}/einsaetze`,
  /** The calendar of all the organization's shifts (a week or a month). */
  shifts: () => `${PORTAL}/einsaetze`,
  /** Worked hours after shifts and the month's § 17 MiLoG record (issue 43). */
  timeRecords: () => `${PORTAL}/arbeitszeiten`,
  /** The monthly report: views, applications, sources, response time, shifts (issue 44 item 8). */
  monthlyReport: (month?: string) => `${PORTAL}/monatsbericht${month ? `?monat=${month}` : ''}`,
  profile: () => `${PORTAL}/unternehmensprofil`,
  applicants: ({ job, status, page = 1 }: { job?: number; status?: string; page?: number } = {}) =>
    `${PORTAL}/bewerbungen${listQuery({ job, status, page })}`,
  /** One applicant; `list`: the filter of the list it was opened from, kept for "Nächste(r)". */
  applicant: (id: number, list: { job?: number; status?: string } = {}) => `${PORTAL}/bewerbungen/${id}${listQuery(list)}`,
  candidates: () => `${PORTAL}/bewerberdatenbank`,
  candidate: (id: number) => `${PORTAL}/bewerberdatenbank/${id}`,
  team: () => `${PORTAL}/team`,
  /** The organization's pool: talent pool and regulars (issue 42 item 4, issue 43 item 7). */
  pool: () => `${PORTAL}/pool`,
  forgotPassword: () => `${PORTAL}/passwort-vergessen`,
  /** The content page of the ad packages (spec: organization pages, stellenanzeigen-pakete). */
  packages: () => '/recruiting/stellenanzeigen-pakete',
};

/** Only a path inside the portal is followed after sign-in (no open redirect). */
export function safeNext(next: string | null): string {
  return next && next.startsWith(`${PORTAL}`) && !next.startsWith('//') ? next : PORTAL;
}
