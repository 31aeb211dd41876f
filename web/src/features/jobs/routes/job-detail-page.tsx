// The job detail, /jobs/{slug} and /jobs/{id} (candidate-side.md, section 2): every field of the
// posting and the actions apply, favourite, share, ask a question, view the organization.
// An unknown job goes to /jobs/job-nicht-gefunden; an inactive one (410 "JobPosting is
// inactive!") shows the error view the app passes in (the inactive-job page); other failures are
// thrown to the route's error page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { favoriteKeys, favorJob, myFavoritesQueryOptions, unfavorJob } from '@/shared/api/favorites';
import { useUser } from '@/shared/auth/use-user';
import { useFeature, useVariant } from '@/shared/lib/features';
import { usePageTitle } from '@/shared/lib/page-title';
import { track } from '@/shared/tracking/track';
import form from '@/shared/ui/form.module.css';
import { notify } from '@/shared/ui/notifications';
import { PageLoading } from '@/shared/ui/page-loading';
import { jobDetailQueryOptions, similarJobsQueryOptions, type JobDetail, type Named } from '../api/jobs';
import { JobCard, SpecialOfferBadge } from '../components/job-card';
import { JobText } from '../components/job-text';
import { QuestionDialog } from '../components/question-dialog';
import { ShareDialog } from '../components/share-dialog';
import { formatDate, formatMoney, formatSalary } from '../lib/format';
import { useIsSpecialOffer, useShowPublished } from '../lib/job-flags';
import { lastListing } from '@/shared/lib/last-listing';
import styles from './job-detail-page.module.css';

const names = (list?: (Named | string)[] | null) =>
  (list ?? []).map((item) => (typeof item === 'string' ? item : item.name)).filter(Boolean).join(', ');

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

type Props = { errorView: (status: number, message?: string) => ReactNode };

export function JobDetailPage({ errorView }: Props) {
  const { slug = '' } = useParams();
  const job = useQuery(jobDetailQueryOptions(slug));

  if (job.isPending) return <PageLoading />;
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
  const showPublished = useShowPublished();
  const specialOffer = useIsSpecialOffer(job.id);

  useEffect(() => {
    track('job_details_viewed', { jobPostingId: job.id, organizationId: job.organization?.id });
  }, [job.id, job.organization?.id]);

  const signIn = () => {
    const params = new URLSearchParams(search);
    params.set('login', '1');
    void navigate(`${pathname}?${params}`);
  };

  const queryClient = useQueryClient();
  const favorites = useQuery({ ...myFavoritesQueryOptions(), enabled: user !== null });
  const favored = (favorites.data?.['hydra:member'] ?? []).some((f) => f.jobPosting.id === job.id);
  const similar = useQuery(similarJobsQueryOptions(job.id));
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

  const salary = formatSalary(job.baseSalary, job.salaryUnit, job.salaryCurrency);
  const company = job.company;
  return (
    <article className={styles.page}>
      <p>
        <Link to={back}>« Zurück zur Liste</Link>
      </p>
      <header className={styles.header}>
        {job.logo && <img className={styles.logo} src={job.logo} alt={`Logo von ${job.organization?.name ?? 'Jobanbieter'}`} width={80} height={80} />}
        <div>
          <h1 className={styles.title}>{job.title}</h1>
          {specialOffer && <SpecialOfferBadge />}
          {job.organization?.name && <p className={styles.org}>{job.organization.name}</p>}
          {salary && <p className={styles.salary}>{salary}</p>}
        </div>
      </header>

      <div className={styles.actions}>
        <Link className={form.yellow} to={`/jobs-bewerbung/${job.slug || job.id}`} onClick={() => track('job_application_clicked', { jobPostingId: job.id })}>
          {quickApply ? 'Jetzt bewerben – in 1 Minute' : 'Jetzt bewerben'}
        </Link>
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
        {job.organization?.slug && (
          <Link className={form.secondary} to={`/jobanbieter/${job.organization.slug}`}>
            Jobanbieter ansehen
          </Link>
        )}
      </div>

      {job.teaser && <p className={styles.teaser}>{job.teaser}</p>}

      <div className={styles.columns}>
        <section className={styles.text}>
          <h2>Über den Job</h2>
          {job.description ? <JobText text={job.description} /> : <p>Der Jobanbieter hat keine Beschreibung hinterlegt.</p>}
          {job.requirement && (
            <>
              <h2>Das bringst du mit</h2>
              <JobText text={job.requirement} />
            </>
          )}
          {job.benefits && (
            <>
              <h2>Das bieten wir dir</h2>
              <JobText text={job.benefits} />
            </>
          )}
        </section>
        <aside className={styles.facts} aria-label="Eckdaten">
          <h2>Eckdaten</h2>
          <dl>
            <Row label="Job-ID">{job.jobId ?? String(job.id)}</Row>
            <Row label="Tätigkeiten">{names(job.activities)}</Row>
            <Row label="Anstellungsart">{names(job.employmentTypes)}</Row>
            <Row label="Branchen">{names(job.industries)}</Row>
            <Row label="Marken">{names(job.brands)}</Row>
            <Row label="Einsatzorte">
              {job.locations.length > 0 && (
                <ul>
                  {job.locations.map((l, i) => (
                    <li key={i}>{[l.street, [l.zipcode, l.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</li>
                  ))}
                </ul>
              )}
            </Row>
            <Row label="Zum Einsatzort">{job.locationDescription}</Row>
            <Row label="Zeitraum">{job.periodDescription}</Row>
            <Row label="Arbeitszeit">{job.workingTime}</Row>
            <Row label="Grundvergütung">{salary}</Row>
            <Row label="Zur Vergütung">{job.salaryDescription}</Row>
            <Row label="Übernachtungspauschale">{formatMoney(job.overnightStayAllowance)}</Row>
            <Row label="Reisekosten">{formatMoney(job.travelExpenses)}</Row>
            <Row label="Sonderzahlungen">{formatMoney(job.specialPayments)}</Row>
            <Row label="Schlagworte">{names(job.tags as (Named | string)[])}</Row>
            {showPublished && <Row label="Veröffentlicht">{formatDate(job.publishedAt)}</Row>}
            <Row label="Gültig bis">{formatDate(job.validThrough)}</Row>
          </dl>
          {job.contact && (job.contact.name || job.contact.email || job.contact.phone) && (
            <>
              <h2>Ansprechperson</h2>
              <p>
                {job.contact.name}
                {job.contact.email && <><br /><a href={`mailto:${job.contact.email}`}>{job.contact.email}</a></>}
                {job.contact.phone && <><br /><a href={`tel:${job.contact.phone.replace(/[^\d+]/g, '')}`}>{job.contact.phone}</a></>}
              </p>
            </>
          )}
          {company && company.name && (
            <>
              <h2>Unternehmen</h2>
              <p>
                {company.name}
                {company.legalForm && !company.name.endsWith(company.legalForm) && ` (${company.legalForm})`}
                {company.street && <><br />{company.street}</>}
                {(company.zipcode || company.city) && <><br />{[company.zipcode, company.city].filter(Boolean).join(' ')}</>}
                {company.website && <><br /><a href={company.website} target="_blank" rel="noopener noreferrer">{company.website.replace(/^https?:\/\//, '')}</a></>}
                {company.registerCourt && <><br />{company.registerCourt} {company.registerNumber}</>}
                {company.vatId && <><br />USt-IdNr.: {company.vatId}</>}
              </p>
            </>
          )}
        </aside>
      </div>

      {similar.data && similar.data['hydra:member'].length > 0 && (
        <section aria-label="Ähnliche Jobs" className={styles.similar}>
          <h2>Ähnliche Jobs</h2>
          <ul>
            {similar.data['hydra:member'].map((other) => (
              <li key={other.id}>
                <JobCard job={other} headingLevel={3} onOpen={() => track('job_details_clicked', { jobPostingId: other.id })} />
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
