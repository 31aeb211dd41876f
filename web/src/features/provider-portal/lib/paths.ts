// The portal's addresses, in one place (everything under /recruiting, the organization layout).
import type { JobPostingState } from '../api/job-postings';

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
  profile: () => `${PORTAL}/unternehmensprofil`,
  team: () => `${PORTAL}/team`,
  forgotPassword: () => `${PORTAL}/passwort-vergessen`,
};

/** Only a path inside the portal is followed after sign-in (no open redirect). */
export function safeNext(next: string | null): string {
  return next && next.startsWith(`${PORTAL}`) && !next.startsWith('//') ? next : PORTAL;
}
