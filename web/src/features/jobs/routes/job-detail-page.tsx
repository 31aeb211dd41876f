// The job detail, /jobs/{slug} and /jobs/{id} (candidate-side.md, section 2): every field of the
// posting and the actions apply, favourite, share, ask a question, view the organization.
// An unknown job goes to /jobs/job-nicht-gefunden; an inactive one (410 "JobPosting is
// inactive!") shows the error view the app passes in (the inactive-job page); other failures are
// thrown to the route's error page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { applicationKeys, myApplicationForJob } from '@/shared/api/applications';
import { favoriteKeys, favorJob, myFavoritesQueryOptions, unfavorJob } from '@/shared/api/favorites';
import { useUser } from '@/shared/auth/use-user';
import { useFeature, useVariant } from '@/shared/lib/features';
import { usePageTitle } from '@/shared/lib/page-title';
import { flowSource, withSource } from '@/shared/tracking/application-source';
import { track } from '@/shared/tracking/track';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { PageLoading } from '@/shared/ui/page-loading';
import { ServerPaintOr } from '@/shared/ui/server-paint';
import { jobDetailQueryOptions, similarJobsQueryOptions, type JobDetail } from '../api/jobs';
import { countJobView } from '../api/job-views';
import { JobCard } from '../components/job-card';
import { useJobCardFlags } from '../lib/job-flags';
import { JobDetailBody } from '../components/job-detail-body';
import { QuestionDialog } from '../components/question-dialog';
import { JobWaitlist } from '../components/job-waitlist';
import { JobNextShifts } from '../components/job-next-shifts';
import { ShareDialog } from '../components/share-dialog';
import { lastListing } from '@/shared/lib/last-listing';
import styles from './job-detail-page.module.css';

const trackSimilarOpen = (other: { id: number }) => track('job_details_clicked', { jobPostingId: other.id });

/** This page with the contact dialog open on an offer request to the organization. */
export function offerRequestLink(pathname: string, search: string, organizationId: number): string {
  const params = new URLSearchParams(search);
  params.set('generalContact', '1');
  params.set('topic', 'offer_request');
  params.set('organization', String(organizationId));
  return `${pathname}?${params}`;
}

/** "29.11.2026": the day of an application, in Berlin. */
function appliedOn(iso: string): string {
  return new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
}

type Props = { errorView: (status: number, message?: string) => ReactNode };

export function JobDetailPage({ errorView }: Props) {
  const { slug = '' } = useParams();
  const job = useQuery(jobDetailQueryOptions(slug));

  if (job.isPending)
    return (
      <ServerPaintOr>
        <PageLoading />
      </ServerPaintOr>
    );
  if (job.isError) {
    if (job.error instanceof ApiError && job.error.status === 404) return <Navigate to="/jobs/job-nicht-gefunden" replace />;
    if (job.error instanceof ApiError && job.error.status === 410)
      return errorView(410, (job.error.body as { message?: string } | undefined)?.message);
    throw job.error;
  }
  return <JobDetailView job={job.data} />;
}

function JobDetailView({ job }: { job: JobDetail }) {
  usePageTitle(job.title);
  const { user } = useUser();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [dialog, setDialog] = useState<'share' | 'question' | null>(null);
  const back = lastListing('jobs', '/jobs');

  useEffect(() => {
    track('job_details_viewed', { jobPostingId: job.id, organizationId: job.organization?.id });
  }, [job.id, job.organization?.id]);
  // Counted by the server whatever the visitor chose in the cookie banner: once per page view,
  // here where every view of the page passes (served drawn by the server or navigated to).
  useEffect(() => {
    countJobView(job.id);
  }, [job.id]);

  const signIn = () => {
    const params = new URLSearchParams(search);
    params.set('login', '1');
    void navigate(`${pathname}?${params}`);
  };

  const queryClient = useQueryClient();
  const favorites = useQuery({ ...myFavoritesQueryOptions(), enabled: user !== null });
  const favored = (favorites.data?.['hydra:member'] ?? []).some((f) => f.jobPosting.id === job.id);
  // Signed in, the jobs she applied to are not "Ähnliche Jobs" (issue 41, item 14).
  const similar = useQuery(similarJobsQueryOptions(job.id, 3, user != null));
  // A candidate who applied reads when, instead of being asked to apply again.
  const applied = useQuery({
    queryKey: applicationKeys.forJob(job.id),
    queryFn: ({ signal }) => myApplicationForJob(job.id, signal),
    enabled: user !== null,
  });
  const appliedAt = user ? applied.data?.createdAt : undefined;
  const similarFlags = useJobCardFlags();
  const questions = useFeature('organization_question_dialog_in_listing');
  // Experiment: the "chatgpt" variant promises a quick application on the button.
  const quickApply = useVariant('job_application_landingpage_redirect') === 'chatgpt';

  async function favourite() {
    if (!user) return signIn();
    try {
      if (favored) {
        await unfavorJob(job.id);
        track('job_unfavored', { jobPostingId: job.id });
        notify({ message: 'Der Job ist nicht mehr in deinen Favoriten.', color: 'success', timeout: 5000 });
      } else {
        await favorJob(job.id);
        track('job_favored', { jobPostingId: job.id });
        notify({ message: 'Der Job ist jetzt in deinen Favoriten.', color: 'success', timeout: 5000 });
      }
      await queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
    } catch {
      notify({ message: 'Der Job konnte gerade nicht gemerkt werden. Bitte versuche es später noch einmal.', color: 'error', timeout: 5000 });
    }
  }

  async function share() {
    const url = window.location.origin + `/jobs/${job.slug || job.id}`;
    track('job_shared', { jobPostingId: job.id });
    if (navigator.share) {
      try {
        await navigator.share({ title: job.title, url });
        return;
      } catch {
        // cancelled or refused: offer the dialog instead
      }
    }
    setDialog('share');
  }

  return (
    <article className={styles.page}>
      <p>
        <Link to={back}>« Zurück zur Liste</Link>
      </p>
      <JobDetailBody
        job={job}
        actions={
          <div className={styles.actions}>
            {appliedAt ? (
              <p className={styles.applied} role="status">
                Du hast dich am {appliedOn(appliedAt)} beworben. <Link to="/meine-bewerbungen">Zu deinen Bewerbungen</Link>
              </p>
            ) : (
              <Link
                className={form.yellow}
                // Where the visitor came from goes along in the URL (no cookie: application-source.ts).
                to={withSource(`/jobs-bewerbung/${job.slug || job.id}`, flowSource(search))}
                onClick={() => track('job_application_clicked', { jobPostingId: job.id })}>
                {quickApply ? 'Jetzt bewerben – in 1 Minute' : 'Jetzt bewerben'}
              </Link>
            )}
            <button type="button" className={form.secondary} onClick={favourite} aria-pressed={favored}>
              {favored ? 'Gemerkt' : 'Merken'}
            </button>
            <button type="button" className={form.secondary} onClick={share}>
              Teilen
            </button>
            {job.organization && questions && (
              <button type="button" className={form.secondary} onClick={() => setDialog('question')}>
                Frage stellen
              </button>
            )}
            {job.organization && (
              // The offer request goes to the job's organization: the layout's contact dialog (spec section 2).
              <Link className={form.secondary} to={offerRequestLink(pathname, search, job.organization.id)}>
                Angebot anfragen
              </Link>
            )}
            {job.organization?.slug && (
              <Link className={form.secondary} to={`/jobanbieter/${job.organization.slug}`}>
                Jobanbieter ansehen
              </Link>
            )}
          </div>
        }
      />

      <JobNextShifts jobId={job.id} applied={Boolean(appliedAt)} />
      {appliedAt ? <JobWaitlist jobId={job.id} /> : null}

      {similar.data && similar.data['hydra:member'].length > 0 && (
        <section aria-label="Ähnliche Jobs" className={styles.similar}>
          <h2>Ähnliche Jobs</h2>
          <ul>
            {similar.data['hydra:member'].map((other) => (
              <li key={other.id}>
                <JobCard job={other} flags={similarFlags} headingLevel={3} onOpen={trackSimilarOpen} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <ShareDialog open={dialog === 'share'} onClose={() => setDialog(null)} title={job.title} url={window.location.origin + `/jobs/${job.slug || job.id}`} />
      {job.organization && (
        <QuestionDialog open={dialog === 'question'} onClose={() => setDialog(null)} organizationId={job.organization.id} jobId={job.id} loggedIn={Boolean(user)} />
      )}
    </article>
  );
}
