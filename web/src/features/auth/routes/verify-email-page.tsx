// /email-bestaetigen/{token}: the link of the verification mail (also for a new address). The page
// confirms the token (GET …/validate_email_verification_token/{token}) once, shows the answer and
// refreshes who is signed in: a registration's link signs the candidate in (the answer sets the
// cookies and carries the access token, whose expiry the silent refresh notes). An application sent with the registration went to the provider with
// the confirmation: its saved notice (SavedApplyJob) is shown here and then forgotten. A provider's
// link (the welcome mail) lands in the portal: its sign-in page says in "Sie" that the address is
// confirmed and what the review's state means (issue 41 item 3).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { api, ApiError } from '@/shared/api/client';
import { authKeys } from '@/shared/auth/keys';
import { noteToken } from '@/shared/auth/token-refresh';
import { mailedLinkKeys } from '../api/keys';
import { germanQuote } from '@/shared/lib/german-quote';
import { usePageTitle } from '@/shared/lib/page-title';
import { clearSavedApplication, readSavedApplication, type SavedApplication } from '@/shared/lib/saved-application';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import styles from '@/shared/ui/mailed-link-page.module.css';
import { track } from '@/shared/tracking/track';

type ConfirmedEmail = { message?: string; email?: string; token?: string; role?: string; organizationState?: string };

/** A provider's link lands in the portal (issue 41 item 3): its sign-in page says that the address is
 * confirmed and what the review's state means for the organization ("Sie"). */
function providerLanding(answer: ConfirmedEmail): string {
  const state = answer.organizationState && /^[a-z]+$/.test(answer.organizationState) ? answer.organizationState : 'pending';
  return `/recruiting/portal/anmelden?bestaetigt=${state}`;
}

export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const [sent] = useState<SavedApplication | null>(() => {
    const saved = readSavedApplication();
    return saved?.registered ? saved : null;
  });
  const result = useQuery({
    queryKey: mailedLinkKeys.verifyEmail(token),
    queryFn: async () => {
      const answer = await api.get<ConfirmedEmail>(
        `/candidate_accounts/validate_email_verification_token/${encodeURIComponent(token)}`,
      );
      if (answer?.token) noteToken(answer.token);
      return answer;
    },
    retry: false,
    staleTime: Infinity,
  });
  const confirmed = result.isSuccess;
  usePageTitle(confirmed ? 'E-Mail-Adresse bestätigt' : 'E-Mail-Adresse bestätigen');
  useEffect(() => {
    if (!confirmed) return;
    track('email_verified');
    if (sent) clearSavedApplication();
    void queryClient.invalidateQueries({ queryKey: authKeys.me() });
  }, [confirmed, sent, queryClient]);

  if (result.isPending) return <PageLoading />;
  if (confirmed && result.data.role === 'organization_member') return <Navigate to={providerLanding(result.data)} replace />;
  const status = result.error instanceof ApiError ? result.error.status : 0;
  return (
    <div className={styles.page}>
      <h1>{confirmed ? 'E-Mail-Adresse bestätigt' : 'E-Mail-Adresse bestätigen'}</h1>
      {confirmed && result.data.role !== 'organization_member' && (
        <>
          <p role="status">Danke! Deine E-Mail-Adresse {result.data.email} ist jetzt bestätigt.</p>
          {sent && (
            <p>
              Deine Bewerbung auf {germanQuote(sent.title)} ist jetzt beim Jobanbieter. Den Stand siehst du unter <Link to="/meine-bewerbungen">Meine Bewerbungen</Link>.
            </p>
          )}
          <p>
            <Link className={form.yellow} to="/jobs">
              Jobs finden
            </Link>
          </p>
        </>
      )}
      {status === 409 && <p role="status">Deine E-Mail-Adresse ist bereits bestätigt.</p>}
      {result.isError && status !== 409 && (
        <>
          <p role="alert">Dieser Bestätigungslink ist ungültig oder abgelaufen.</p>
          <p>
            Melde dich an und fordere unter <Link to="/meine-einstellungen">Einstellungen</Link> eine neue Bestätigungs-E-Mail an.
          </p>
        </>
      )}
    </div>
  );
}
