// The portal's addresses, in one place (everything under /recruiting, the organization layout).
import type { JobPostingState } from '../api/filters';

export const PORTAL = '/recruiting/portal';

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
  job: (id: number) => `${PORTAL}/stellenanzeigen/${id}`,
  jobShifts: (id: number) => `${PORTAL}/stellenanzeigen/${id}/einsaetze`,
  profile: () => `${PORTAL}/unternehmensprofil`,
  applicants: ({ job, status, page = 1 }: { job?: number; status?: string; page?: number } = {}) => {
    const query = new URLSearchParams();
    if (job) query.set('stelle', String(job));
    if (status) query.set('status', status);
    if (page > 1) query.set('seite', String(page));
    const text = query.toString();
    return `${PORTAL}/bewerbungen${text ? `?${text}` : ''}`;
  },
  applicant: (id: number) => `${PORTAL}/bewerbungen/${id}`,
  candidates: () => `${PORTAL}/bewerberdatenbank`,
  candidate: (id: number) => `${PORTAL}/bewerberdatenbank/${id}`,
  team: () => `${PORTAL}/team`,
  forgotPassword: () => `${PORTAL}/passwort-vergessen`,
  /** The content page of the ad packages (spec: organization pages, stellenanzeigen-pakete). */
  packages: () => '/recruiting/stellenanzeigen-pakete',
};

/** Only a path inside the portal is followed after sign-in (no open redirect). */
export function safeNext(next: string | null): string {
  return next && next.startsWith(`${PORTAL}`) && !next.startsWith('//') ? next : PORTAL;
}
